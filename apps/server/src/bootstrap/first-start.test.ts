import type { AddressInfo } from 'node:net';
import { isStrongPassword } from '@conversa/shared';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { Api } from '../../test/api.js';
import { testEnv } from '../../test/env.js';
import { openTestDatabase } from '../../test/harness.js';
import type { AppContext } from '../app-context.js';
import { buildApp } from '../app.js';
import { createContext } from '../context.js';
import { listTenants } from '../modules/tenants/tenants.repository.js';
import { findUserByEmailAnyTenant, listUsers } from '../modules/users/users.repository.js';
import { ensureFirstStart } from './first-start.js';

// ensureFirstStart on an empty migrated database (the template has no tenant yet).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyPlatform(env: Record<string, string>): Promise<AppContext> {
  const { database, drop } = await openTestDatabase();
  cleanups.push(async () => {
    await database.close();
    await drop();
  });
  await database.migrate();
  return createContext(testEnv(env), database, pino({ level: 'silent' }));
}

/** The HTTP API of the app built on `ctx`, on a real port. */
async function serve(ctx: AppContext): Promise<Api> {
  const app = await buildApp(ctx);
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return new Api(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
}

async function platformState(ctx: AppContext) {
  const tenants = await listTenants(ctx.db);
  const users = tenants.length ? (await listUsers(ctx.db, 1, { limit: 100, offset: 0 })).rows : [];
  return { tenants, users };
}

describe('ensureFirstStart', () => {
  it('with ADMIN_EMAIL and ADMIN_PASSWORD creates tenant 1 and its superadmin once, printing no password', async () => {
    const ctx = await emptyPlatform({
      ADMIN_EMAIL: ' Boss@Example.TEST ',
      ADMIN_PASSWORD: 'Boss-pass-1!',
      ADMIN_NAME: 'The Boss',
      MAIN_TENANT_NAME: 'Matriz',
    });
    const printed: string[] = [];
    await ensureFirstStart(ctx, (line) => printed.push(line));

    const { tenants, users } = await platformState(ctx);
    expect(tenants).toHaveLength(1);
    expect(tenants[0]).toMatchObject({ id: 1, name: 'Matriz', status: 'active' });
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ tenantId: 1, email: 'boss@example.test', name: 'The Boss', profile: 'superadmin' });
    expect(users[0].passwordHash).not.toContain('Boss-pass-1!');
    expect(printed).toEqual([]);

    // Second start: nothing new, even with other values.
    await ensureFirstStart(ctx, (line) => printed.push(line));
    const again = createContext(testEnv({ ADMIN_EMAIL: 'other@example.test', ADMIN_PASSWORD: 'Other-pass-1!' }), ctx.database, ctx.logger);
    await ensureFirstStart(again, (line) => printed.push(line));
    const after = await platformState(ctx);
    expect(after.tenants).toHaveLength(1);
    expect(after.users.map((u) => u.email)).toEqual(['boss@example.test']);
    expect(await findUserByEmailAnyTenant(ctx.db, 'other@example.test')).toBeUndefined();
    expect(printed).toEqual([]);

    const api = await serve(ctx);
    const login = await api.post('/auth/login/', { email: 'boss@example.test', password: 'Boss-pass-1!' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ profile: 'superadmin', tenantId: 1, username: 'The Boss' });
    // The next tenant created gets id 2: the id sequence was moved past tenant 1.
    const created = await api.post(
      '/tenants',
      { name: 'Second', status: 'active', maxUsers: 1, maxConnections: 1 },
      { token: login.body.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(2);
  });

  it('refuses a weak ADMIN_PASSWORD and creates nothing', async () => {
    const ctx = await emptyPlatform({ ADMIN_PASSWORD: 'admin' });
    await expect(ensureFirstStart(ctx, () => undefined)).rejects.toThrow(/ADMIN_PASSWORD must have at least 7 characters/);
    expect((await platformState(ctx)).tenants).toEqual([]);
  });

  it('without ADMIN_PASSWORD prints a generated strong password, once, that logs in', async () => {
    const ctx = await emptyPlatform({ ADMIN_EMAIL: 'first@example.test', ADMIN_PASSWORD: '' });
    expect(ctx.env.ADMIN_PASSWORD).toBeUndefined();
    const printed: string[] = [];
    await ensureFirstStart(ctx, (line) => printed.push(line));

    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('first@example.test');
    const password = /password:\s+(\S+)/.exec(printed[0])?.[1];
    expect(password).toBeDefined();
    expect(isStrongPassword(password!)).toBe(true);
    expect(password!.length).toBeGreaterThanOrEqual(16);

    await ensureFirstStart(ctx, (line) => printed.push(line));
    expect(printed).toHaveLength(1);

    const login = await (await serve(ctx)).post('/auth/login/', { email: 'first@example.test', password });
    expect(login.status).toBe(200);
    // Without ADMIN_NAME, the name the Portuguese interface shows is Portuguese too.
    expect(login.body).toMatchObject({ profile: 'superadmin', tenantId: 1, username: 'Administrador' });
  });

  it('parallel first starts on one database create tenant 1 and its superadmin exactly once', async () => {
    const ctx = await emptyPlatform({ ADMIN_EMAIL: 'race@example.test', ADMIN_PASSWORD: 'Race-pass-1!' });
    const other = createContext(testEnv({ ADMIN_EMAIL: 'race2@example.test', ADMIN_PASSWORD: 'Race-pass-1!' }), ctx.database, ctx.logger);
    await Promise.all([
      ensureFirstStart(ctx, () => undefined),
      ensureFirstStart(other, () => undefined),
      ensureFirstStart(ctx, () => undefined),
    ]);
    const { tenants, users } = await platformState(ctx);
    expect(tenants).toHaveLength(1);
    expect(users).toHaveLength(1);
  });
});
