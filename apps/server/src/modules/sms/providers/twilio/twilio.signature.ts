import { createHmac } from 'node:crypto';
import { sameSecret } from '../../../../platform/http/same-secret.js';

/**
 * X-Twilio-Signature (https://www.twilio.com/docs/usage/webhooks/webhooks-security): the Base64
 * HMAC-SHA1, keyed with the Auth Token, of the full URL Twilio called followed by each POST
 * parameter sorted by name, as name + value.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  given: string | string[] | undefined,
): boolean {
  if (typeof given !== 'string' || !given) return false;
  return sameSecret(given, twilioSignature(authToken, url, params));
}
