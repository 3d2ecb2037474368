/**
 * Helpers for test suites that walk the server's own OpenAPI document (GET /docs/json), so that
 * every route added later is covered without editing the suites: listing operations, filling
 * path parameters, generating a valid example from a JSON schema, checking a value against the
 * (OpenAPI 3.0 flavoured) JSON schema that fastify-type-provider-zod emits, finding real objects
 * for path parameters (ObjectCatalog), and checking error answers for the `{ error, message,
 * fields?, details? }` shape and for leaked internals.
 */
import type { Api, ApiResponse, RequestOptions } from './api.js';

export type RouteAuth = 'public' | 'user' | 'super' | 'admin' | 'platform' | 'apiToken';
export type JsonSchema = Record<string, any>;

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface ParamSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/users/{id}/configs`. */
  path: string;
  auth: RouteAuth | undefined;
  pathParams: ParamSpec[];
  queryParams: ParamSpec[];
  /** The JSON request body schema, when the operation declares one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** `GET /users/{id}`, for test names and messages. */
  label: string;
  /** Provider webhooks (tag 'webhooks'): authenticated by the provider's signature or secret, which the walk cannot make. */
  webhook: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

export async function fetchOpenApi(api: Api): Promise<OpenApiDocument> {
  const response = await api.get<OpenApiDocument>('/docs/json');
  if (response.status !== 200 || !response.body?.paths) throw new Error(`GET /docs/json answered ${response.status}`);
  return response.body;
}

/** Every operation of the document, with `$ref`s resolved. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared: any[] = item.parameters ?? [];
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params: ParamSpec[] = [...shared, ...(op.parameters ?? [])].map((p) => {
        const param = resolveRef(doc, p);
        return { name: param.name, in: param.in, required: Boolean(param.required), schema: resolveRef(doc, param.schema ?? {}) };
      });
      // Path parameters appear in the path even when a generator forgot to list them.
      for (const match of path.matchAll(/\{([^}]+)\}/g)) {
        if (!params.some((p) => p.in === 'path' && p.name === match[1]))
          params.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
      }
      const requestBody = op.requestBody ? resolveRef(doc, op.requestBody) : undefined;
      const content = requestBody?.content ?? {};
      // Only JSON bodies are generated; other media (multipart uploads) are left to the raw cases.
      const jsonType = Object.keys(content).find((type) => /json/i.test(type));
      const jsonBody = jsonType ? content[jsonType]?.schema : undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        auth: op['x-auth'],
        webhook: Array.isArray(op.tags) && op.tags.includes('webhooks'),
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: jsonBody ? inlineRefs(doc, jsonBody) : undefined,
        bodyRequired: Boolean(requestBody?.required),
        label: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return operations;
}

function resolveRef(doc: OpenApiDocument, node: any): any {
  let current = node;
  for (let i = 0; i < 20 && current && typeof current.$ref === 'string'; i++) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    current = parts.reduce((acc: any, key: string) => acc?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
  }
  return current ?? {};
}

/** Replaces `$ref`s (to a fixed depth, for recursive schemas) so the walkers below see plain schemas. */
function inlineRefs(doc: OpenApiDocument, schema: any, depth = 0): any {
  if (Array.isArray(schema)) return schema.map((s) => inlineRefs(doc, s, depth));
  if (!schema || typeof schema !== 'object') return schema;
  if (schema.$ref) return depth > 6 ? {} : inlineRefs(doc, resolveRef(doc, schema), depth + 1);
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inlineRefs(doc, v, depth)]));
}

/** Which callers a route's x-auth admits, from least to most privileged. */
export const AUTH_LEVELS: RouteAuth[] = ['public', 'user', 'super', 'admin', 'platform'];

/** `/users/{id}/configs` → `/users/`: the static segment that precedes a path parameter. */
export function prefixBefore(path: string, paramName: string): string {
  const index = path.indexOf(`{${paramName}}`);
  const before = path.slice(0, index);
  const segments = before.split('/').filter(Boolean);
  return segments.length ? `/${segments[segments.length - 1]}/` : '/';
}

/**
 * Names of references whose entity is spelled differently from its collection: a message is a
 * `Msg` (`quotedMsgId`), a channel lives under `/whatsapp`, wallets and the selected user are users.
 */
const REFERENCE_ALIASES: Record<string, string> = {
  msg: 'message',
  channel: 'whatsapp',
  wallet: 'user',
  wallets: 'user',
  selectedUser: 'user',
  owner: 'user',
};

/** `fromWhatsapp` → [fromWhatsapp, whatsapp]; `queues` → [queues, queue]: the entity a reference name may stand for, most specific first. */
function entityCandidates(entity: string): string[] {
  const words = entity.split(/(?=[A-Z])/);
  const last = words[words.length - 1].toLowerCase();
  const out: string[] = [];
  for (const base of [entity, last]) {
    const aliased = REFERENCE_ALIASES[base] ?? base;
    out.push(aliased);
    if (/[^s]s$/.test(aliased)) out.push(aliased.slice(0, -1));
  }
  return [...new Set(out)];
}

/**
 * The collection a reference named like `ticketId` / `queueIds` / `fromWhatsappId` / `wallets` points to:
 * `/tickets/`, `/queue/` or `/whatsapp/`, whichever the document has (peer-product paths are not
 * consistently plural). Undefined for names that are not references.
 */
export function referencePrefix(name: string, operations: Operation[]): string | undefined {
  const match = /^([a-z][A-Za-z0-9]*?)Ids?$/.exec(name);
  const entity = match?.[1] ?? (name in REFERENCE_ALIASES ? name : undefined);
  if (!entity) return undefined;
  const exists = (prefix: string) => operations.some((op) => `${op.path}/`.startsWith(prefix));
  for (const candidate of entityCandidates(entity)) {
    const found = [`/${candidate}s/`, `/${candidate}/`, `/${candidate}es/`].find(exists);
    if (found) return found;
  }
  return `/${entity}s/`;
}

/** A reference to another object inside a request body: where it is, what it names, whether it is a list of ids. */
export interface BodyReference {
  /** Property path from the body's root (array items at index 0). */
  path: Array<string | number>;
  /** The collection it points to (`/users/`). */
  prefix: string;
  /** The schema of the value at `path` (the whole list when `list`). */
  schema: JsonSchema;
  list: boolean;
}

/**
 * Every id-like field of a body schema: `xxxId` / `xxxIds` and the aliases above at any depth, and
 * `id` inside an object named after its kind (`contact: { id }`, `messages: [{ id }]`).
 */
export function bodyReferences(schema: JsonSchema, operations: Operation[]): BodyReference[] {
  const found: BodyReference[] = [];
  const visit = (node: JsonSchema, path: Array<string | number>, owner: string | undefined, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 6) return;
    const variant = (node.anyOf ?? node.oneOf)?.find((v: JsonSchema) => !schemaTypes(v).every((t) => t === 'null'));
    if (variant) return visit(variant, path, owner, depth);
    if (schemaTypes(node).includes('array') && node.items) return visit(node.items, [...path, 0], owner, depth + 1);
    for (const [key, child] of Object.entries<JsonSchema>(node.properties ?? {})) {
      const childPath = [...path, key];
      // `id` inside an object counts only when its owner names a collection of the document (not `buttons: [{ id }]`).
      const ownerPrefix = key === 'id' && owner ? referencePrefix(`${owner}Id`, operations) : undefined;
      const known = ownerPrefix !== undefined && operations.some((op) => `${op.path}/`.startsWith(ownerPrefix));
      const prefix = key === 'id' ? (known ? ownerPrefix : undefined) : referencePrefix(key, operations);
      const types = schemaTypes((child.anyOf ?? child.oneOf)?.find((v: JsonSchema) => !schemaTypes(v).every((t) => t === 'null')) ?? child);
      if (prefix && (key === 'id' || /Ids?$/.test(key) || key in REFERENCE_ALIASES)) {
        found.push({ path: childPath, prefix, schema: child, list: types.includes('array') });
        continue;
      }
      visit(child, childPath, key, depth + 1);
    }
  };
  visit(schema, [], undefined, 0);
  return found;
}

/** A copy of `body` with `value` at `path`. */
export function withValueAt(body: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(body) ? [...body] : { ...(body as object) };
  copy[head] = withValueAt(copy[head], rest, value);
  return copy;
}

/** The collection a path parameter addresses: a named reference (`ticketId` → `/tickets/`) or the static segment before it. */
export function addressedPrefix(op: Operation, paramName: string, operations: Operation[]): string {
  return referencePrefix(paramName, operations) ?? prefixBefore(op.path, paramName);
}

/** The concrete URL of an operation for the given path and query values. */
export function buildUrl(op: Operation, pathValues: Record<string, unknown>, query?: Record<string, unknown> | string): string {
  let url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (!(name in pathValues)) throw new Error(`${op.label}: no value for path parameter ${name}`);
    return encodeURIComponent(String(pathValues[name]));
  });
  if (typeof query === 'string') {
    if (query) url += `?${query}`;
  } else if (query && Object.keys(query).length) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) search.append(key, String(v));
    }
    url += `?${search.toString()}`;
  }
  return url;
}

// ---------------------------------------------------------------------------------------------
// Schemas: types, examples, validation

/** The JSON types a schema admits (`null` included when nullable); empty when it admits anything. */
export function schemaTypes(schema: JsonSchema): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const all = variants.map((s: JsonSchema) => schemaTypes(s));
    if (all.some((t: string[]) => t.length === 0)) return [];
    return [...new Set<string>(all.flat())];
  }
  const types: string[] = [];
  if (Array.isArray(schema.type)) types.push(...schema.type);
  else if (schema.type) types.push(schema.type);
  else if (schema.enum) types.push(...schema.enum.map(jsonType));
  else if ('const' in schema) types.push(jsonType(schema.const));
  else if (schema.properties) types.push('object');
  if (schema.nullable && types.length) types.push('null');
  return [...new Set(types)];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** Common shapes tried against a `pattern` the generator cannot invert. */
const PATTERN_CANDIDATES = [
  '+5511987654321',
  'abc',
  'abc-123',
  'abc_123',
  'Abc123',
  '12345678',
  '#a1b2c3',
  '#abc',
  '01/01/2000',
  '2000-01-01',
  '12:00',
  '00000000-0000-4000-8000-000000000000',
  'a',
  '1',
];

/** Valid CPF with punctuation (SPEC §5 keeps it). */
const VALID_CPF = '529.982.247-25';
let exampleSequence = 0;

export interface ExampleHints {
  /** A value for a named property (or path/query parameter), when the name decides more than the schema. */
  byName?: (name: string, schema: JsonSchema) => unknown;
}

/**
 * A value that satisfies the schema, with some field-name heuristics for what JSON schema cannot
 * express (e-mails, strong passwords, CPF/CNPJ, phone numbers). Optional properties are included
 * so that every field can be fuzzed.
 */
export function exampleFor(schema: JsonSchema, name = '', hints: ExampleHints = {}, depth = 0): unknown {
  if (!schema || typeof schema !== 'object') return null;
  const hinted = name ? hints.byName?.(name, schema) : undefined;
  if (hinted !== undefined) return hinted;
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v: unknown) => v !== null) ?? schema.enum[0];
  if ('default' in schema && schema.default !== undefined && depth > 0 && validate(schema, schema.default).length === 0)
    return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const nonNull = variants.find((s: JsonSchema) => !schemaTypes(s).every((t) => t === 'null')) ?? variants[0];
    return exampleFor(nonNull, name, hints, depth);
  }
  if (schema.allOf?.length) return exampleFor(Object.assign({}, ...schema.allOf), name, hints, depth);
  const type = schemaTypes(schema).find((t) => t !== 'null') ?? (schemaTypes(schema).length ? 'null' : 'string');
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return true;
    case 'integer':
    case 'number': {
      const min = lowerBound(schema);
      const max = upperBound(schema);
      let value = Math.max(1, Math.ceil(min ?? 1));
      if (max !== undefined && value > max) value = type === 'integer' ? Math.floor(max) : max;
      return value;
    }
    case 'string':
      return exampleString(schema, name);
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => exampleFor(schema.items ?? {}, name, hints, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 8) return out;
      for (const [key, child] of Object.entries<JsonSchema>(schema.properties ?? {})) out[key] = exampleFor(child, key, hints, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

function exampleString(schema: JsonSchema, name: string): string {
  const n = name.toLowerCase();
  // Fixed width, so that no generated text is the beginning of another (data checks look for substrings).
  const unique = `${process.pid}${String(++exampleSequence).padStart(6, '0')}`;
  const fit = (value: string) => {
    let v = value;
    if (schema.maxLength !== undefined && v.length > schema.maxLength) v = v.slice(0, schema.maxLength);
    while (schema.minLength !== undefined && v.length < schema.minLength) v += 'x';
    return v;
  };
  if (schema.format === 'email' || n.includes('email')) return fit(`walk-${unique}@example.test`);
  if (n.includes('password')) return fit(`Walk-pass-${unique}!`);
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
  if (schema.format === 'uri' || schema.format === 'url' || n.endsWith('url')) return 'https://example.test/';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (['identity', 'cpf', 'cnpj', 'document', 'cpfcnpj'].some((k) => n === k || n.endsWith(k))) return VALID_CPF;
  if (n.includes('phone') || n.includes('number') || n.includes('mobile')) return fit('+5511987654321');
  if (n.includes('token')) return fit(`walk-token-${unique}-${'t'.repeat(16)}`);
  if (schema.pattern) {
    // No general pattern generator: try a few common shapes.
    for (const candidate of PATTERN_CANDIDATES) if (patternMatches(schema.pattern, candidate)) return candidate;
  }
  return fit(`Walk ${name || 'value'} ${unique}`);
}

function lowerBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + (schema.type === 'integer' ? 1 : 0.5);
  if (schema.exclusiveMinimum === true && schema.minimum !== undefined) return schema.minimum + (schema.type === 'integer' ? 1 : 0.5);
  return schema.minimum;
}

function upperBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - (schema.type === 'integer' ? 1 : 0.5);
  if (schema.exclusiveMaximum === true && schema.maximum !== undefined) return schema.maximum - (schema.type === 'integer' ? 1 : 0.5);
  return schema.maximum;
}

/**
 * Problems of `value` against the schema (empty when valid), for the subset of JSON schema that
 * zod emits. Refinements zod cannot express (e-mail, password strength…) are not known here, so
 * "valid" means "may be accepted", "invalid" means "must be refused".
 */
export function validate(schema: JsonSchema, value: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object' || Object.keys(schema).length === 0) return [];
  const at = path || '(root)';
  if (schema.anyOf || schema.oneOf) {
    if (value === null && schema.nullable) return [];
    const variants: JsonSchema[] = schema.anyOf ?? schema.oneOf;
    const ok = variants.some((v) => validate(v, value, path).length === 0);
    return ok ? [] : [`${at}: matches no variant`];
  }
  if (schema.allOf) {
    const problems = schema.allOf.flatMap((s: JsonSchema) => validate(s, value, path));
    if (problems.length) return problems;
  }
  if (schema.not && validate(schema.not, value, path).length === 0) return [`${at}: matches a forbidden schema`];
  if ('const' in schema && !deepEqual(schema.const, value)) return [`${at}: not the constant`];
  if (schema.enum && !schema.enum.some((e: unknown) => deepEqual(e, value)) && !(value === null && schema.nullable))
    return [`${at}: not in enum`];
  const types = schemaTypes(schema);
  if (value === null) return types.length === 0 || types.includes('null') ? [] : [`${at}: null not allowed`];
  if (types.length && !types.some((t) => typeMatches(t, value))) return [`${at}: expected ${types.join('|')}`];
  const problems: string[] = [];
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at}: too short`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at}: too long`);
    if (schema.pattern && !patternMatches(schema.pattern, value)) problems.push(`${at}: does not match pattern`);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) problems.push(`${at}: not finite`);
    if (schema.minimum !== undefined && (schema.exclusiveMinimum === true ? value <= schema.minimum : value < schema.minimum))
      problems.push(`${at}: below minimum`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) problems.push(`${at}: below minimum`);
    if (schema.maximum !== undefined && (schema.exclusiveMaximum === true ? value >= schema.maximum : value > schema.maximum))
      problems.push(`${at}: above maximum`);
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) problems.push(`${at}: above maximum`);
    if (schema.multipleOf && !Number.isInteger(value / schema.multipleOf)) problems.push(`${at}: not a multiple`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${at}: too few items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${at}: too many items`);
    if (schema.items && !Array.isArray(schema.items))
      value.forEach((item, i) => problems.push(...validate(schema.items, item, `${path}[${i}]`)));
  } else if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const properties: Record<string, JsonSchema> = schema.properties ?? {};
    for (const key of schema.required ?? [])
      if (!(key in obj) || obj[key] === undefined) problems.push(`${path ? `${path}.` : ''}${key}: required`);
    for (const [key, child] of Object.entries(obj)) {
      if (child === undefined) continue;
      const childPath = path ? `${path}.${key}` : key;
      if (key in properties) problems.push(...validate(properties[key], child, childPath));
      else if (schema.additionalProperties === false) problems.push(`${childPath}: not allowed`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        problems.push(...validate(schema.additionalProperties, child, childPath));
    }
    if (schema.minProperties !== undefined && Object.keys(obj).length < schema.minProperties) problems.push(`${at}: too few properties`);
  }
  return problems;
}

