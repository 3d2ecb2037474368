import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../../auth/actor.js';
import { findUserById, updateUser, type UserRow } from '../users.repository.js';

export async function setUserOnline(ctx: AppContext, actor: Actor, userId: number, isOnline: boolean): Promise<UserRow> {
  if (actor.userId !== userId && !isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
  if (!(await findUserById(ctx.db, actor.tenantId, userId))) throw new AppError('ERR_NO_USER_FOUND');
  const row = await updateUser(ctx.db, actor.tenantId, userId, { isOnline, lastOnline: new Date() });
  if (!row) throw new AppError('ERR_NO_USER_FOUND');
  return row;
}
