import type { z } from 'zod';
import type { updateUserBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../../auth/actor.js';
import { revokeUserRefreshTokens } from '../../auth/auth.repository.js';
import { hashPassword } from '../../auth/passwords.js';
import { assertCanManageUser, canEditSelf } from '../users.policy.js';
import { replaceUserQueues } from './replace-user-queues.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../agent-sockets.js';
import { findUserById, updateUser as updateUserRow, type UserChanges, type UserRow } from '../users.repository.js';

export type UpdateUserInput = z.output<typeof updateUserBodySchema>;

export async function updateUser(ctx: AppContext, actor: Actor, userId: number, input: UpdateUserInput): Promise<UserRow> {
  const target = await findUserById(ctx.db, actor.tenantId, userId);
  if (!target) throw new AppError('ERR_NO_USER_FOUND');

  const changesPrivileges = (input.profile !== undefined && input.profile !== target.profile) ||
    (input.blockWavoip !== undefined && input.blockWavoip !== target.blockWavoip) ||
    input.queueIds !== undefined;
  if (isAdmin(actor)) {
    assertCanManageUser(actor, target);
    // An admin cannot demote themselves and leave the tenant without an administrator by accident.
    if (actor.userId === userId && input.profile && input.profile !== target.profile) throw new AppError('ERR_NO_PERMISSION', 'You cannot change your own profile.');
  } else if (!canEditSelf(actor, userId) || changesPrivileges) {
    throw new AppError('ERR_NO_PERMISSION');
  }

  const changes: UserChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.email !== undefined) changes.email = input.email;
  if (input.profile !== undefined && target.profile !== 'superadmin') changes.profile = input.profile;
  if (input.blockWavoip !== undefined) changes.blockWavoip = input.blockWavoip;
  if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);

  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const row = await updateUserRow(tx, actor.tenantId, userId, changes);
      if (!row) throw new AppError('ERR_NO_USER_FOUND');
      if (input.queueIds !== undefined) await replaceUserQueues(tx, actor.tenantId, userId, input.queueIds);
      // A password changed by someone else ends the user's sessions.
      if (changes.passwordHash && actor.userId !== userId) await revokeUserRefreshTokens(tx, userId);
      return row;
    });
    // Rooms follow memberships and profile: the user's sockets reconnect and re-join the right ones.
    if (input.queueIds !== undefined || changes.profile !== undefined) ctx.realtime?.disconnectRoom(AGENTS_NAMESPACE, rooms.user(actor.tenantId, userId));
    return updated;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('ERR_DUPLICATED_EMAIL');
    throw error;
  }
}
