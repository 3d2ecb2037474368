import type { Profile } from '@conversa/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant, buildUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { startMailServer, type TestMailServer } from '../../../test/mail-server.js';
import { hashPassword } from '../auth/passwords.js';
import { insertQueue } from '../queues/queues.repository.js';
import { insertUser } from './users.repository.js';

// SPEC §6: only admins (and the superadmin) manage the users of their own tenant.

let server: TestServer;
let api: Api;
let mail: TestMailServer;
let tenantA: number;
let tenantB: number;

interface Member {
  id: number;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

async function member(tenantId: number, profile: Profile, name?: string): Promise<Member> {
  const user = await buildUser(server.ctx, tenantId, { profile, name });
  const session = await api.login(user.email, user.password);
  return { id: user.id, email: user.email, password: user.password, token: session.token, refreshToken: session.refreshToken };
}

let adminA: Member;
let superA: Member;
let userA: Member;
let adminB: Member;
let userB: Member;

let sequence = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: `New Agent ${++sequence}`,
  email: `new-agent-${sequence}@users.example.test`,
  password: 'Agent-pass-1',
  ...overrides,
});

beforeAll(async () => {
  mail = await startMailServer();
  server = await startTestServer({ TRUST_PROXY: 'true', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port), SMTP_SECURE: 'false' });
  api = new Api(server.url);
  tenantA = (await buildTenant(server.ctx)).id;
  tenantB = (await buildTenant(server.ctx)).id;
  adminA = await member(tenantA, 'admin');
  superA = await member(tenantA, 'super');
  userA = await member(tenantA, 'user');
  adminB = await member(tenantB, 'admin');
  userB = await member(tenantB, 'user');
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

// Failed logins count against the client IP (5 a minute): behind a pretend trusted proxy each check uses its own IP.
let ipSequence = 0;
const tryLogin = (email: string, password: string) =>
  api.post(
    '/auth/login/',
    { email, password },
    { headers: { 'x-forwarded-for': `192.168.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}` } },
  );

function expectForbidden(response: { status: number; body: any }, label?: string) {
  expect(response.status, label).toBe(403);
  expect(response.body.error, label).toBe('ERR_NO_PERMISSION');
}

describe('POST /users', () => {
  it('an admin creates users, supervisors and admins in their own tenant; the new user can log in', async () => {
    for (const profile of ['user', 'super', 'admin'] as const) {
      const body = newUser({ profile });
      body.email = `  NEW-${profile}-${sequence}@Users.Example.test `;
      const response = await api.post('/users', { ...body, tenantId: tenantB }, { token: adminA.token });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        name: body.name,
        email: `new-${profile}-${sequence}@users.example.test`,
        profile,
        tenantId: tenantA,
        blockWavoip: false,
      });
      expect(response.body.password).toBeUndefined();
      expect(response.body.passwordHash).toBeUndefined();

      const login = await api.login(response.body.email, body.password);
      expect(login).toMatchObject({ userId: response.body.id, tenantId: tenantA, profile });
    }
    const withoutProfile = await api.post('/users', newUser(), { token: adminA.token });
    expect(withoutProfile.body.profile).toBe('user');
  });

  it('supervisors and users cannot create users (403 ERR_NO_PERMISSION)', async () => {
    for (const caller of [superA, userA]) {
      const body = newUser();
      expectForbidden(await api.post('/users', body, { token: caller.token }));
      expect((await tryLogin(body.email, body.password)).status).toBe(401);
    }
  });

  it('an admin cannot create a superadmin: the profile is validated (400 ERR_VALIDATION on profile)', async () => {
    const body = newUser({ profile: 'superadmin' });
    const response = await api.post('/users', body, { token: adminA.token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields)).toEqual(['profile']);
    expect((await tryLogin(body.email, body.password)).status).toBe(401);
  });

  it('validates the fields and refuses a taken e-mail with 409 ERR_DUPLICATED_EMAIL', async () => {
    const invalid = await api.post('/users', { name: 'X', email: 'nope', password: 'weak' }, { token: adminA.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(invalid.body.fields).sort()).toEqual(['email', 'name', 'password']);

    // E-mails are unique across the platform (login is by e-mail alone).
    const duplicate = await api.post('/users', newUser({ email: userB.email.toUpperCase() }), { token: adminA.token });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('ERR_DUPLICATED_EMAIL');
  });
});

