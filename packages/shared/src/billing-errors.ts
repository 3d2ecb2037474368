/** Error codes of subscriptions and payments (issue 15), merged into ERROR_STATUS / ERROR_MESSAGES. */
export const BILLING_ERROR_STATUS = {
  ERR_NO_PAYMENT_FOUND: 404,
  ERR_PAYMENT_ALREADY_RECEIVED: 409,
  /** The platform's payment provider is not set up (or switched off). */
  ERR_BILLING_NOT_CONFIGURED: 409,
  /** The provider refused or could not be reached. */
  ERR_BILLING_PROVIDER: 502,
  /** A provider webhook without the configured `asaas-access-token`. */
  ERR_INVALID_WEBHOOK_TOKEN: 401,
  /** The chosen plan allows fewer users or connections than the company has. */
  ERR_PLAN_LIMIT_EXCEEDED: 400,
  /** Tenant 1 (the platform) has no subscription. */
  ERR_NO_SUBSCRIPTION: 409,
} as const;

export const BILLING_ERROR_MESSAGES: Record<keyof typeof BILLING_ERROR_STATUS, string> = {
  ERR_NO_PAYMENT_FOUND: 'No payment found with this ID.',
  ERR_PAYMENT_ALREADY_RECEIVED: 'This payment was already received.',
  ERR_BILLING_NOT_CONFIGURED: 'The payment provider is not configured.',
  ERR_BILLING_PROVIDER: 'The payment provider refused the request or could not be reached. Try again later.',
  ERR_INVALID_WEBHOOK_TOKEN: 'Invalid webhook authentication token.',
  ERR_PLAN_LIMIT_EXCEEDED: 'This plan allows fewer users or connections than the company has.',
  ERR_NO_SUBSCRIPTION: 'The main company has no subscription.',
};
