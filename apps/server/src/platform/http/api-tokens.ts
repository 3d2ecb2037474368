import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An API token: 32 random bytes, base64url (43 characters), prefixed so that it is recognisable in a leak scan. */
export function generateApiToken(): { token: string; hash: string; last4: string } {
  const token = `cva_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token), last4: token.slice(-4) };
}

/** SHA-256 of the token: a 256-bit random secret needs no slow hash; the row alone cannot call the API. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function apiTokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashApiToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export const maskApiToken = (last4: string) => `cva_••••••••${last4}`;

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}
/**
 * A webhook signing secret: 32 random bytes, base64url, prefixed. The receiver keeps it to check
 * `X-Conversa-Signature`; Conversa keeps it sealed (it must sign with it, so it cannot be hashed).
 */
export function generateWebhookSecret(): { secret: string; last4: string } {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return { secret, last4: secret.slice(-4) };
}

export const maskWebhookSecret = (last4: string) => `whsec_••••••••${last4}`;

/** The SecretBox label of the sealed webhook secret (a sealed value cannot be moved to another field). */
export const WEBHOOK_SECRET_LABEL = 'api_configs.webhook_secret';
