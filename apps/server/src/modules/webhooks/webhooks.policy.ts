/** The delivery log and its resend are the API configurations' (`/api-service`): administrators only. */
export const WEBHOOK_DELIVERIES_AUTH = 'admin' as const;
