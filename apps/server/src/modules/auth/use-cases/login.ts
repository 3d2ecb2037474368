import { normalizeEmail, type LoginResponse } from '@conversa/shared';

import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findTenantById } from '../../tenants/tenants.repository.js';
import { listUserQueues } from '../../queues/queues.repository.js';
import { findUserByEmailAnyTenant, updateUser } from '../../users/users.repository.js';
import { issueSession } from '../issue-session.js';
import { verifyAgainstDummy, verifyPassword } from '../passwords.js';
import { clearAttempts, releaseAttempt, takeAttempt } from '../rate-limit.js';

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
}

export async function login(ctx: AppContext, input: LoginInput): Promise<LoginResponse> {
  const email = normalizeEmail(input.email);
  const emailKey = `login:email:${email}`;
  const ipKey = `login:ip:${input.ip}`;
  // Counted before the password is checked; a failure keeps the count, a right password gives it back.
  await takeAttempt(ctx.db, [emailKey, ipKey]);

  const user = await findUserByEmailAnyTenant(ctx.db, email);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyAgainstDummy(input.password), false);
  if (!user || !valid) throw new AppError('ERR_INVALID_CREDENTIALS');
  await clearAttempts(ctx.db, emailKey);
  await releaseAttempt(ctx.db, ipKey);

  const tenant = await findTenantById(ctx.db, user.tenantId);
  if (!tenant || tenant.status !== 'active') throw new AppError('ERR_TENANT_INACTIVE');

  const session = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.tenantId, user.id, { isOnline: true, lastOnline: new Date() });
    return issueSession(ctx, tx, user);
  });

  return {
    ...session,
    username: user.name,
    profile: user.profile,
    userId: user.id,
    queues: await listUserQueues(ctx.db, user.tenantId, user.id),
    blockWavoip: user.blockWavoip,
    whatsappAllowed: !tenant.hideUnoficial,
    tenantId: user.tenantId,
    email: user.email,
    configs: { filtrosAtendimento: user.configs?.filtrosAtendimento ?? null, isDark: user.configs?.isDark ?? false },
  };
}