describe('PUT /users/{id}', () => {
  it('an admin updates name, e-mail, profile and blockWavoip of a user of their tenant', async () => {
    const target = await member(tenantA, 'user');
    const response = await api.put(
      `/users/${target.id}`,
      { name: 'Promoted Agent', email: `promoted-${target.id}@users.example.test`, profile: 'super', blockWavoip: true },
      { token: adminA.token },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: target.id,
      name: 'Promoted Agent',
      email: `promoted-${target.id}@users.example.test`,
      profile: 'super',
      blockWavoip: true,
    });
    const login = await api.login(`promoted-${target.id}@users.example.test`, target.password);
    expect(login).toMatchObject({ profile: 'super', blockWavoip: true, username: 'Promoted Agent' });
  });

  it('a plain user updates their own name and password, but not their profile or flags', async () => {
    const self = await member(tenantA, 'user');
    const renamed = await api.put(
      `/users/${self.id}`,
      { name: 'Renamed Me', password: 'My-new-pass-2!', currentPassword: self.password },
      { token: self.token },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: self.id, name: 'Renamed Me', profile: 'user' });
    expect((await tryLogin(self.email, self.password)).status).toBe(401);
    await api.login(self.email, 'My-new-pass-2!');
    // Changing one's own password keeps the current session.
    expect((await api.get(`/users/${self.id}`, { token: self.token })).status).toBe(200);

    expectForbidden(await api.put(`/users/${self.id}`, { profile: 'admin' }, { token: self.token }), 'own profile');
    expectForbidden(await api.put(`/users/${self.id}`, { name: 'Sneaky', profile: 'admin' }, { token: self.token }), 'name and profile');
    expectForbidden(await api.put(`/users/${self.id}`, { blockWavoip: true }, { token: self.token }), 'own flag');
    const after = await api.get(`/users/${self.id}`, { token: self.token });
    expect(after.body).toMatchObject({ profile: 'user', name: 'Renamed Me', blockWavoip: false });

    // Sending the profile it already has is not a change.
    expect((await api.put(`/users/${self.id}`, { name: 'Same Profile', profile: 'user' }, { token: self.token })).status).toBe(200);
  });

  it('users and supervisors cannot edit another user', async () => {
    const target = await member(tenantA, 'user', 'Untouched Agent');
    for (const caller of [userA, superA]) {
      expectForbidden(await api.put(`/users/${target.id}`, { name: 'Hijacked' }, { token: caller.token }));
      expectForbidden(await api.put(`/users/${target.id}`, { password: 'Hijack-pass-1' }, { token: caller.token }));
    }
    expectForbidden(await api.put(`/users/${superA.id}`, { profile: 'admin' }, { token: superA.token }), 'super promoting self');
    expect((await api.get(`/users/${target.id}`, { token: adminA.token })).body.name).toBe('Untouched Agent');
    await api.login(target.email, target.password);
  });

  it('an admin cannot change their own profile, nor manage a superadmin', async () => {
    const admin = await member(tenantA, 'admin');
    expectForbidden(await api.put(`/users/${admin.id}`, { profile: 'user' }, { token: admin.token }));
    expect((await api.put(`/users/${admin.id}`, { name: 'Admin Renamed' }, { token: admin.token })).status).toBe(200);

    const superadmin = await member(tenantA, 'superadmin');
    expectForbidden(await api.put(`/users/${superadmin.id}`, { name: 'Demoted?' }, { token: admin.token }));
    expectForbidden(await api.delete(`/users/${superadmin.id}`, { token: admin.token }));
    expect((await api.get(`/users/${superadmin.id}`, { token: admin.token })).body).toMatchObject({ profile: 'superadmin' });
  });

  it("a password set by an admin ends the user's sessions", async () => {
    const target = await member(tenantA, 'user');
    expect((await api.put(`/users/${target.id}`, { password: 'Set-by-admin-1' }, { token: adminA.token })).status).toBe(200);
    const refresh = await api.post('/auth/refresh_token', { refreshToken: target.refreshToken });
    expect(refresh.status).toBe(401);
    expect(refresh.body.error).toBe('ERR_INVALID_TOKEN');
    expect((await api.get(`/users/${target.id}`, { token: target.token })).status).toBe(401);
    await api.login(target.email, 'Set-by-admin-1');
  });
});

