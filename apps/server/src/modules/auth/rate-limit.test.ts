import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildPlan, buildTenant, buildUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { rateLimitCounters } from '../../platform/db/schema.js';

// SPEC §9: after 5 failures within a minute the next attempt is refused with ERR_LIMIT_MAX; retry after 1 minute.
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

describe('login rate limit per e-mail', () => {
  it('after 5 failures for one e-mail (from different IPs) the 6th attempt is 429 even with the right password', async () => {
    const user = await buildUser(server.ctx, tenantId);
    for (let i = 0; i < 5; i++) {
      const response = await login(user.email, 'Wrong-pass-1!', freshIp());
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('ERR_INVALID_CREDENTIALS');
    }
    const ip = freshIp();
    expectLimited(await login(user.email, user.password, ip));
    // The same e-mail in another case and with spaces is the same account.
    expectLimited(await login(`  ${user.email.toUpperCase()}`, user.password, freshIp()));

    // Another account from the same IP is not affected: the limit is on the e-mail.
    const other = await buildUser(server.ctx, tenantId);
    expect((await login(other.email, other.password, ip)).status).toBe(200);

    // A minute later the account can log in again.
    await server.ctx.db
      .update(rateLimitCounters)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimitCounters.key, `login:email:${user.email}`));
    expect((await login(user.email, user.password, freshIp())).status).toBe(200);
  });

  it('a burst of parallel guesses gets no more than 5 passwords checked', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => login(user.email, `Guess-${i}-pass!`, freshIp())));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expectLimited(await login(user.email, user.password, freshIp()));
  });

  it('a successful login clears the failures of that e-mail', async () => {
    const user = await buildUser(server.ctx, tenantId);
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'Wrong-pass-1!', freshIp())).status).toBe(401);
    expect((await login(user.email, user.password, freshIp())).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'Wrong-pass-1!', freshIp())).status).toBe(401);
    expect((await login(user.email, user.password, freshIp())).status).toBe(200);
  });

  it('failures for an unknown e-mail are limited the same way', async () => {
    for (let i = 0; i < 5; i++) expect((await login('ghost@example.test', 'Wrong-pass-1!', freshIp())).status).toBe(401);
    expectLimited(await login('ghost@example.test', 'Wrong-pass-1!', freshIp()));
  });
});

describe('login rate limit per IP', () => {
  it('after 5 failures from one IP (different e-mails) the 6th attempt from it is 429, other IPs are not affected', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const response = await login(`unknown-${i}@example.test`, 'Wrong-pass-1!', ip);
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('ERR_INVALID_CREDENTIALS');
    }
    expectLimited(await login(user.email, user.password, ip));
    expect((await login(user.email, user.password, freshIp())).status).toBe(200);
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
        { name: `Empresa ${i}`, identity: '529.982.247-25', email: `signup-${i}@example.test`, phone: '+55 11 99999-0000', password: DEFAULT_PASSWORD, planId: plan.id },
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

  it('X-Forwarded-For is ignored: a client cannot dodge the IP limit by forging it', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await directApi.post('/auth/login/', { email: `direct-${i}@example.test`, password: 'Wrong-pass-1!' }, from(freshIp()));
      expect(response.status).toBe(401);
    }
    const user = await buildUser(direct.ctx, (await buildTenant(direct.ctx)).id);
    expectLimited(await directApi.post('/auth/login/', { email: user.email, password: user.password }, from(freshIp())));
  });
});
