import type { z } from 'zod';
import type { createUserBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { hashPassword } from '../../auth/passwords.js';
import { lockTenant } from '../../tenants/use-cases/lock-tenant.js';
import { assertCanManageUser } from '../users.policy.js';
import { countUsers, insertUser, type UserRow } from '../users.repository.js';
import { replaceUserQueues } from './replace-user-queues.js';
import { adminConflictBudget, withEmailConflictBudget } from '../email-conflicts.js';

export type CreateUserInput = z.output<typeof createUserBodySchema>;

export async function createUser(ctx: AppContext, actor: Actor, input: CreateUserInput): Promise<UserRow> {
  assertCanManageUser(actor, { profile: input.profile });
  const passwordHash = await hashPassword(input.password);
  return withEmailConflictBudget(ctx, adminConflictBudget(actor.tenantId), input.email, actor.tenantId, () =>
    ctx.db.transaction(async (tx) => {
      const user = await insertUserWithinLimit(tx, actor.tenantId, {
        name: input.name,
        email: input.email,
        profile: input.profile,
        blockWavoip: input.blockWavoip,
        passwordHash,
      });
      if (input.queueIds?.length) await replaceUserQueues(tx, actor.tenantId, user.id, input.queueIds);
      return user;
    }),
  );
}

/**
 * Inserts a user if the tenant is below its max-users limit. The tenant row is locked for the
 * transaction so two concurrent creations cannot both take the last seat.
 */
export async function insertUserWithinLimit(
  tx: Db,
  tenantId: number,
  user: { name: string; email: string; passwordHash: string; profile: UserRow['profile']; blockWavoip?: boolean },
): Promise<UserRow> {
  const tenant = await lockTenant(tx, tenantId);
  if (!tenant) throw new AppError('ERR_NO_TENANT_FOUND');
  if ((await countUsers(tx, tenantId)) >= tenant.maxUsers) throw new AppError('ERR_USER_LIMIT');
  // A taken e-mail fails with the unique violation: callers decide what to tell (email-conflicts.ts, sign-up).
  return insertUser(tx, tenantId, { ...user, blockWavoip: user.blockWavoip ?? false });
}
