import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.js';
import { startTestServer, type TestServer } from './harness.js';
import { fetchOpenApi, listOperations } from './openapi-walk.js';

/**
 * SPEC §7's calls, as the spec writes them. Those the server does not build must answer 404
 * ERR_ROUTE_NOT_FOUND, not be captured by a `/{id}` route ("Invalid params: id"); those it builds
 * keep answering (anything but an unknown route). Which is which is read from the OpenAPI document,
 * so building one more later keeps this test true.
 */
const SPEC_CALLS: Array<[method: string, path: string]> = [
  ['POST', '/auth/login/'],
  ['POST', '/auth/logout/'],
  ['POST', '/auth/refresh_token'],
  ['POST', '/password-reset'],
  ['POST', '/reset-password'],
  ['GET', '/tenants/business-hours/'],
  ['PUT', '/tenants/business-hours/'],
  ['PUT', '/tenants/message-business-hours/'],
  ['GET', '/tenants/rating/'],
  ['PUT', '/tenants/rating/'],
  ['GET', '/tenants/systemColors/'],
  ['PUT', '/tenants/systemColors/'],
  ['GET', '/publicSystemColors'],
  ['GET', '/users/'],
  ['POST', '/users'],
  ['PUT', '/users/{id}'],
  ['GET', '/users/{id}'],
  ['DELETE', '/users/{id}'],
  ['PUT', '/usersIsOnline/{id}'],
  ['PUT', '/users/{id}/configs'],
  ['GET', '/users/chat-privado/'],
  ['GET', '/userTenants/'],
  ['POST', '/userTenants'],
  ['PUT', '/userTenants/{id}'],
  ['DELETE', '/userTenants/{id}'],
  ['GET', '/tickets'],
  ['GET', '/tickets/{id}'],
  ['GET', '/tickets/{ticketId}/logs'],
  ['PUT', '/tickets/{id}'],
  ['PUT', '/ticketsForce/{id}'],
  ['PUT', '/ticketsNull/{id}'],
  ['PUT', '/ticketsChatBot/{id}'],
  ['PUT', '/ticketsChannelId/{id}'],
  ['PUT', '/ticketsChannel'],
  ['POST', '/tickets'],
  ['GET', '/ticketsClear'],
  ['GET', '/ticketsMarkAllUnread'],
  ['POST', '/pending/resolvePending'],
  ['GET', '/messages/{ticketId}'],
  ['GET', '/searchMessage'],
  ['GET', '/scheduleMessages/'],
  ['POST', '/messages/{id}'],
  ['PATCH', '/messages/{id}'],
  ['POST', '/messagesSchedule/'],
  ['POST', '/forward-messages/'],
  ['DELETE', '/messages'],
  ['POST', '/messages/syncOld'],
  ['POST', '/messages/syncOldByUser'],
  ['POST', '/messages/sendBirthday'],
  ['POST', '/messages/ghostMessage'],
  ['POST', '/messages/mentionMessage'],
  ['POST', '/messages/mentionAllMessage'],
  ['POST', '/messages/reactionMessage'],
  ['POST', '/messages/editMessage'],
  ['POST', '/messages/listParticipants'],
  ['POST', '/noRedis'],
  ['POST', '/sendButton'],
];

/** The examples of issue 9 item 8: each was captured by a `/{id}` route (POST /messages/sendBirthday and PUT /tenants/systemColors/ were, built since: issues 12 and 15). */
const CAPTURED_BEFORE = ['POST /messages/reactionMessage'];

const normalize = (path: string) => path.replace(/\/+$/, '').replace(/\{[^}]+\}/g, '{}') || '/';

let server: TestServer;
let api: Api;
let token: string;
let built: Set<string>;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  token = (await api.loginRoot()).token;
  built = new Set(listOperations(await fetchOpenApi(api)).map((op) => `${op.method.toUpperCase()} ${normalize(op.path)}`));
});
afterAll(async () => {
  await server?.close();
});

describe('SPEC §7 paths', () => {
  it('answers 404 ERR_ROUTE_NOT_FOUND for each path that is not built, whatever /{id} route sits beside it', async () => {
    const unbuilt = SPEC_CALLS.filter(([method, path]) => !built.has(`${method} ${normalize(path)}`));
    for (const example of CAPTURED_BEFORE) expect(unbuilt.map(([m, p]) => `${m} ${p}`)).toContain(example);
    for (const [method, path] of unbuilt) {
      const response = await api.request(method, path.replaceAll(/\{[^}]+\}/g, '1'), {
        token,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(404);
      expect(response.body).toEqual({ error: 'ERR_ROUTE_NOT_FOUND', message: expect.any(String) });
    }
  });

  it('keeps the built paths (with numeric ids) routed, and refuses a non-numeric id as an unknown route', async () => {
    expect((await api.get('/users/1', { token })).status).toBe(200);
    const named = await api.get('/users/abc', { token });
    expect(named.status).toBe(404);
    expect(named.body.error).toBe('ERR_ROUTE_NOT_FOUND');
    // Digits beyond the id range are still an invalid id, not an unknown route.
    const huge = await api.get('/users/99999999999', { token });
    expect(huge.status).toBe(400);
    expect(huge.body.error).toBe('ERR_VALIDATION');
    // Last: POST /auth/logout/ ends this session.
    const builtCalls = SPEC_CALLS.filter(([method, path]) => built.has(`${method} ${normalize(path)}`));
    expect(builtCalls.length).toBeGreaterThan(20);
    for (const [method, path] of builtCalls) {
      const response = await api.request(method, path.replaceAll(/\{[^}]+\}/g, '1'), {
        token,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(response.body?.error, `${method} ${path}`).not.toBe('ERR_ROUTE_NOT_FOUND');
    }
  });
});
