import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildPlan, buildTenant, buildUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { rateLimitCounters } from '../../platform/db/schema.js';
import { purgeRateLimitsJob } from './jobs/purge-rate-limits.job.js';

// SPEC §9: after 5 failures within a minute the next attempt is refused with ERR_LIMIT_MAX; retry after 1 minute.
// Login: 5 per e-mail and IP, 50 per IP, 20 per e-mail from anywhere, and 5 on a known device instead (use-cases/login.ts).
// The server runs behind a (pretend) trusted proxy so each test can choose its client IP with X-Forwarded-For
// and the e-mail and IP limits can be shown apart.

let server: TestServer;
let api: Api;
let tenantId: number;

let ipSequence = 0;
const freshIp = () => {
  ipSequence++;
  return `10.${Math.floor(ipSequence / 250)}.${ipSequence % 250}.7`;
};
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const login = (email: string, password: string, ip: string) => api.post('/auth/login/', { email, password }, from(ip));

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  api = new Api(server.url);
  tenantId = (await buildTenant(server.ctx)).id;
});
afterAll(() => server?.close());

function expectLimited(response: { status: number; body: any }) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ error: 'ERR_LIMIT_MAX', message: 'Too many attempts. Try again in 1 minute.' });
}

/** The known-device cookie a login answer sets, as a Cookie header value. */
function deviceCookie(response: { headers: Headers }): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('conversa_device='));
  if (!cookie) throw new Error('no known-device cookie set');
  return cookie.split(';')[0];
}
const loginOn = (email: string, password: string, ip: string, cookie: string) =>
  api.post('/auth/login/', { email, password }, { headers: { 'x-forwarded-for': ip, cookie } });

describe('login throttling per e-mail and IP (5 failures a minute)', () => {
  it('the 6th attempt from the failing IP is 429 even with the right password; the user on another IP is not locked out', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) {
      const response = await login(user.email, 'Wrong-pass-1!', attacker);
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('ERR_INVALID_CREDENTIALS');
    }
    expectLimited(await login(user.email, user.password, attacker));
    // The same e-mail in another case and with spaces is the same account.
    expectLimited(await login(`  ${user.email.toUpperCase()}`, user.password, attacker));
    // The user, elsewhere, signs in.
    expect((await login(user.email, user.password, freshIp())).status).toBe(200);
    // Another account from the attacker's IP is not affected either.
    const other = await buildUser(server.ctx, tenantId);
    expect((await login(other.email, other.password, attacker)).status).toBe(200);

    // A minute later the pair can try again.
    await server.ctx.db
      .update(rateLimitCounters)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimitCounters.key, `login:pair:${user.email}|${attacker}`));
    expect((await login(user.email, user.password, attacker)).status).toBe(200);
  });

  it('a burst of parallel guesses from one IP gets no more than 5 passwords checked', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const ip = freshIp();
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => login(user.email, `Guess-${i}-pass!`, ip)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expectLimited(await login(user.email, user.password, ip));
  });

  it('a successful login clears the failures of that e-mail on that IP', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'Wrong-pass-1!', ip)).status).toBe(401);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'Wrong-pass-1!', ip)).status).toBe(401);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
  });

  it('failures for an unknown e-mail are limited the same way', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login('ghost@example.test', 'Wrong-pass-1!', ip)).status).toBe(401);
    expectLimited(await login('ghost@example.test', 'Wrong-pass-1!', ip));
  });
});

