import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../platform/http/app-error.js';

const ALGORITHM = 'HS256';
const ISSUER = 'conversa';

export interface AccessClaims {
  userId: number;
  tenantId: number;
  /** Refresh-token family: logout revokes it. */
  sessionId: string;
}

export async function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number): Promise<string> {
  return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(new TextEncoder().encode(secret));
}

/**
 * Tokens whose signature was checked, with the secret that checked them and their expiry (seconds):
 * an agent's every request carries the same token for its lifetime, and WebCrypto's key import and
 * HMAC (two thread-pool round trips) were ≈ 6 % of the server's CPU under a load of cheap requests.
 * Whether a token's signature is good never changes for a given secret; the expiry is checked at
 * every use, and the session's revocation is the caller's check (findAuthUser), never cached.
 */
const verified = new LRUCache<string, { secret: string; expiresAt: number; claims: AccessClaims }>({ max: 10_000 });

/** Expired → 403 ERR_SESSION_EXPIRED (the client refreshes once); anything else wrong → 401 ERR_INVALID_TOKEN. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims> {
  const known = verified.get(token);
  if (known?.secret === secret) {
    // jose's rule: expired once `exp` is not after the current second.
    if (known.expiresAt <= Math.floor(Date.now() / 1000)) throw new AppError('ERR_SESSION_EXPIRED');
    return known.claims;
  }
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: [ALGORITHM], issuer: ISSUER });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.tid !== 'number' || typeof payload.sid !== 'string' || payload.exp === undefined) {
      throw new AppError('ERR_INVALID_TOKEN');
    }
    const claims = { userId, tenantId: payload.tid, sessionId: payload.sid };
    verified.set(token, { secret, expiresAt: payload.exp, claims });
    return claims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('ERR_SESSION_EXPIRED');
    if (error instanceof AppError) throw error;
    throw new AppError('ERR_INVALID_TOKEN');
  }
}
