import { TENANT_API_PREFIX } from '@conversa/shared';

export interface OpenApiPaths {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
}

/** The tenant administration API's own OpenAPI document, cut from the server's (it cannot drift from the routes). */
export function tenantAdminOpenApi(full: OpenApiPaths): OpenApiPaths & { components: Record<string, unknown> } {
  return {
    openapi: full.openapi,
    info: {
      title: 'Conversa Tenant API',
      version: typeof full.info.version === 'string' ? full.info.version : '1',
      description:
        'Create and manage companies from a reseller\'s system. The base URL is the server\'s address followed by `/v1/api/admin/{apiId}`; every call carries the Tenant API token as `Authorization: Bearer <token>`. A token manages only the companies it created. Compatible with the "API Whazing ADMIN" Postman collection.',
    },
    paths: Object.fromEntries(Object.entries(full.paths).filter(([path]) => path.startsWith(`${TENANT_API_PREFIX}/`))),
    components: {
      ...(full.components?.schemas ? { schemas: full.components.schemas } : {}),
      securitySchemes: { apiToken: { type: 'http', scheme: 'bearer', description: 'The Tenant API token (Tenant API screen).' } },
    },
  };
}
