import { randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { ROOT_EMAIL, ROOT_PASSWORD } from '../../../test/env.js';
import { verifyAccessToken } from './access-token.js';

let server: TestServer;
let api: Api;
let tenantId: number;
let user: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  tenantId = (await buildTenant(server.ctx)).id;
  user = await buildUser(server.ctx, tenantId, { profile: 'admin' });
});
afterAll(() => server?.close());

/** An authenticated route any signed-in user may call. */
const me = (token?: string) => api.get(`/users/${user.id}`, { token });
const refresh = (refreshToken: string) => api.post('/auth/refresh_token', { refreshToken });

/** Signs access-token claims the way the server does, with a chosen secret, expiry and claims. */
async function signToken(options: { secret?: string; exp: number; sub?: string; tid?: number; sid: string; iss?: string }) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ tid: options.tid ?? tenantId, sid: options.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.sub ?? String(user.id))
    .setIssuer(options.iss ?? 'conversa')
    .setIssuedAt(Math.min(now, options.exp - 60))
    .setExpirationTime(options.exp)
    .sign(new TextEncoder().encode(options.secret ?? server.ctx.secrets.jwtSecret));
}

const sessionIdOf = (token: string) => decodeJwt(token).sid as string;
const now = () => Math.floor(Date.now() / 1000);

