import { normalizeEmail, type LoginResponse } from '@conversa/shared';

import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findTenantById } from '../../tenants/use-cases/find-tenant-by-id.js';
import { listUserQueues } from '../../queues/use-cases/list-user-queues.js';
import { presentUserConfigs } from '../../users/users.presenter.js';
import { recordUserPresence } from '../../users/use-cases/record-user-presence.js';
import { findUserByEmailAnyTenant } from '../../users/use-cases/find-user-by-email-any-tenant.js';
import { issueSession } from '../issue-session.js';
import { isKnownFor, parseKnownDevice, rememberUser } from '../known-device.js';
import { verifyAgainstDummy, verifyPassword } from '../passwords.js';
import { clearAttempts, releaseAttempt, takeAttempt, type LimitKey } from '../rate-limit.js';

/**
 * Login throttling (SPEC §9: ERR_LIMIT_MAX, retry after 1 minute), counted in failures per minute:
 * - per e-mail and IP: 5, so one person mistyping is stopped without touching anyone else;
 * - per IP: 50, so an office of dozens of agents behind one address still signs in while one
 *   source cannot try many accounts;
 * - per e-mail from anywhere: 20, against guessing one password from many addresses;
 * - from a known device of the user (known-device.ts): 5 on that device's own counter instead of
 *   the three above, so an attack on the e-mail or the IP elsewhere never locks the user out there.
 */
export const LOGIN_LIMITS = { emailAndIp: 5, ip: 50, email: 20, knownDevice: 5 } as const;

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  /** The verified known-device cookie value, if the browser sent one. */
  device?: string;
}

export interface LoginResult {
  response: LoginResponse;
  /** The known-device cookie value to set (this device now knows this user). */
  device: string;
}

export async function login(ctx: AppContext, input: LoginInput): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const user = await findUserByEmailAnyTenant(ctx.db, email);
  const device = parseKnownDevice(input.device);
  const known = user !== undefined && isKnownFor(device, user.id);

  const pair: LimitKey = { key: `login:pair:${email}|${input.ip}`, max: LOGIN_LIMITS.emailAndIp };
  const ip: LimitKey = { key: `login:ip:${input.ip}`, max: LOGIN_LIMITS.ip };
  const anywhere: LimitKey = { key: `login:email:${email}`, max: LOGIN_LIMITS.email };
  const onDevice: LimitKey | undefined = known ? { key: `login:device:${device.d}:${user.id}`, max: LOGIN_LIMITS.knownDevice } : undefined;
  // Counted before the password is checked; a failure keeps the count, a right password gives it back.
  await takeAttempt(ctx.db, onDevice ? [onDevice] : [pair, ip, anywhere]);

  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyAgainstDummy(input.password), false);
  if (!user || !valid) throw new AppError('ERR_INVALID_CREDENTIALS');
  if (onDevice) {
    await clearAttempts(ctx.db, onDevice);
  } else {
    await clearAttempts(ctx.db, pair);
    await releaseAttempt(ctx.db, ip);
    await releaseAttempt(ctx.db, anywhere);
  }

  const tenant = await findTenantById(ctx.db, user.tenantId);
  if (!tenant || tenant.status !== 'active') throw new AppError('ERR_TENANT_INACTIVE');

  const session = await ctx.db.transaction(async (tx) => {
    await recordUserPresence(tx, user.tenantId, user.id, true);
    return issueSession(ctx, tx, user);
  });

  return {
    response: {
      ...session,
      username: user.name,
      profile: user.profile,
      userId: user.id,
      queues: await listUserQueues(ctx.db, user.tenantId, user.id),
      blockWavoip: user.blockWavoip,
      whatsappAllowed: !tenant.hideUnoficial,
      tenantId: user.tenantId,
      email: user.email,
      configs: presentUserConfigs(user.configs),
    },
    device: rememberUser(device, user.id),
  };
}