describe('changing one\u2019s own e-mail or password needs the current password', () => {
  it('refuses a missing or wrong current password (400 ERR_INVALID_CURRENT_PASSWORD), limits guesses, and changes nothing', async () => {
    const self = await member(tenantA, 'user');
    for (const body of [
      { password: 'Stolen-token-1!' },
      { password: 'Stolen-token-1!', currentPassword: 'Not-my-pass-1!' },
      { email: `taken-over-${self.id}@users.example.test` },
      { email: `taken-over-${self.id}@users.example.test`, currentPassword: 'Not-my-pass-1!' },
    ]) {
      const response = await api.put(`/users/${self.id}`, body, { token: self.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_INVALID_CURRENT_PASSWORD');
      expect(Object.keys(response.body.fields)).toEqual(['currentPassword']);
    }
    // Two wrong guesses so far; three more, then even the right one waits (5 a minute per user).
    for (let i = 0; i < 3; i++)
      expect(
        (await api.put(`/users/${self.id}`, { password: 'Stolen-token-1!', currentPassword: `Guess-${i}-pass!` }, { token: self.token }))
          .status,
      ).toBe(400);
    const limited = await api.put(
      `/users/${self.id}`,
      { password: 'Stolen-token-1!', currentPassword: self.password },
      { token: self.token },
    );
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('ERR_LIMIT_MAX');
    await api.login(self.email, self.password);
    // A name alone needs nothing more.
    expect((await api.put(`/users/${self.id}`, { name: 'Still Me' }, { token: self.token })).status).toBe(200);
  });

  it('a new e-mail of one\u2019s own is set when the link sent to it is opened; an admin editing someone else needs no password and no link', async () => {
    const self = await member(tenantA, 'super');
    const email = `moved-${self.id}@users.example.test`;
    const asked = await api.put(`/users/${self.id}`, { email, currentPassword: self.password }, { token: self.token });
    expect(asked.status).toBe(200);
    expect(asked.body.email).toBe(self.email);
    const link = /#\/perfil\/email\/([A-Za-z0-9_-]{20,})/.exec((await mail.waitFor((m) => m.to.includes(email))).text);
    expect(link).not.toBeNull();
    const confirmed = await api.post('/users/email-change/confirm', { token: link![1] });
    expect(confirmed.status).toBe(200);
    await api.login(email, self.password);
    // Single use.
    const again = await api.post('/users/email-change/confirm', { token: link![1] });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('ERR_INVALID_EMAIL_CHANGE_TOKEN');

    const byAdmin = await api.put(
      `/users/${self.id}`,
      { email: `by-admin-${self.id}@users.example.test`, password: 'Admin-set-1!' },
      { token: adminA.token },
    );
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.email).toBe(`by-admin-${self.id}@users.example.test`);
    // An admin's own password is their own: the current one is needed.
    const admin = await member(tenantA, 'admin');
    expect((await api.put(`/users/${admin.id}`, { password: 'Admin-own-1!' }, { token: admin.token })).body.error).toBe(
      'ERR_INVALID_CURRENT_PASSWORD',
    );
  });

  it('asking for an e-mail that already has an account answers exactly as for a free one; its owner is told, nothing changes', async () => {
    const self = await member(tenantA, 'user');
    const free = await api.put(
      `/users/${self.id}`,
      { email: `free-${self.id}@users.example.test`, currentPassword: self.password },
      { token: self.token },
    );
    const taken = await api.put(`/users/${self.id}`, { email: userB.email, currentPassword: self.password }, { token: self.token });
    expect(taken.status).toBe(free.status);
    const { updatedAt: _a, ...freeBody } = free.body;
    const { updatedAt: _b, ...takenBody } = taken.body;
    expect(takenBody).toEqual(freeBody);
    const notice = await mail.waitFor((m) => m.to.includes(userB.email));
    expect(notice.text).not.toMatch(/#\/perfil\/email\//);
    await api.login(userB.email, userB.password);
    await api.login(self.email, self.password);
  });

  it("one's own new password ends every other session of the user and keeps the current one", async () => {
    const self = await member(tenantA, 'user');
    const other = await api.login(self.email, self.password);
    const changed = await api.put(
      `/users/${self.id}`,
      { password: 'Fresh-pass-3!', currentPassword: self.password },
      { token: self.token },
    );
    expect(changed.status).toBe(200);
    expect((await api.get(`/users/${self.id}`, { token: other.token })).status).toBe(401);
    expect((await api.post('/auth/refresh_token', { refreshToken: other.refreshToken })).status).toBe(401);
    // The session that changed it goes on, refresh included.
    expect((await api.get(`/users/${self.id}`, { token: self.token })).status).toBe(200);
    expect((await api.post('/auth/refresh_token', { refreshToken: self.refreshToken })).status).toBe(200);
  });
});

describe('taken e-mails do not let anyone probe other tenants', () => {
  it("an admin learns freely about their own tenant's e-mails; about other tenants, 5 answers an hour, then every creation waits", async () => {
    const tenant = (await buildTenant(server.ctx)).id;
    const admin = await member(tenant, 'admin');
    const colleague = await member(tenant, 'user');
    for (let i = 0; i < 7; i++) {
      const own = await api.post('/users', newUser({ email: colleague.email }), { token: admin.token });
      expect(own.status).toBe(409);
      expect(own.body.error).toBe('ERR_DUPLICATED_EMAIL');
    }
    const foreign = [userB, adminB, userA, adminA, superA];
    for (const holder of foreign)
      expect((await api.post('/users', newUser({ email: holder.email }), { token: admin.token })).status).toBe(409);
    // The budget is spent: a taken e-mail and a free one get the same refusal.
    for (const email of [userB.email, `free-${tenant}@users.example.test`]) {
      const response = await api.post('/users', newUser({ email }), { token: admin.token });
      expect(response.status, email).toBe(429);
      expect(response.body.error).toBe('ERR_LIMIT_MAX');
    }
    // Edits that do not set an e-mail go on.
    expect((await api.put(`/users/${colleague.id}`, { name: 'Renamed Colleague' }, { token: admin.token })).status).toBe(200);
  });

  it('one\u2019s own e-mail change requests are limited to 5 a minute', async () => {
    const self = await member(tenantA, 'user');
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await api.put(
            `/users/${self.id}`,
            { email: `burst-${i}-${self.id}@users.example.test`, currentPassword: self.password },
            { token: self.token },
          )
        ).status,
      ).toBe(200);
    }
    const limited = await api.put(
      `/users/${self.id}`,
      { email: `burst-6-${self.id}@users.example.test`, currentPassword: self.password },
      { token: self.token },
    );
    expect(limited.status).toBe(429);
  });
});

