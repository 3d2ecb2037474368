/**
 * Who manages the API configurations (`/api-service`): administrators, as every integration setting
 * (SPEC §2). The external API itself (`/v1/api/external/{apiId}/…`) is called by outside systems
 * with a configuration's token: it acts for the configuration's tenant as no user (messages it sends
 * are Conversa's own, like a campaign's), never as an administrator's login.
 */
export const API_CONFIG_AUTH = 'admin' as const;
export const EXTERNAL_API_AUTH = 'apiToken' as const;
