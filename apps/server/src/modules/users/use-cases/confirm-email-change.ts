import type { AppContext } from '../../../app-context.js';
import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';
import { hmac } from '../../auth/refresh-tokens.js';
import { consumeEmailChangeRequest, findUserByIdAnyTenant, updateUser } from '../users.repository.js';

/** Opens the link sent to a new address: the user's e-mail becomes it (if nobody took it meanwhile). */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      const request = await consumeEmailChangeRequest(tx, hmac(ctx.secrets.jwtRefreshSecret, `email-change:${token}`));
      const user = request ? await findUserByIdAnyTenant(tx, request.userId) : undefined;
      if (!request || !user) throw new AppError('ERR_INVALID_EMAIL_CHANGE_TOKEN');
      await updateUser(tx, user.tenantId, user.id, { email: request.newEmail });
    });
  } catch (error) {
    // Only whoever reads that mailbox can get here: telling them it was taken meanwhile reveals nothing new.
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('ERR_DUPLICATED_EMAIL');
    throw error;
  }
}
