import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import { signAccessToken } from './access-token.js';
import { insertRefreshToken } from './auth.repository.js';
import { newRefreshToken } from './refresh-tokens.js';

export interface SessionTokens {
  token: string;
  refreshToken: string;
}

/** Issues an access token and a refresh token in `familyId` (a new family on login, the same one on rotation). */
export async function issueSession(
  ctx: AppContext,
  db: Db,
  user: { id: number; tenantId: number },
  familyId: string = randomUUID(),
): Promise<SessionTokens> {
  const refresh = newRefreshToken(ctx.secrets.jwtRefreshSecret);
  await insertRefreshToken(db, {
    id: refresh.id,
    familyId,
    userId: user.id,
    tokenHash: refresh.tokenHash,
    expiresAt: new Date(Date.now() + ctx.env.REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  const token = await signAccessToken(
    { userId: user.id, tenantId: user.tenantId, sessionId: familyId },
    ctx.secrets.jwtSecret,
    ctx.env.ACCESS_TOKEN_TTL_SECONDS,
  );
  return { token, refreshToken: refresh.token };
}