describe('login throttling per IP (50 failures a minute) and per e-mail from anywhere (20)', () => {
  it('an office of 10 agents behind one address, several mistyping, all sign in', async () => {
    const office = freshIp();
    const agents = await Promise.all(Array.from({ length: 10 }, () => buildUser(server.ctx, tenantId)));
    for (const agent of agents) {
      for (let i = 0; i < 3; i++) expect((await login(agent.email, 'Typo-pass-1!', office)).status).toBe(401);
    }
    // 30 failures from the one address: below its ceiling, and each agent below its own 5.
    for (const agent of agents) expect((await login(agent.email, agent.password, office)).status).toBe(200);
  });

  it('the 51st failure from one IP (any e-mails) is refused; other IPs and known devices on it are not', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const ip = freshIp();
    const known = deviceCookie(await login(user.email, user.password, ip));
    for (let i = 0; i < 50; i++) expect((await login(`spray-${i}@example.test`, 'Wrong-pass-1!', ip)).status).toBe(401);
    expectLimited(await login('spray-51@example.test', 'Wrong-pass-1!', ip));
    expectLimited(await login(user.email, user.password, ip));
    expect((await login(user.email, user.password, freshIp())).status).toBe(200);
    expect((await loginOn(user.email, user.password, ip, known)).status).toBe(200);
  });

  it('20 failures for one e-mail from 20 addresses stop new devices for a minute, not the known one', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const home = freshIp();
    const known = deviceCookie(await login(user.email, user.password, home));
    for (let i = 0; i < 20; i++) expect((await login(user.email, 'Wrong-pass-1!', freshIp())).status).toBe(401);
    expectLimited(await login(user.email, user.password, freshIp()));
    expectLimited(await login(user.email, user.password, home));
    expect((await loginOn(user.email, user.password, home, known)).status).toBe(200);
  });
});

describe('known device', () => {
  it('an attacker failing 5 times from IP X does not lock the user out on IP Y, nor on a known device on X', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const shared = freshIp();
    const known = deviceCookie(await login(user.email, user.password, shared));
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'Wrong-pass-1!', shared)).status).toBe(401);
    expectLimited(await login(user.email, user.password, shared));
    expect((await loginOn(user.email, user.password, shared, known)).status).toBe(200);
    expect((await login(user.email, user.password, freshIp())).status).toBe(200);
  });

  it('the cookie is httpOnly, SameSite=Strict, sent only to the login route, and Secure over https', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const plain = await login(user.email, user.password, freshIp());
    const cookie = plain.headers.getSetCookie().find((c) => c.startsWith('conversa_device='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/auth\/login(;|$)/);
    expect(cookie).toMatch(/; Max-Age=15552000/);
    expect(cookie).not.toMatch(/; Secure/);
    const https = await api.post(
      '/auth/login/',
      { email: user.email, password: user.password },
      { headers: { 'x-forwarded-for': freshIp(), 'x-forwarded-proto': 'https' } },
    );
    expect(https.headers.getSetCookie().find((c) => c.startsWith('conversa_device='))).toMatch(/; Secure/);
  });

  it('a known device has its own limit of 5 failures, and helps only the users who signed in on it; forged cookies count for nothing', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const other = await buildUser(server.ctx, tenantId);
    const ip = freshIp();
    const known = deviceCookie(await login(user.email, user.password, ip));

    // Another user on the same device is throttled as usual.
    for (let i = 0; i < 5; i++) expect((await loginOn(other.email, 'Wrong-pass-1!', ip, known)).status).toBe(401);
    expectLimited(await loginOn(other.email, other.password, ip, known));

    // A tampered or unsigned cookie is no device at all: the e-mail-and-IP limit applies.
    const [name, value] = known.split('=');
    const payload = JSON.parse(Buffer.from(decodeURIComponent(value).split('.')[0], 'base64url').toString());
    const forgedValue = Buffer.from(JSON.stringify({ ...payload, u: [other.id] })).toString('base64url');
    const forged = `${name}=${forgedValue}.${decodeURIComponent(value).split('.').slice(1).join('.')}`;
    expectLimited(await loginOn(other.email, other.password, ip, forged));
    expectLimited(await loginOn(other.email, other.password, ip, `${name}=${forgedValue}`));

    // The device's own counter: 5 failures there, then 429 on that device.
    for (let i = 0; i < 5; i++) expect((await loginOn(user.email, 'Wrong-pass-1!', ip, known)).status).toBe(401);
    expectLimited(await loginOn(user.email, user.password, ip, known));
  });

  it('a device remembers the users who signed in on it (a shared computer)', async () => {
    const first = await buildUser(server.ctx, tenantId);
    const second = await buildUser(server.ctx, tenantId);
    const ip = freshIp();
    const once = deviceCookie(await login(first.email, first.password, ip));
    const both = deviceCookie(await loginOn(second.email, second.password, ip, once));
    for (const user of [first, second]) {
      for (let i = 0; i < 5; i++) expect((await login(user.email, 'Wrong-pass-1!', ip)).status).toBe(401);
      expectLimited(await login(user.email, user.password, ip));
      expect((await loginOn(user.email, user.password, ip, both)).status).toBe(200);
    }
  });
});

