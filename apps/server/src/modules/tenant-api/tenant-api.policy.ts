/**
 * Who manages Tenant API tokens (`/tenantApi`): the platform's superadmin, as every platform
 * setting. The administration API itself (`/v1/api/admin/{id}/…`) is called with a token and acts
 * only on the companies that token created.
 */
export const TENANT_API_ADMIN_AUTH = 'platform' as const;
export const TENANT_API_CALL_AUTH = 'apiToken' as const;
