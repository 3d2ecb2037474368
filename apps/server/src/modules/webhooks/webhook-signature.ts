import { createHmac } from 'node:crypto';

/**
 * `X-Conversa-Signature`: `sha256=` + the hex HMAC-SHA256, keyed with the configuration's webhook
 * secret, of the `X-Conversa-Timestamp` value (Unix seconds), a dot, and the raw request body
 * exactly as sent. The timestamp inside the signed text lets a receiver refuse old replays.
 */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex')}`;
}