describe('old counters', () => {
  it('are purged after a day; current ones stay', async () => {
    await server.ctx.db.insert(rateLimitCounters).values([
      { key: 'login:pair:old@example.test|10.9.9.9', count: 3, windowStart: sql`now() - interval '25 hours'` },
      { key: 'login:pair:new@example.test|10.9.9.9', count: 3 },
    ]);
    await purgeRateLimitsJob.handler(server.ctx, {}, { number: 1, last: true });
    const keys = (await server.ctx.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(keys).not.toContain('login:pair:old@example.test|10.9.9.9');
    expect(keys).toContain('login:pair:new@example.test|10.9.9.9');
  });
});

describe('password reset request rate limit', () => {
  const requestReset = (email: string, ip: string) => api.post('/password-reset', { email }, from(ip));

  it('per e-mail: the 6th request within a minute is 429', async () => {
    const user = await buildUser(server.ctx, tenantId);
    for (let i = 0; i < 5; i++) expect((await requestReset(user.email, freshIp())).status).toBe(200);
    expectLimited(await requestReset(user.email, freshIp()));
    // Another e-mail is still served.
    expect((await requestReset('someone-else@example.test', freshIp())).status).toBe(200);
  });

  it('a burst of parallel requests for one e-mail is held to 5', async () => {
    const responses = await Promise.all(Array.from({ length: 9 }, () => requestReset('burst@example.test', freshIp())));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.status === 429 && r.body.error === 'ERR_LIMIT_MAX')).toHaveLength(4);
  });

  it('per IP: the 6th request from one IP (different e-mails) is 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await requestReset(`reset-${i}@example.test`, ip)).status).toBe(200);
    expectLimited(await requestReset('reset-6@example.test', ip));
    expect((await requestReset('reset-6@example.test', freshIp())).status).toBe(200);
  });
});

describe('sign-up rate limit', () => {
  it('per IP: the 6th sign-up attempt from one IP within a minute is 429', async () => {
    const plan = await buildPlan(server.ctx);
    const ip = freshIp();
    const signup = (i: number, at: string) =>
      api.post(
        '/signup',
        {
          name: `Empresa ${i}`,
          identity: '529.982.247-25',
          email: `signup-${i}@example.test`,
          phone: '+55 11 99999-0000',
          password: DEFAULT_PASSWORD,
          planId: plan.id,
        },
        from(at),
      );
    for (let i = 0; i < 5; i++) expect((await signup(i, ip)).status).toBe(201);
    expectLimited(await signup(5, ip));
    expect((await signup(5, freshIp())).status).toBe(201);
  });
});

describe('without a trusted proxy', () => {
  let direct: TestServer;
  let directApi: Api;
  beforeAll(async () => {
    direct = await startTestServer();
    directApi = new Api(direct.url);
  });
  afterAll(() => direct?.close());

  it('X-Forwarded-For is ignored: a client cannot dodge the limits by forging it', async () => {
    const user = await buildUser(direct.ctx, (await buildTenant(direct.ctx)).id);
    for (let i = 0; i < 5; i++) {
      const response = await directApi.post('/auth/login/', { email: user.email, password: 'Wrong-pass-1!' }, from(freshIp()));
      expect(response.status).toBe(401);
    }
    expectLimited(await directApi.post('/auth/login/', { email: user.email, password: user.password }, from(freshIp())));
  });
});
