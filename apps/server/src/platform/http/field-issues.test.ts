import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { ROOT_EMAIL, ROOT_PASSWORD } from '../../../test/env.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

/**
 * ERR_VALIDATION answers keep English `fields` messages (an API) and give, per field, the same
 * problems as codes in `issues`, which the web app translates.
 */
let server: TestServer;
let api: Api;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  token = (await api.login(ROOT_EMAIL, ROOT_PASSWORD)).token;
});
afterAll(async () => server?.close());

describe('field issues of refused requests', () => {
  it('a schema failure: one issue per message, with the zod code and its limits; a missing field is `required`', async () => {
    const answer = await api.post('/signup', {
      name: 'x',
      identity: '123.456.789-00',
      email: 'not an e-mail',
      phone: 'call me',
      password: 'short',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_VALIDATION');
    expect(answer.body.issues).toEqual({
      name: [{ code: 'too_small', origin: 'string', minimum: 2, inclusive: true }],
      identity: [{ code: 'custom', rule: 'invalidIdentity' }],
      email: [{ code: 'invalid_format', origin: 'string', format: 'email' }],
      phone: [{ code: 'invalid_format', origin: 'string', format: 'regex' }],
      password: [{ code: 'custom', rule: 'weakPassword' }],
      planId: [{ code: 'required' }],
    });
    // `fields` keeps one English message per issue, in the same order.
    for (const [path, issues] of Object.entries(answer.body.issues as Record<string, unknown[]>)) {
      expect(answer.body.fields[path]).toHaveLength(issues.length);
    }
  });

  it('numbers and empty texts: limits for numbers, `required` for an empty required text', async () => {
    const answer = await api.post('/plans', { name: '', value: -1, connections: 1.5, users: 1, trial: false, trialDays: 0 }, { token });
    expect(answer.status).toBe(400);
    expect(answer.body.issues.name).toEqual([{ code: 'required' }]);
    expect(answer.body.issues.value).toEqual([expect.objectContaining({ code: 'too_small', origin: 'number', minimum: 0 })]);
    expect(answer.body.issues.connections).toEqual([expect.objectContaining({ code: 'invalid_type' })]);
  });

  it("a use case's rule: the field's issue is the answer's code", async () => {
    const answer = await api.post('/contacts', { name: 'Ana', number: '12' }, { token });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'ERR_INVALID_PHONE',
      fields: { number: ['Invalid number: check the digits and the country code (e.g. +55 11 98765-4321).'] },
      issues: { number: [{ code: 'ERR_INVALID_PHONE' }] },
    });
  });

  it('input no column can hold (refused before the schemas): `invalid`', async () => {
    const answer = await api.post('/contacts', { name: 'A\u0000na', number: '5511912345678' }, { token });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual({ name: [{ code: 'invalid' }] });
  });
});