describe('refresh tokens', () => {
  it('rotate: the new refresh token works once and gives a working access token', async () => {
    const session = await api.login(user.email, user.password);

    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['refreshToken', 'token']);
    expect(first.body.refreshToken).not.toBe(session.refreshToken);
    expect((await me(first.body.token)).status).toBe(200);
    // Same session: the rotated access token belongs to the family of the login.
    expect(sessionIdOf(first.body.token)).toBe(sessionIdOf(session.token));

    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    expect((await me(second.body.token)).status).toBe(200);
    // The previous access tokens of a live session keep working until they expire.
    expect((await me(session.token)).status).toBe(200);
  });

  it('presenting a spent refresh token again revokes the whole family (401 ERR_INVALID_TOKEN)', async () => {
    const session = await api.login(user.email, user.password);
    const rotated = await refresh(session.refreshToken);
    expect(rotated.status).toBe(200);
    const newest = await refresh(rotated.body.refreshToken);
    expect(newest.status).toBe(200);
    expect((await me(newest.body.token)).status).toBe(200);

    const replay = await refresh(session.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('ERR_INVALID_TOKEN');

    // The newest refresh token of that family is dead too, and so are its access tokens.
    const afterReplay = await refresh(newest.body.refreshToken);
    expect(afterReplay.status).toBe(401);
    expect(afterReplay.body.error).toBe('ERR_INVALID_TOKEN');
    for (const token of [session.token, rotated.body.token, newest.body.token]) {
      const response = await me(token);
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('ERR_INVALID_TOKEN');
    }
  });

  it('a revoked family does not touch the other sessions of the same user', async () => {
    const victim = await api.login(user.email, user.password);
    const other = await api.login(user.email, user.password);
    expect((await refresh(victim.refreshToken)).status).toBe(200);
    expect((await refresh(victim.refreshToken)).status).toBe(401);

    expect((await me(victim.token)).status).toBe(401);
    expect((await me(other.token)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('refuses garbage, forged and access tokens in place of a refresh token with 401 ERR_INVALID_TOKEN', async () => {
    const session = await api.login(user.email, user.password);
    const [id] = session.refreshToken.split('.');
    const forged = `${id}.${randomBytes(32).toString('base64url')}`;
    for (const candidate of ['garbage', forged, session.token, `${randomUUID()}.${randomBytes(32).toString('base64url')}`]) {
      const response = await refresh(candidate);
      expect(response.status, candidate).toBe(401);
      expect(response.body.error).toBe('ERR_INVALID_TOKEN');
    }
    // A forged secret for a real id is not "reuse": the genuine token still works.
    expect((await refresh(session.refreshToken)).status).toBe(200);

    // No token in the body means "the cookie": without the app's header that is refused, and without a cookie there is nothing to refresh.
    const missing = await api.post('/auth/refresh_token', {});
    expect(missing.status).toBe(403);
    expect(missing.body.error).toBe('ERR_NO_PERMISSION');
    const noCookie = await api.post('/auth/refresh_token', undefined, { headers: APP_HEADER });
    expect(noCookie.status).toBe(401);
    expect(noCookie.body.error).toBe('ERR_INVALID_TOKEN');
    const invalid = await api.post('/auth/refresh_token', { refreshToken: 42 });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fields)).toEqual(['refreshToken']);
  });
});

/** The refresh cookie a response sets (name=value), and the whole Set-Cookie line. */
function refreshCookie(response: { headers: Headers }): { pair: string; line: string } | undefined {
  const line = response.headers.getSetCookie().find((c) => c.startsWith('conversa_refresh='));
  return line ? { pair: line.split(';')[0], line } : undefined;
}
const APP_HEADER = { 'x-requested-with': 'conversa' };
const refreshByCookie = (cookie: string, headers: Record<string, string> = APP_HEADER) =>
  api.post('/auth/refresh_token', undefined, { headers: { ...headers, cookie } });
const loginResponse = () => api.post('/auth/login/', { email: user.email, password: user.password });

describe('the refresh token as an httpOnly cookie (the web app)', () => {
  it('login sets it httpOnly, SameSite=Strict, for /auth only, for the refresh lifetime; Secure over https', async () => {
    const cookie = refreshCookie(await loginResponse())!;
    expect(cookie.line).toMatch(/; HttpOnly/);
    expect(cookie.line).toMatch(/; SameSite=Strict/);
    expect(cookie.line).toMatch(/; Path=\/auth(;|$)/);
    expect(cookie.line).toMatch(new RegExp(`; Max-Age=${server.ctx.env.REFRESH_TOKEN_TTL_SECONDS}(;|$)`));
    expect(cookie.line).not.toMatch(/; Secure/);
    // Behind a trusted proxy that says https.
    const behindProxy = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      const root = await new Api(behindProxy.url).post(
        '/auth/login/',
        { email: ROOT_EMAIL, password: ROOT_PASSWORD },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(refreshCookie(root)!.line).toMatch(/; Secure/);
    } finally {
      await behindProxy.close();
    }
  });

  it('refreshes with no body: a new access token in the answer, the rotated refresh token only as a cookie', async () => {
    const first = refreshCookie(await loginResponse())!;
    const rotated = await refreshByCookie(first.pair);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ token: expect.any(String) });
    expect((await me(rotated.body.token)).status).toBe(200);
    const second = refreshCookie(rotated)!;
    expect(second.pair).not.toBe(first.pair);
    expect(second.line).toMatch(/; HttpOnly/);
    expect((await refreshByCookie(second.pair)).status).toBe(200);
  });

  it('a replayed cookie revokes the family and the answer clears the cookie', async () => {
    const first = refreshCookie(await loginResponse())!;
    const second = refreshCookie(await refreshByCookie(first.pair))!;
    const replay = await refreshByCookie(first.pair);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('ERR_INVALID_TOKEN');
    expect(refreshCookie(replay)!.line).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect((await refreshByCookie(second.pair)).status).toBe(401);
  });

  it('is refused (403, cookie untouched) without the app header or from another site', async () => {
    const cookie = refreshCookie(await loginResponse())!;
    const refused: Record<string, string>[] = [
      {},
      { 'x-requested-with': 'XMLHttpRequest' },
      { ...APP_HEADER, 'sec-fetch-site': 'cross-site' },
      { ...APP_HEADER, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of refused) {
      const response = await refreshByCookie(cookie.pair, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
    // Not spent: the app itself still refreshes with it.
    expect((await refreshByCookie(cookie.pair, { ...APP_HEADER, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('an API client sending the token in the body gets the new one in the answer and no cookie', async () => {
    const session = await api.login(user.email, user.password);
    const rotated = await refresh(session.refreshToken);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });
    expect(refreshCookie(rotated)).toBeUndefined();
  });

  it('logout clears the cookie, which then refreshes nothing', async () => {
    const login = await loginResponse();
    const cookie = refreshCookie(login)!;
    const logout = await api.post('/auth/logout/', undefined, { token: login.body.token, headers: { cookie: cookie.pair } });
    expect(logout.status).toBe(204);
    expect(refreshCookie(logout)!.line).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect((await refreshByCookie(cookie.pair)).status).toBe(401);
  });
});

describe('access tokens', () => {
  it('an expired access token gets 403 ERR_SESSION_EXPIRED; the same claims unexpired pass', async () => {
    const { token } = await api.login(user.email, user.password);
    const sid = sessionIdOf(token);

    const valid = await signToken({ sid, exp: now() + 120 });
    expect((await me(valid)).status).toBe(200);

    const expired = await signToken({ sid, exp: now() - 5 });
    const response = await me(expired);
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('ERR_SESSION_EXPIRED');
    // An expired token still refreshes through the refresh token (SPEC §7: on 403 the client refreshes once).
  });

  it('a token already accepted is refused once it expires, and its signature counts only for its own secret', async () => {
    const { token } = await api.login(user.email, user.password);
    const sid = sessionIdOf(token);
    const expiresAt = now() + 2;
    const shortLived = await signToken({ sid, exp: expiresAt });
    expect((await me(shortLived)).status).toBe(200);
    // Checked again at every use (the signature's check is remembered, the expiry is not).
    await expect.poll(async () => (await me(shortLived)).body.error, { timeout: 5_000, interval: 200 }).toBe('ERR_SESSION_EXPIRED');
    expect(now()).toBeGreaterThanOrEqual(expiresAt);

    const accepted = await signToken({ sid, exp: now() + 120 });
    expect((await verifyAccessToken(accepted, server.ctx.secrets.jwtSecret)).sessionId).toBe(sid);
    await expect(verifyAccessToken(accepted, randomBytes(48).toString('base64url'))).rejects.toMatchObject({ code: 'ERR_INVALID_TOKEN' });
  });

  it('refuses a missing, garbage, forged or tampered token with 401 ERR_INVALID_TOKEN', async () => {
    const { token } = await api.login(user.email, user.password);
    const sid = sessionIdOf(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const elevated = Buffer.from(JSON.stringify({ ...claims, sub: '1', tid: 1 })).toString('base64url');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;

    const cases: Record<string, string | undefined> = {
      missing: undefined,
      garbage: 'not-a-jwt',
      'forged with another secret': await signToken({ sid, exp: now() + 120, secret: randomBytes(48).toString('base64url') }),
      // Signature checked before expiry: a forged expired token says nothing about expiry.
      'forged and expired': await signToken({ sid, exp: now() - 5, secret: randomBytes(48).toString('base64url') }),
      'payload swapped (other user, tenant 1)': `${header}.${elevated}.${signature}`,
      'alg none': unsigned,
      'other issuer': await signToken({ sid, exp: now() + 120, iss: 'someone-else' }),
      'claims another tenant': await signToken({ sid, exp: now() + 120, tid: 1 }),
      'unknown session': await signToken({ sid: randomUUID(), exp: now() + 120 }),
      'unknown user': await signToken({ sid, exp: now() + 120, sub: '987654' }),
    };
    for (const [name, candidate] of Object.entries(cases)) {
      const response = await me(candidate);
      expect(response.status, name).toBe(401);
      expect(response.body.error, name).toBe('ERR_INVALID_TOKEN');
    }

    const wrongScheme = await api.get(`/users/${user.id}`, { headers: { authorization: `Basic ${token}` } });
    expect(wrongScheme.status).toBe(401);
    expect(wrongScheme.body.error).toBe('ERR_INVALID_TOKEN');
  });

  it('an anonymous caller is refused before the body is read', async () => {
    const response = await api.post('/users', { nonsense: true });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('ERR_INVALID_TOKEN');
  });
});

describe('POST /auth/logout/', () => {
  it('revokes the session: its access token and refresh token are refused afterwards', async () => {
    const session = await api.login(user.email, user.password);
    const other = await api.login(user.email, user.password);

    const logout = await api.post('/auth/logout/', undefined, { token: session.token });
    expect(logout.status).toBe(204);

    const withToken = await me(session.token);
    expect(withToken.status).toBe(401);
    expect(withToken.body.error).toBe('ERR_INVALID_TOKEN');
    const withRefresh = await refresh(session.refreshToken);
    expect(withRefresh.status).toBe(401);
    expect(withRefresh.body.error).toBe('ERR_INVALID_TOKEN');
    const again = await api.post('/auth/logout/', undefined, { token: session.token });
    expect(again.status).toBe(401);

    // Only that session ended.
    expect((await me(other.token)).status).toBe(200);
  });

  it('needs a token', async () => {
    const response = await api.post('/auth/logout/');
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('ERR_INVALID_TOKEN');
  });
});
