import {
  autoReplyBodySchema,
  createChannelBodySchema,
  createContactBodySchema,
  createQueueBodySchema,
  evolutionSettingsSchema,
  fieldIssueOf,
  planBodySchema,
  signupBodySchema,
  updateAbsenceMessageBodySchema,
  updateBusinessHoursBodySchema,
  updateQueueBodySchema,
  type FieldIssue,
} from '@conversa/shared';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.js';
import { startTestServer, type TestServer } from './harness.js';
import { withContactVariables } from '../src/modules/contact-variables/template-scope.js';

/**
 * The routes check their bodies with the schemas of @conversa/shared, the ones the web app's forms
 * check with before sending: a body the shared schema refuses gets 400 ERR_VALIDATION with, per
 * field, exactly the FieldIssues the web app computes from that schema (and translates).
 */
let server: TestServer;
let api: Api;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  token = (await api.loginRoot()).token;
});
afterAll(async () => server?.close());

/** What a form computes from the shared schema: the FieldIssues of a refused body, by dotted path. */
function sharedIssues(schema: z.ZodType, body: unknown): Record<string, FieldIssue[]> {
  // As a form of a tenant without contact variables checks it (the server's routes read the tenant's).
  const parsed = withContactVariables([], () => schema.safeParse(body));
  expect(parsed.success, 'the shared schema refuses the body').toBe(false);
  const out: Record<string, FieldIssue[]> = {};
  for (const issue of parsed.error?.issues ?? []) (out[issue.path.map(String).join('.') || 'body'] ??= []).push(fieldIssueOf(issue, body));
  return out;
}

const cases: { route: string; method: 'post' | 'put'; schema: z.ZodType; body: Record<string, unknown> }[] = [
  { route: '/plans', method: 'post', schema: planBodySchema, body: { name: 'P', value: -1, connections: 2.5, users: 0 } },
  { route: '/queue', method: 'post', schema: createQueueBodySchema, body: { name: ' ', color: 'blue', greetingMessage: null } },
  { route: '/queue/1', method: 'put', schema: updateQueueBodySchema, body: { name: '', color: '#12345' } },
  {
    route: '/contacts',
    method: 'post',
    schema: createContactBodySchema,
    body: { name: 'Ana', number: '+55 11 91234-5678', email: 'ana@', identity: '123.456.789-00', birthday: '31/02/2020' },
  },
  {
    route: '/whatsapp',
    method: 'post',
    schema: createChannelBodySchema,
    body: { name: '', type: 'fax', farewellMessage: 'x'.repeat(5000) },
  },
  {
    route: '/signup',
    method: 'post',
    schema: signupBodySchema,
    body: { name: 'Loja', identity: '52998224725', email: 'loja@example.com', phone: 'call me', password: 'weak', planId: 0 },
  },
  {
    route: '/tenants/business-hours/',
    method: 'put',
    schema: updateBusinessHoursBodySchema,
    body: {
      businessHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
        day,
        type: day === 6 ? 'X' : 'H',
        intervals:
          day === 1
            ? [
                { start: '13:00', end: '18:00' },
                { start: '08:00', end: '13:30' },
              ]
            : day === 2
              ? [{ start: '9:00', end: '08:00' }]
              : day === 3
                ? []
                : [{ start: '18:00', end: '08:00' }],
      })),
      timeZone: 'Mars/Olympus',
    },
  },
  {
    route: '/tenants/message-business-hours/',
    method: 'put',
    schema: updateAbsenceMessageBodySchema,
    body: { messageBusinessHours: 'Oi {{nome}} {{name}}' },
  },
  {
    route: '/auto-reply',
    method: 'post',
    schema: autoReplyBodySchema,
    body: { name: ' ', trigger: 'keyword', matchMode: 'regex', keywords: ['ok', '?!'], reply: '{{cliente}}', queueId: 0 },
  },
];

describe('the routes use the shared body schemas', () => {
  for (const { route, method, schema, body } of cases) {
    it(`${method.toUpperCase()} ${route}: what the shared schema refuses is 400 ERR_VALIDATION with the same field issues`, async () => {
      const answer = await api[method](route, body, { token });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('ERR_VALIDATION');
      expect(answer.body.issues).toEqual(sharedIssues(schema, body));
    });
  }

  it("POST /whatsapp of an Evolution channel: its settings are checked by the shared evolutionSettingsSchema, with the same field issues under 'settings.'", async () => {
    const settings = {
      baseUrl: 'not a url',
      apiKey: ' ',
      instanceName: 'a b',
      pairingNumber: '12',
      importOldMessages: true,
      historySyncLimit: 0,
    };
    const shared = Object.fromEntries(
      Object.entries(sharedIssues(evolutionSettingsSchema, settings)).map(([path, list]) => [`settings.${path}`, list]),
    );
    expect(Object.keys(shared).sort()).toEqual(
      ['settings.apiKey', 'settings.baseUrl', 'settings.historySyncLimit', 'settings.instanceName', 'settings.pairingNumber'].sort(),
    );
    const answer = await api.post('/whatsapp', { name: 'Evolution', type: 'evolution', settings }, { token });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_VALIDATION');
    expect(answer.body.issues).toEqual(shared);

    // The range rule across the history fields, named for clients ('dateRange').
    const range = { baseUrl: 'https://evolution.example.com', apiKey: 'key', importFrom: '2026-03-01', importTo: '2026-01-01' };
    const refused = await api.post('/whatsapp', { name: 'Evolution', type: 'evolution', settings: range }, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual({ 'settings.importTo': [{ code: 'custom', rule: 'dateRange' }] });
    expect(refused.body.issues).toEqual(
      Object.fromEntries(Object.entries(sharedIssues(evolutionSettingsSchema, range)).map(([path, list]) => [`settings.${path}`, list])),
    );
  });

  it('PUT /plans/:id changes only what it is sent: its schema fills no default (trial and trialDays are kept)', async () => {
    const created = await api.post(
      '/plans',
      { name: 'Com teste', value: 10, connections: 1, users: 2, trial: true, trialDays: 14 },
      { token },
    );
    expect(created.status).toBe(201);
    const updated = await api.put(`/plans/${created.body.id}`, { name: 'Com teste 2' }, { token });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Com teste 2', trial: true, trialDays: 14, users: 2 });
  });
});
