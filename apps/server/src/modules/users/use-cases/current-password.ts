import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { verifyPassword } from '../../auth/passwords.js';
import { releaseAttempt, takeAttempt } from '../../auth/rate-limit.js';
import type { UserRow } from '../users.repository.js';

/**
 * One's own e-mail or password changes only with the current password. Wrong guesses are limited
 * like logins (5 a minute per user, then ERR_LIMIT_MAX), so a stolen access token cannot be used to
 * guess it; a right one gives its attempt back.
 */
export async function assertCurrentPassword(ctx: AppContext, user: UserRow, currentPassword: string | undefined): Promise<void> {
  const invalid = (message: string) => new AppError('ERR_INVALID_CURRENT_PASSWORD', message, { currentPassword: [message] });
  if (!currentPassword) throw invalid('Type your current password to change your e-mail or password.');
  const key = `current-password:user:${user.id}`;
  await takeAttempt(ctx.db, [key]);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) throw invalid('The current password is not correct.');
  await releaseAttempt(ctx.db, key);
}
