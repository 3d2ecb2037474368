/** Error codes of the external API and its configurations (issue 13), merged into ERROR_STATUS / ERROR_MESSAGES. */
export const API_ERROR_STATUS = {
  /** SPEC §5 'API auth token required': the external API was called without its configuration's token, or with a wrong one. */
  ERR_API_TOKEN_REQUIRED: 401,
  /** The configuration exists and the token is right, but an administrator deactivated it. */
  ERR_API_CONFIG_INACTIVE: 403,
  /** Too many calls with this token: wait for the Retry-After seconds. */
  ERR_API_RATE_LIMITED: 429,
  /** No API configuration of this company has this id. */
  ERR_NO_API_CONFIG_FOUND: 404,
  /** Neither a number nor a ticket id says whom to write to. */
  ERR_API_NO_RECIPIENT: 400,
  /** The number is not a phone number with its country code (e.g. 5511999998888). */
  ERR_API_INVALID_NUMBER: 400,
  /** The Tenant API token is right but the superadmin deactivated it. */
  ERR_TENANT_API_INACTIVE: 403,
  /** No Tenant API token has this id. */
  ERR_NO_TENANT_API_FOUND: 404,
  /** No webhook delivery of this API configuration has this id. */
  ERR_NO_WEBHOOK_DELIVERY_FOUND: 404,
} as const;

export const API_ERROR_MESSAGES: Record<keyof typeof API_ERROR_STATUS, string> = {
  ERR_API_TOKEN_REQUIRED: 'API auth token required: send the configuration\'s token as "Authorization: Bearer <token>".',
  ERR_API_CONFIG_INACTIVE: 'This API configuration is inactive: an administrator activates it in API.',
  ERR_API_RATE_LIMITED: 'Too many calls with this token. Try again after the Retry-After seconds.',
  ERR_NO_API_CONFIG_FOUND: 'API configuration not found.',
  ERR_API_NO_RECIPIENT: 'Give the recipient: a number or a ticketId.',
  ERR_API_INVALID_NUMBER: 'The number must be a phone number with its country code, e.g. 5511999998888.',
  ERR_TENANT_API_INACTIVE: 'This Tenant API token is inactive: the platform administrator activates it in Tenant API.',
  ERR_NO_TENANT_API_FOUND: 'Tenant API token not found.',
  ERR_NO_WEBHOOK_DELIVERY_FOUND: 'Webhook delivery not found.',
};
