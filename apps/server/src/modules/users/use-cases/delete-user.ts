import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageUser } from '../users.policy.js';
import { deleteUser as deleteUserRow, findUserById } from '../users.repository.js';

/** Deletes a user of the tenant (its sessions go with it by cascade) and drops its sockets. */
export async function deleteUser(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  const target = await findUserById(ctx.db, actor.tenantId, userId);
  if (!target) throw new AppError('ERR_NO_USER_FOUND');
  assertCanManageUser(actor, target);
  if (actor.userId === userId) throw new AppError('ERR_CANNOT_DELETE_SELF');
  await transact(ctx, async (tx, events) => {
    if (!(await deleteUserRow(tx, actor.tenantId, userId))) throw new AppError('ERR_NO_USER_FOUND');
    events.push({ type: 'access.revoked', tenantId: actor.tenantId, userId });
  });
}