/** As zod tests a regex (no flags); a pattern JavaScript cannot compile is treated as matching (undecided). */
function patternMatches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return true;
  }
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

/**
 * A path or query parameter arrives as text. Numbers and integers are read as zod's
 * `z.coerce.number()` does; any other type is left undecided (undefined) because its coercion
 * is not visible in the document.
 */
export function validateParam(schema: JsonSchema, raw: string | string[]): string[] | undefined {
  const types = schemaTypes(schema).filter((t) => t !== 'null');
  if (Array.isArray(raw)) return types.includes('array') ? undefined : ['repeated parameter'];
  if (types.length === 1 && (types[0] === 'integer' || types[0] === 'number')) return validate(schema, Number(raw));
  if (types.length === 1 && types[0] === 'string') return validate(schema, raw);
  return undefined;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Values of other JSON types than the schema admits (string ↔ number ↔ boolean ↔ object ↔ array ↔ null). */
export function wrongTypeValues(schema: JsonSchema): unknown[] {
  const candidates: unknown[] = ['walk-text', 12345, true, { nested: 'x' }, ['x'], null];
  return candidates.filter((v) => validate(schema, v).length > 0);
}

// ---------------------------------------------------------------------------------------------
// Answers

const ERROR_CODE = /^ERR_[A-Z0-9_]+$/;

/** Problems with an error answer's shape: `{ error: 'ERR_…', message: string, fields?, issues?, details? }` and JSON. */
export function errorShapeProblems(response: ApiResponse): string[] {
  const problems: string[] = [];
  const body = response.body;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) problems.push(`content-type is ${type || 'missing'}`);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [...problems, `body is not a JSON object: ${short(body)}`];
  if (typeof body.error !== 'string' || !ERROR_CODE.test(body.error)) problems.push(`error is not an ERR_ code: ${short(body.error)}`);
  if (typeof body.message !== 'string' || !body.message) problems.push('message is not a non-empty string');
  const extra = Object.keys(body).filter((k) => !['error', 'message', 'fields', 'issues', 'details'].includes(k));
  if (extra.length) problems.push(`unexpected keys: ${extra.join(', ')}`);
  if (body.fields !== undefined) {
    const ok =
      typeof body.fields === 'object' &&
      body.fields !== null &&
      Object.values(body.fields).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'));
    if (!ok) problems.push('fields is not a record of string lists');
  }
  if (body.fields !== undefined || body.issues !== undefined) {
    // Every field's messages come with as many codes, for clients that translate them.
    const fields = (body.fields ?? {}) as Record<string, unknown[]>;
    const issues = (body.issues ?? {}) as Record<string, unknown>;
    const ok =
      typeof issues === 'object' &&
      issues !== null &&
      Object.keys(issues).sort().join() === Object.keys(fields).sort().join() &&
      Object.entries(issues).every(
        ([path, list]) =>
          Array.isArray(list) &&
          list.length === fields[path]?.length &&
          list.every((issue) => typeof issue === 'object' && issue !== null && typeof (issue as { code?: unknown }).code === 'string'),
      );
    if (!ok) problems.push(`issues do not match fields one code per message: ${short(body.issues)}`);
  }
  if (body.details !== undefined && (typeof body.details !== 'object' || body.details === null || Array.isArray(body.details))) {
    problems.push('details is not an object');
  }
  return problems;
}

