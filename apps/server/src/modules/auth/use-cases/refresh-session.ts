import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findAuthUser, findRefreshToken, markRefreshTokenUsed, revokeRefreshFamily } from '../auth.repository.js';
import { issueSession, type SessionTokens } from '../issue-session.js';
import { parseRefreshToken, refreshSecretMatches } from '../refresh-tokens.js';

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same family is issued.
 * Presenting a spent token again means it leaked: the whole family is revoked.
 */
export async function refreshSession(ctx: AppContext, presented: string): Promise<SessionTokens> {
  const parsed = parseRefreshToken(presented);
  if (!parsed) throw new AppError('ERR_INVALID_TOKEN');
  const row = await findRefreshToken(ctx.db, parsed.id);
  if (!row || !refreshSecretMatches(ctx.secrets.jwtRefreshSecret, parsed.secret, row.tokenHash)) throw new AppError('ERR_INVALID_TOKEN');
  if (row.revokedAt) throw new AppError('ERR_INVALID_TOKEN');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('ERR_SESSION_EXPIRED');

  const result = await ctx.db.transaction(async (tx) => {
    if (!(await markRefreshTokenUsed(tx, row.id))) return 'reused' as const;
    const user = await findAuthUser(tx, row.userId, row.familyId);
    if (!user) return 'gone' as const;
    if (user.tenantStatus !== 'active') return 'inactive' as const;
    return issueSession(ctx, tx, { id: user.userId, tenantId: user.tenantId }, row.familyId);
  });

  if (result === 'reused') {
    await revokeRefreshFamily(ctx.db, row.familyId);
    throw new AppError('ERR_INVALID_TOKEN', 'This session was ended because a refresh token was used twice. Please log in again.');
  }
  if (result === 'gone') throw new AppError('ERR_INVALID_TOKEN');
  if (result === 'inactive') throw new AppError('ERR_TENANT_INACTIVE');
  return result;
}
