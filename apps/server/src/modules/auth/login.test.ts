import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { ROOT_EMAIL, ROOT_PASSWORD } from '../../../test/env.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
});
afterAll(() => server?.close());

describe('POST /auth/login/', () => {
  it('returns exactly the SPEC login response, with the e-mail trimmed and case-insensitive', async () => {
    const response = await api.post('/auth/login/', { email: `  ${ROOT_EMAIL.toUpperCase()} `, password: ROOT_PASSWORD });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(
      ['token', 'refreshToken', 'username', 'profile', 'userId', 'queues', 'blockWavoip', 'whatsappAllowed', 'tenantId', 'email', 'configs'].sort(),
    );
    expect(response.body).toMatchObject({ profile: 'superadmin', tenantId: 1, email: ROOT_EMAIL, configs: { filtrosAtendimento: null, isDark: false } });
  });

  it('refuses a wrong password with 401 ERR_INVALID_CREDENTIALS', async () => {
    const response = await api.post('/auth/login/', { email: ROOT_EMAIL, password: 'wrong-Pass-1!' }, { headers: { 'x-test': '1' } });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('ERR_INVALID_CREDENTIALS');
  });
});