describe('DELETE /users/{id}', () => {
  it('an admin deletes a user of their tenant, who then cannot log in', async () => {
    const target = await member(tenantA, 'user');
    expect((await api.delete(`/users/${target.id}`, { token: adminA.token })).status).toBe(204);
    const login = await tryLogin(target.email, target.password);
    expect(login.status).toBe(401);
    expect(login.body.error).toBe('ERR_INVALID_CREDENTIALS');
    expect((await api.get(`/users/${target.id}`, { token: target.token })).status).toBe(401);
    const again = await api.delete(`/users/${target.id}`, { token: adminA.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('ERR_NO_USER_FOUND');
  });

  it('users and supervisors cannot delete (403)', async () => {
    const target = await member(tenantA, 'user');
    for (const caller of [userA, superA]) expectForbidden(await api.delete(`/users/${target.id}`, { token: caller.token }));
    expect((await api.get(`/users/${target.id}`, { token: adminA.token })).status).toBe(200);
  });

  it("an admin cannot delete themselves: 400 ERR_CANNOT_DELETE_SELF 'Não é possível deletar o usuário.'", async () => {
    const response = await api.delete(`/users/${adminA.id}`, { token: adminA.token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'ERR_CANNOT_DELETE_SELF', message: 'Não é possível deletar o usuário.' });
    expect((await api.get(`/users/${adminA.id}`, { token: adminA.token })).status).toBe(200);
  });
});

describe('tenant isolation', () => {
  it('an admin of tenant A gets 404 ERR_NO_USER_FOUND for the users of tenant B, and changes nothing', async () => {
    const before = (await api.get(`/users/${userB.id}`, { token: adminB.token })).body;
    const attempts = {
      get: await api.get(`/users/${userB.id}`, { token: adminA.token }),
      put: await api.put(`/users/${userB.id}`, { name: 'Cross Tenant', password: 'Cross-pass-1' }, { token: adminA.token }),
      delete: await api.delete(`/users/${userB.id}`, { token: adminA.token }),
      online: await api.put(`/usersIsOnline/${userB.id}`, { isOnline: false }, { token: adminA.token }),
    };
    for (const [name, response] of Object.entries(attempts)) {
      expect(response.status, name).toBe(404);
      expect(response.body.error, name).toBe('ERR_NO_USER_FOUND');
    }
    const after = await api.get(`/users/${userB.id}`, { token: adminB.token });
    expect(after.body).toEqual(before);
    await api.login(userB.email, userB.password);

    const list = await api.get('/users/', { token: adminA.token });
    expect(list.body.users.map((u: any) => u.tenantId)).toEqual(expect.arrayContaining([tenantA]));
    expect(list.body.users.every((u: any) => u.tenantId === tenantA)).toBe(true);
  });
});

describe('PUT /users/{id}/configs', () => {
  it("a user saves their own preferences, and no one else's (even an admin)", async () => {
    const self = await member(tenantA, 'user');
    const filters = { status: ['open', 'pending'], showAll: false, queuesIds: [1, 2] };
    const response = await api.put(`/users/${self.id}/configs`, { isDark: true, filtrosAtendimento: filters }, { token: self.token });
    expect(response.status).toBe(200);
    expect(response.body.configs).toEqual({ isDark: true, filtrosAtendimento: filters, language: null, notificationSound: true });

    // Partial update keeps the other preferences; the login response carries them.
    const saved = await api.put(
      `/users/${self.id}/configs`,
      { isDark: false, language: 'es-419', notificationSound: false },
      { token: self.token },
    );
    expect(saved.body.configs).toEqual({ isDark: false, filtrosAtendimento: filters, language: 'es-419', notificationSound: false });
    expect((await api.login(self.email, self.password)).configs).toEqual({
      isDark: false,
      filtrosAtendimento: filters,
      language: 'es-419',
      notificationSound: false,
    });
    expect((await api.put(`/users/${self.id}/configs`, { language: null }, { token: self.token })).body.configs.language).toBeNull();
    const badLanguage = await api.put(`/users/${self.id}/configs`, { language: 'xx' }, { token: self.token });
    expect(badLanguage.status).toBe(400);
    expect(Object.keys(badLanguage.body.fields)).toEqual(['language']);

    for (const caller of [adminA, superA, userA]) {
      expectForbidden(await api.put(`/users/${self.id}/configs`, { isDark: true }, { token: caller.token }));
    }
    expectForbidden(await api.put(`/users/${userB.id}/configs`, { isDark: true }, { token: adminA.token }));
    expect((await api.get(`/users/${self.id}`, { token: self.token })).body.configs.isDark).toBe(false);

    const invalid = await api.put(`/users/${self.id}/configs`, { isDark: 'yes' }, { token: self.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(invalid.body.fields)).toEqual(['isDark']);
  });
});

describe('GET /users/ and /users/chat-privado/', () => {
  let tenantC: number;
  let adminC: Member;

  beforeAll(async () => {
    tenantC = (await buildTenant(server.ctx, { maxUsers: 100 })).id;
    adminC = await member(tenantC, 'admin', 'Zz Admin');
    // 45 more users sharing one password hash: pagination needs many rows, not many hashes.
    const passwordHash = await hashPassword(DEFAULT_PASSWORD);
    for (let i = 1; i <= 45; i++) {
      const n = String(i).padStart(2, '0');
      await insertUser(server.ctx.db, tenantC, {
        name: `Agent ${n}`,
        email: `agent-${n}@page.example.test`,
        passwordHash,
        profile: 'user',
      });
    }
    await insertUser(server.ctx.db, tenantC, {
      name: 'Beatriz 100% Online',
      email: 'bia_percent@page.example.test',
      passwordHash,
      profile: 'super',
    });
  });

  it('paginates 40 a page, ordered by name, with count and hasMore', async () => {
    const first = await api.get('/users/', { token: adminC.token });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(47);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.users).toHaveLength(40);
    expect(first.body.users[0].name).toBe('Agent 01');
    const names = first.body.users.map((u: any) => u.name);
    expect(names).toEqual([...names].sort());

    const second = await api.get('/users/?pageNumber=2', { token: adminC.token });
    expect(second.body).toMatchObject({ count: 47, hasMore: false });
    expect(second.body.users.map((u: any) => u.name)).toEqual([
      'Agent 41',
      'Agent 42',
      'Agent 43',
      'Agent 44',
      'Agent 45',
      'Beatriz 100% Online',
      'Zz Admin',
    ]);
    const ids = new Set([...first.body.users, ...second.body.users].map((u: any) => u.id));
    expect(ids.size).toBe(47);

    const beyond = await api.get('/users/?pageNumber=3', { token: adminC.token });
    expect(beyond.body).toEqual({ users: [], count: 47, hasMore: false });

    const invalid = await api.get('/users/?pageNumber=0', { token: adminC.token });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fields)).toEqual(['pageNumber']);
  });

  it('searches name and e-mail, case-insensitively, with % and _ taken literally', async () => {
    const byName = await api.get('/users/?searchParam=AGENT%204', { token: adminC.token });
    expect(byName.body.users.map((u: any) => u.name)).toEqual(['Agent 40', 'Agent 41', 'Agent 42', 'Agent 43', 'Agent 44', 'Agent 45']);
    expect(byName.body).toMatchObject({ count: 6, hasMore: false });

    const byEmail = await api.get('/users/?searchParam=agent-07%40page', { token: adminC.token });
    expect(byEmail.body.users.map((u: any) => u.email)).toEqual(['agent-07@page.example.test']);

    const percent = await api.get(`/users/?searchParam=${encodeURIComponent('100%')}`, { token: adminC.token });
    expect(percent.body.users.map((u: any) => u.name)).toEqual(['Beatriz 100% Online']);
    const underscore = await api.get(`/users/?searchParam=${encodeURIComponent('bia_')}`, { token: adminC.token });
    expect(underscore.body.count).toBe(1);
    const onlyWildcard = await api.get(`/users/?searchParam=${encodeURIComponent('%')}`, { token: adminC.token });
    expect(onlyWildcard.body.count).toBe(1);

    // Never another tenant's users.
    const other = await api.get(`/users/?searchParam=${encodeURIComponent(userB.email)}`, { token: adminC.token });
    expect(other.body).toEqual({ users: [], count: 0, hasMore: false });
  });

  it('chat-privado lists the other users of the tenant, without the caller and without private fields', async () => {
    const response = await api.get('/users/chat-privado/', { token: adminC.token });
    expect(response.status).toBe(200);
    expect(response.body.users).toHaveLength(46);
    expect(response.body.users.map((u: any) => u.id)).not.toContain(adminC.id);
    expect(Object.keys(response.body.users[0]).sort()).toEqual([
      'email',
      'id',
      'isOnline',
      'lastMessage',
      'lastOnline',
      'name',
      'profile',
      'unreadCount',
    ]);

    const searched = await api.get('/users/chat-privado/?searchParam=zz', { token: adminC.token });
    expect(searched.body.users).toEqual([]);
    const fromPlainUser = (await api.get('/users/chat-privado/', { token: userA.token })).body.users.map((u: any) => u.id);
    expect(fromPlainUser).toEqual(expect.arrayContaining([adminA.id, superA.id]));
    expect(fromPlainUser).not.toContain(userA.id);
    expect(fromPlainUser).not.toContain(adminC.id);
    expect(fromPlainUser).not.toContain(userB.id);
    const searchedFromUser = await api.get(`/users/chat-privado/?searchParam=${encodeURIComponent(adminA.email.toUpperCase())}`, {
      token: userA.token,
    });
    expect(searchedFromUser.body.users.map((u: any) => u.id)).toEqual([adminA.id]);
  });
});

