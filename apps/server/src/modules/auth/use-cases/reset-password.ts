import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { transact } from '../../../platform/events/transact.js';
import { setUserPassword } from '../../users/use-cases/set-user-password.js';
import { findUserByIdAnyTenant } from '../../users/use-cases/find-user-by-id-any-tenant.js';
import { consumePasswordResetToken, revokeUserRefreshTokens } from '../auth.repository.js';
import { hashPassword } from '../passwords.js';
import { hmac } from '../refresh-tokens.js';

/** Sets a new password from a valid, unexpired, unused token; ends every open session and socket of the user. */
export async function resetPassword(ctx: AppContext, input: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await transact(ctx, async (tx, events) => {
    const userId = await consumePasswordResetToken(tx, hmac(ctx.secrets.jwtRefreshSecret, input.token));
    const user = userId ? await findUserByIdAnyTenant(tx, userId) : undefined;
    if (!user) throw new AppError('ERR_INVALID_RESET_TOKEN');
    await setUserPassword(tx, user.tenantId, user.id, passwordHash);
    await revokeUserRefreshTokens(tx, user.id);
    events.push({ type: 'access.revoked', tenantId: user.tenantId, userId: user.id });
  });
}
