import { EXTERNAL_API_PREFIX } from '@conversa/shared';

/** The parts of an OpenAPI document read here. */
export interface OpenApiDoc {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
}
interface Operation {
  description?: string;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  $ref?: string;
  example?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  type?: string | string[];
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minimum?: number;
  description?: string;
}

/**
 * The external API's own OpenAPI document: the operations of the server's document under
 * `/v1/api/external/{apiId}`, with the token scheme they use. Made from the one document the routes'
 * schemas produce, so it cannot drift from the code.
 */
export function externalOpenApi(full: OpenApiDoc): OpenApiDoc {
  const paths = Object.fromEntries(Object.entries(full.paths).filter(([path]) => path.startsWith(`${EXTERNAL_API_PREFIX}/`)));
  return {
    openapi: full.openapi,
    info: {
      title: 'Conversa external API',
      version: typeof full.info.version === 'string' ? full.info.version : '1',
      description:
        "Send messages and manage contacts and tickets from other systems (n8n, CRMs, shops). The base URL is the server's address followed by `/v1/api/external/{apiId}`; every call carries the API configuration's token as `Authorization: Bearer <token>`. Compatible with the clients of the Whazing/Izing external API.",
    },
    paths,
    components: {
      ...(full.components?.schemas ? { schemas: full.components.schemas } : {}),
      securitySchemes: { apiToken: { type: 'http', scheme: 'bearer', description: "The API configuration's token (API screen)." } },
    },
  };
}

/**
 * A Postman collection (v2.1) made from the external OpenAPI document: one request per operation,
 * `{{base_url}}` (server address + `/v1/api/external/{apiId}`) and `{{token}}` as variables, and a
 * JSON example body generated from each operation's schema.
 */
export function postmanCollection(doc: OpenApiDoc): Record<string, unknown> {
  const items: Array<Record<string, unknown>> = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const suffix = path.slice(`${EXTERNAL_API_PREFIX}/{apiId}`.length);
      const segments = suffix.split('/').filter(Boolean);
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const request: Record<string, unknown> = {
        method: method.toUpperCase(),
        description: op.description ?? '',
        auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] },
        header: [{ key: 'Content-Type', value: 'application/json' }],
        url: { raw: `{{base_url}}${suffix}`, host: ['{{base_url}}'], path: segments },
      };
      if (schema)
        request.body = { mode: 'raw', raw: JSON.stringify(example(doc, schema), null, 2), options: { raw: { language: 'json' } } };
      else if (method === 'post' && segments.length === 0)
        request.body = {
          mode: 'raw',
          raw: JSON.stringify({ body: 'Hello from the API', number: '5511999998888', externalKey: 'my-id-1' }, null, 2),
          options: { raw: { language: 'json' } },
        };
      items.push({ name: `${method.toUpperCase()} ${suffix || '/'}`, request });
    }
  }
  return {
    info: {
      name: 'Conversa external API',
      description: typeof doc.info.description === 'string' ? doc.info.description : '',
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    variable: [
      { key: 'base_url', value: 'https://your-server/v1/api/external/your-api-id' },
      { key: 'token', value: '' },
    ],
    item: items,
  };
}

/** An example value of a JSON schema: the first choice of unions, required properties only. */
function example(doc: OpenApiDoc, schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.$ref) return example(doc, resolve(doc, schema.$ref), depth + 1);
  if (schema.example !== undefined) return schema.example;
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf]) if (list?.length) return example(doc, list[0], depth + 1);
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const required = schema.required ?? [];
      return Object.fromEntries(required.map((name) => [name, example(doc, schema.properties?.[name], depth + 1)]));
    }
    case 'array':
      return [example(doc, schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      return /number/i.test(String(schema.description ?? '')) ? '5511999998888' : 'text';
    default:
      return null;
  }
}

function resolve(doc: OpenApiDoc, ref: string): JsonSchema | undefined {
  let node: unknown = doc;
  for (const key of ref.replace(/^#\//, '').split('/'))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node as JsonSchema | undefined;
}
