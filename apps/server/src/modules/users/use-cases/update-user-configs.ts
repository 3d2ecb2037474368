import type { UserConfigs } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { presentUserConfigs } from '../users.presenter.js';
import { findUserById, updateUser, type UserRow } from '../users.repository.js';

/** A user's own interface preferences (attendance filters, dark mode, language, notification sound); keys not sent are kept. */
export async function updateUserConfigs(ctx: AppContext, actor: Actor, userId: number, input: Partial<UserConfigs>): Promise<UserRow> {
  if (actor.userId !== userId) throw new AppError('ERR_NO_PERMISSION');
  const user = await findUserById(ctx.db, actor.tenantId, userId);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  const sent = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const configs: UserConfigs = { ...presentUserConfigs(user.configs), ...sent };
  const row = await updateUser(ctx.db, actor.tenantId, userId, { configs });
  if (!row) throw new AppError('ERR_NO_USER_FOUND');
  return row;
}
