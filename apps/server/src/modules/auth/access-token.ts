import { errors, jwtVerify, SignJWT } from 'jose';
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

/** Expired → 403 ERR_SESSION_EXPIRED (the client refreshes once); anything else wrong → 401 ERR_INVALID_TOKEN. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: [ALGORITHM], issuer: ISSUER });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.tid !== 'number' || typeof payload.sid !== 'string') {
      throw new AppError('ERR_INVALID_TOKEN');
    }
    return { userId, tenantId: payload.tid, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('ERR_SESSION_EXPIRED');
    if (error instanceof AppError) throw error;
    throw new AppError('ERR_INVALID_TOKEN');
  }
}
