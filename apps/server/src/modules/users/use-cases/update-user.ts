import type { z } from 'zod';
import type { updateUserBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../../auth/actor.js';
import { revokeUserRefreshTokens } from '../../auth/use-cases/revoke-user-refresh-tokens.js';
import { hashPassword } from '../../auth/passwords.js';
import { assertCanManageUser, canEditSelf } from '../users.policy.js';
import { replaceUserQueues } from './replace-user-queues.js';
import { assertCurrentPassword } from './current-password.js';
import { adminConflictBudget, withEmailConflictBudget } from '../email-conflicts.js';
import { requestEmailChange } from './request-email-change.js';
import { findUserById, updateUser as updateUserRow, type UserChanges, type UserRow } from '../users.repository.js';

export type UpdateUserInput = z.output<typeof updateUserBodySchema>;

/**
 * Edits a user. One's own e-mail and password change only with the current password (a stolen
 * access token must not become the account); one's own new e-mail is then confirmed by a link sent
 * to it (request-email-change.ts), the answer being the same whether the address is free or not.
 * An admin sets another user's e-mail at once. A new password ends the user's other sessions and
 * their sockets; set by an admin for someone else, it ends all of them. A changed profile or queue
 * list re-rooms the user's sockets.
 */
export async function updateUser(ctx: AppContext, actor: Actor, userId: number, input: UpdateUserInput): Promise<UserRow> {
  const target = await findUserById(ctx.db, actor.tenantId, userId);
  if (!target) throw new AppError('ERR_NO_USER_FOUND');

  const self = canEditSelf(actor, userId);
  const changesPrivileges =
    (input.profile !== undefined && input.profile !== target.profile) ||
    (input.blockWavoip !== undefined && input.blockWavoip !== target.blockWavoip) ||
    input.queueIds !== undefined;
  if (isAdmin(actor)) {
    assertCanManageUser(actor, target);
    // An admin cannot demote themselves and leave the tenant without an administrator by accident.
    if (self && input.profile && input.profile !== target.profile)
      throw new AppError('ERR_NO_PERMISSION', 'You cannot change your own profile.');
  } else if (!self || changesPrivileges) {
    throw new AppError('ERR_NO_PERMISSION');
  }

  const changesEmail = input.email !== undefined && input.email !== target.email;
  if (self && (changesEmail || input.password !== undefined)) await assertCurrentPassword(ctx, target, input.currentPassword);

  const changes: UserChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (changesEmail && !self) changes.email = input.email;
  if (input.profile !== undefined && target.profile !== 'superadmin') changes.profile = input.profile;
  if (input.blockWavoip !== undefined) changes.blockWavoip = input.blockWavoip;
  if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);

  if (self && changesEmail) await requestEmailChange(ctx, target, input.email!);
  // Admins learn freely about their own tenant's e-mails; about other tenants' they spend a budget.
  return withEmailConflictBudget(ctx, adminConflictBudget(actor.tenantId), changes.email, actor.tenantId, () =>
    transact(ctx, async (tx, events) => {
      const row = await updateUserRow(tx, actor.tenantId, userId, changes);
      if (!row) throw new AppError('ERR_NO_USER_FOUND');
      if (input.queueIds !== undefined) await replaceUserQueues(tx, actor.tenantId, userId, input.queueIds);
      // One's own new password keeps the session that set it; anyone else's ends every session.
      const keepSessionId = self ? actor.sessionId : undefined;
      if (changes.passwordHash) {
        await revokeUserRefreshTokens(tx, userId, keepSessionId);
        events.push({ type: 'access.revoked', tenantId: actor.tenantId, userId, keepSessionId });
      }
      // Rooms follow profile and queues: every socket of the user reconnects and re-joins the right ones.
      if (input.queueIds !== undefined || changes.profile !== undefined)
        events.push({ type: 'access.revoked', tenantId: actor.tenantId, userId });
      return row;
    }),
  );
}
