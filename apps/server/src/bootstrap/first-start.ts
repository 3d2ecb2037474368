import { randomBytes } from 'node:crypto';
import { isStrongPassword, MAIN_TENANT_ID } from '@conversa/shared';
import type { AppContext } from '../app-context.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { countTenants, insertTenant, lockPlatformBootstrap, syncTenantIdSequence } from '../modules/tenants/tenants.repository.js';
import { insertUser } from '../modules/users/users.repository.js';

/**
 * On an empty database, creates tenant 1 and its superadmin from ADMIN_EMAIL / ADMIN_PASSWORD,
 * or with a generated password printed once. There are no default accounts or passwords.
 */
export async function ensureFirstStart(ctx: AppContext, print: (line: string) => void = console.log): Promise<void> {
  const { env } = ctx;
  if (env.ADMIN_PASSWORD && !isStrongPassword(env.ADMIN_PASSWORD)) {
    throw new Error('ADMIN_PASSWORD must have at least 7 characters with letters, numbers and a special character.');
  }
  // Every later start: nothing to create, so no Argon2 hash (its 19 MiB and CPU time) either.
  if ((await countTenants(ctx.db)) > 0) return;
  const email = env.ADMIN_EMAIL ?? 'admin@conversa.local';
  const password = env.ADMIN_PASSWORD ?? `${randomBytes(12).toString('base64url')}#1a`;
  const passwordHash = await hashPassword(password);

  const created = await ctx.db.transaction(async (tx) => {
    // Several nodes may start at once on one database: one creates, the others see the tenant.
    await lockPlatformBootstrap(tx);
    if ((await countTenants(tx)) > 0) return false;
    await insertTenant(tx, { id: MAIN_TENANT_ID, name: env.MAIN_TENANT_NAME, status: 'active', maxUsers: 1000, maxConnections: 1000 });
    await syncTenantIdSequence(tx);
    await insertUser(tx, MAIN_TENANT_ID, { name: env.ADMIN_NAME, email, passwordHash, profile: 'superadmin' });
    return true;
  });
  if (!created) return;

  ctx.logger.info({ email }, 'first start: created tenant 1 and its superadmin');
  if (!env.ADMIN_PASSWORD) {
    print(
      [
        '',
        '==================================================================',
        ' Conversa first start: platform superadmin created',
        `   e-mail:   ${email}`,
        `   password: ${password}`,
        ' This password is shown only once. Sign in and change it.',
        '==================================================================',
        '',
      ].join('\n'),
    );
  }
}
