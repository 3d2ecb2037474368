import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageUser } from '../users.policy.js';
import { deleteUser as deleteUserRow, findUserById } from '../users.repository.js';

export async function deleteUser(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  const target = await findUserById(ctx.db, actor.tenantId, userId);
  if (!target) throw new AppError('ERR_NO_USER_FOUND');
  assertCanManageUser(actor, target);
  if (actor.userId === userId) throw new AppError('ERR_CANNOT_DELETE_SELF');
  if (!(await deleteUserRow(ctx.db, actor.tenantId, userId))) throw new AppError('ERR_NO_USER_FOUND');
}