describe('queue membership of users', () => {
  it('an admin sets the queues a user attends; lists and the login response show them; other tenants\u2019 queues are refused', async () => {
    const sales = await insertQueue(server.ctx.db, tenantA, { name: `Sales ${sequence}`, color: '#112233', greetingMessage: null });
    const support = await insertQueue(server.ctx.db, tenantA, { name: `Support ${sequence}`, color: '#445566', greetingMessage: null });
    const foreign = await insertQueue(server.ctx.db, tenantB, { name: `Foreign ${sequence}`, color: '#778899', greetingMessage: null });

    const body = newUser({ queueIds: [sales.id] });
    const created = await api.post('/users', body, { token: adminA.token });
    expect(created.status).toBe(201);
    expect(created.body.queues).toEqual([{ id: sales.id, name: sales.name }]);

    const updated = await api.put(`/users/${created.body.id}`, { queueIds: [sales.id, support.id] }, { token: adminA.token });
    expect(updated.status).toBe(200);
    expect(updated.body.queues.map((q: { id: number }) => q.id).sort()).toEqual([sales.id, support.id].sort());

    const session = await api.login(body.email, body.password);
    expect(session.queues.map((q) => q.id).sort()).toEqual([sales.id, support.id].sort());

    const refused = await api.put(`/users/${created.body.id}`, { queueIds: [foreign.id] }, { token: adminA.token });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await api.get(`/users/${created.body.id}`, { token: adminA.token })).body.queues).toHaveLength(2);

    // A user cannot change their own queues.
    expectForbidden(await api.put(`/users/${created.body.id}`, { queueIds: [] }, { token: session.token }));
  });
});