const LEAK_PATTERNS: Array<[RegExp, string]> = [
  [/(^|\n|\s)at\s+[\w$.<>[\] ]*\(?(file:|node:|\/|[A-Za-z]:\\)/, 'stack frame'],
  [/\bat\s+\S+\s+\(/, 'stack frame'],
  [/\.(ts|js|mjs|cjs):\d+/, 'source location'],
  [/node_modules/, 'node_modules path'],
  [/file:\/\//, 'file URL'],
  [/\b(select|insert\s+into|update|delete\s+from)\b[\s\S]*\b(from|values|set|where)\b/i, 'SQL text'],
  [
    /\b(violates|duplicate key|relation "|syntax error at|out of range for type|invalid input syntax|drizzle|pglite|postgres|sqlstate)\b/i,
    'database detail',
  ],
  [/\b(TypeError|ReferenceError|RangeError|SyntaxError):/, 'JavaScript error'],
  [/\bFST_ERR_|ZodError|\bcause\b/, 'framework detail'],
];

/** Internal details found in an answer's message or fields (stack traces, paths, SQL). */
export function leakProblems(body: unknown): string[] {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? leaksIn(body) : [];
  const texts: string[] = [];
  const b = body as { message?: unknown; fields?: unknown; details?: unknown; stack?: unknown };
  if (typeof b.message === 'string') texts.push(b.message);
  if (b.details !== undefined) texts.push(JSON.stringify(b.details));
  if (b.fields && typeof b.fields === 'object')
    for (const [k, v] of Object.entries(b.fields)) texts.push(k, ...(Array.isArray(v) ? v.map(String) : [String(v)]));
  if (b.stack !== undefined) return ['stack property'];
  return texts.flatMap(leaksIn);
}

function leaksIn(text: string): string[] {
  return LEAK_PATTERNS.filter(([re]) => re.test(text)).map(([, what]) => `${what} in ${short(text)}`);
}

export function short(value: unknown, max = 300): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

// ---------------------------------------------------------------------------------------------
// Running

/** Runs `fn` over `items` with at most `concurrency` in flight; results in input order. */
export async function mapLimit<T, R>(items: T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export interface WalkRequest extends RequestOptions {
  method: string;
  url: string;
}

/** Sends a request; a network failure (the server dropped the connection) becomes status 0. */
export async function send(api: Api, request: WalkRequest): Promise<ApiResponse> {
  const { method, url, ...options } = request;
  try {
    return await api.request(method, url, options);
  } catch (error) {
    return { status: 0, body: `request failed: ${(error as Error).message}`, headers: new Headers() };
  }
}

/** The first `id` (number or non-empty string) found in an answer, breadth first: a created object or a list's first item. */
export function firstId(body: unknown): number | string | undefined {
  const queue: unknown[] = [body];
  while (queue.length) {
    const node = queue.shift();
    if (Array.isArray(node)) queue.push(...node);
    else if (node && typeof node === 'object') {
      const id = (node as { id?: unknown }).id;
      if (typeof id === 'number' || (typeof id === 'string' && id)) return id;
      queue.push(...Object.values(node));
    }
  }
  return undefined;
}

/**
 * Real objects by collection prefix (`/users/` → ids), for filling path parameters and id references
 * in bodies. Suites seed the kinds they know; `discover` finds the others (routes added later) by
 * creating one through the collection's POST with a valid example body (references filled from the
 * catalog itself, several passes so `/tickets/` can use a contact found for `/contacts/`), or else
 * by reading the collection's GET and taking the first id.
 */
export class ObjectCatalog {
  readonly ids = new Map<string, Array<string | number>>();
  /** How each discovered kind was found, and the answer (the new object), for reports and data checks. */
  readonly found: Array<{ prefix: string; id: string | number; via: string; body: unknown }> = [];
  /** Why kinds could not be found: the answers of the attempts, for reports. */
  readonly misses = new Map<string, string[]>();

  constructor(
    private readonly api: Api,
    private readonly operations: Operation[],
    /** The token to call an operation with; null to leave it alone. */
    private readonly tokenFor: (op: Operation) => string | undefined | null,
    /** Values for names the catalog cannot resolve (e.g. a string field that must be unique). */
    private readonly baseHints: ExampleHints = {},
  ) {}

  set(prefix: string, ids: Array<string | number>): void {
    this.ids.set(prefix, ids);
  }

  /**
   * Ids for a prefix; a prefix that extends a catalogued one in camelCase (`/ticketsForce/`,
   * `/usersIsOnline/` → `/tickets/`, `/users/`) addresses the same kind, unless it is a collection
   * of its own (a POST on it: `/messagesSchedule/` holds scheduled messages, not messages).
   */
  get(prefix: string): Array<string | number> | undefined {
    const exact = this.ids.get(prefix);
    if (exact) return exact;
    const segment = prefix.replace(/^\/|\/$/g, '');
    if (this.operations.some((op) => op.method === 'POST' && (op.path === `/${segment}` || op.path === `/${segment}/`))) return undefined;
    const alias = [...this.ids.keys()]
      .map((known) => known.replace(/^\/|\/$/g, ''))
      .filter((known) => known && segment.startsWith(known) && /^[A-Z]/.test(segment.slice(known.length)))
      .sort((a, b) => b.length - a.length)[0];
    return alias ? this.ids.get(`/${alias}/`) : undefined;
  }

  prefixOf(op: Operation, paramName: string): string {
    return addressedPrefix(op, paramName, this.operations);
  }

  /** Example hints: base hints first, then `xxxId` references resolved to a catalogued id, else `missing(schema)`. */
  hints(missing?: (schema: JsonSchema) => unknown): ExampleHints {
    return {
      byName: (name, schema) => {
        const base = this.baseHints.byName?.(name, schema);
        if (base !== undefined) return base;
        const prefix = referencePrefix(name, this.operations);
        const types = schemaTypes(schema);
        const known = prefix ? this.get(prefix)?.[0] : undefined;
        if (known !== undefined && validate(schema, known).length === 0) return known;
        if (missing && (name === 'id' || prefix) && (types.includes('integer') || types.includes('number'))) return missing(schema);
        if (missing && prefix && types.includes('string') && /Ids?$/.test(name)) return undefined;
        return undefined;
      },
    };
  }

  /** Tries to find an object for every prefix in `prefixes` not catalogued yet. */
  async discover(prefixes: Iterable<string>, passes = 4): Promise<void> {
    const wanted = [...new Set(prefixes)];
    for (let pass = 0; pass < passes; pass++) {
      let progress = false;
      for (const prefix of wanted) {
        if (this.get(prefix)) continue;
        const found = await this.discoverOne(prefix);
        if (found) {
          this.ids.set(prefix, [found.id]);
          this.found.push({ prefix, ...found });
          progress = true;
        }
      }
      if (!progress) break;
    }
  }

  private async discoverOne(prefix: string): Promise<{ id: number | string; via: string; body: unknown } | undefined> {
    const collection = prefix.replace(/\/+$/, '');
    // The collection itself (`POST /contacts`), or the collection inside a catalogued parent (`POST /messages/{ticketId}`).
    const parentValues = (op: Operation): Record<string, string | number> | undefined => {
      if (op.path === collection || op.path === `${collection}/`) return op.pathParams.length ? undefined : {};
      if (op.pathParams.length !== 1 || op.path.replace(/\/\{[^}]+\}\/?$/, '') !== collection) return undefined;
      const param = op.pathParams[0].name;
      const parent = this.get(this.prefixOf(op, param))?.[0];
      return parent === undefined || this.prefixOf(op, param) === prefix ? undefined : { [param]: parent };
    };
    const hints = this.hints();
    for (const method of ['POST', 'GET']) {
      for (const op of this.operations.filter((o) => o.method === method)) {
        const pathValues = parentValues(op);
        if (!pathValues) continue;
        const token = this.tokenFor(op);
        if (token === null) continue;
        const query = Object.fromEntries(
          op.queryParams.filter((q) => q.required).map((q) => [q.name, exampleFor(q.schema, q.name, hints)]),
        );
        const request: WalkRequest = { method, url: buildUrl(op, pathValues, query), token };
        if (method === 'POST' && op.body) request.body = exampleFor(op.body, '', hints);
        // A refinement the schema cannot show (a date format…) may refuse the example: repaired and retried.
        const { response } = await sendRepaired(this.api, request, op.body);
        const id = response.status >= 200 && response.status < 300 ? firstId(response.body) : undefined;
        if (id !== undefined) {
          this.misses.delete(prefix);
          return { id, via: op.label, body: response.body };
        }
        this.misses.set(prefix, [...(this.misses.get(prefix) ?? []), `${op.label} → ${response.status} ${short(response.body, 300)}`]);
      }
    }
    return undefined;
  }
}

/**
 * Sends a request whose JSON body is an example, repairing the body while the answer refuses named
 * fields (refinements the schema cannot show): returns the last answer and the body it was given.
 */
export async function sendRepaired(
  api: Api,
  request: WalkRequest,
  schema: JsonSchema | undefined,
  attempts = 6,
): Promise<{ response: ApiResponse; body: unknown }> {
  let body = request.body;
  for (let attempt = 0; ; attempt++) {
    const response = await send(api, { ...request, body });
    const fields =
      response.status >= 400 && response.status < 500 ? (response.body?.fields as Record<string, unknown> | undefined) : undefined;
    const repaired =
      fields && attempt < attempts && canHaveBody(request.method)
        ? repairExample(schema ?? {}, body ?? {}, Object.keys(fields), attempt)
        : undefined;
    if (repaired === undefined) return { response, body };
    body = repaired;
  }
}

/** Other shapes a string may need (formats zod checks by refinement, invisible in the schema). */
const STRING_ALTERNATIVES = [
  '01/01/2000',
  '2000-01-01',
  '2000-01-01T00:00:00.000Z',
  'https://example.test/',
  '+5511987654321',
  'walkvalue1',
  'a',
];

/**
 * The example with the refused fields fixed: optional ones dropped, required strings given the
 * next alternative shape. Undefined when nothing can be tried.
 */
export function repairExample(schema: JsonSchema, body: unknown, refused: string[], attempt: number): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  let changed = false;
  for (const key of new Set(refused.map((path) => path.split('.')[0]))) {
    if (!(key in copy)) {
      // A field the document does not show (an undocumented body): a text is the best guess.
      if (!schema.properties?.[key] && attempt === 0) {
        copy[key] = `Walk ${key} ${process.pid}`;
        changed = true;
      }
      continue;
    }
    if (!schema.required?.includes(key)) {
      delete copy[key];
      changed = true;
    } else if (schemaTypes(schema.properties?.[key] ?? {}).includes('string') && attempt < STRING_ALTERNATIVES.length) {
      copy[key] = STRING_ALTERNATIVES[attempt];
      changed = true;
    }
  }
  return changed ? copy : undefined;
}

/** Whether a method can carry a body with fetch. */
export const canHaveBody = (method: string) => method !== 'GET' && method !== 'HEAD';
