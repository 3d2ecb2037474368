import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** Refresh tokens are `<id>.<secret>`; only an HMAC of the secret (keyed by JWT_REFRESH_SECRET) is stored. */
export function newRefreshToken(key: string): { id: string; token: string; tokenHash: string } {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  return { id, token: `${id}.${secret}`, tokenHash: hmac(key, secret) };
}

export function parseRefreshToken(token: string): { id: string; secret: string } | undefined {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  return match ? { id: match[1], secret: match[2] } : undefined;
}

export function refreshSecretMatches(key: string, secret: string, storedHash: string): boolean {
  const a = Buffer.from(hmac(key, secret));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}
