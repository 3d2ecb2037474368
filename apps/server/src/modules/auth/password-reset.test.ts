import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { startMailServer, type ReceivedMail, type TestMailServer } from '../../../test/mail-server.js';

// The reset e-mail goes through the durable job queue (polled every 0.5 s in tests) to a real SMTP server.

let mail: TestMailServer;
let server: TestServer;
let api: Api;
let tenantId: number;

beforeAll(async () => {
  mail = await startMailServer();
  server = await startTestServer({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.port),
    SMTP_SECURE: 'false',
    SMTP_FROM: 'Conversa <no-reply@conversa.test>',
  });
  api = new Api(server.url);
  tenantId = (await buildTenant(server.ctx)).id;
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const RESET_LINK = /\/#\/reset\/([A-Za-z0-9_-]{20,})/;

function tokenOf(received: ReceivedMail): string {
  const match = RESET_LINK.exec(received.text);
  if (!match) throw new Error(`no reset link in: ${received.text}`);
  return match[1];
}

describe('POST /password-reset', () => {
  it('answers the same for an existing and an unknown e-mail, and mails a link only to the existing one', async () => {
    const user = await buildUser(server.ctx, tenantId, { name: 'Ana Reset' });

    const unknown = await api.post('/password-reset', { email: 'no-such-user@example.test' });
    const existing = await api.post('/password-reset', { email: `  ${user.email.toUpperCase()} ` });
    expect(unknown.status).toBe(200);
    expect(existing.status).toBe(200);
    expect(existing.body).toEqual(unknown.body);
    expect(Object.keys(existing.body)).toEqual(['message']);

    const received = await mail.waitFor((m) => m.to.includes(user.email));
    expect(received.to).toEqual([user.email]);
    expect(received.from).toBe('no-reply@conversa.test');
    expect(received.subject).toContain('password reset');
    expect(received.text).toContain('Ana Reset');
    expect(received.text).toContain(`${server.url}/#/reset/`);
    expect(tokenOf(received)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The unknown e-mail was asked first; nothing was queued for it.
    expect(mail.messages.filter((m) => m.to.includes('no-such-user@example.test'))).toEqual([]);
  });

  it('validates the e-mail', async () => {
    const response = await api.post('/password-reset', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields)).toEqual(['email']);
  });
});

describe('POST /reset-password', () => {
  it('sets the new password with the mailed token, once; weak passwords are refused without spending it', async () => {
    const user = await buildUser(server.ctx, tenantId);
    const before = await api.login(user.email, user.password);

    expect((await api.post('/password-reset', { email: user.email })).status).toBe(200);
    const token = tokenOf(await mail.waitFor((m) => m.to.includes(user.email)));

    for (const weak of ['sh0rt!', 'onlyletters!', 'noSpecial123', '12345678!', '   \t   ']) {
      const response = await api.post('/reset-password', { token, password: weak });
      expect(response.status, weak).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields)).toEqual(['password']);
    }

    const newPassword = 'Brand-new-pass-2';
    const reset = await api.post('/reset-password', { token, password: newPassword });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Senha redefinida com sucesso!' });

    const withNew = await api.post('/auth/login/', { email: user.email, password: newPassword });
    expect(withNew.status).toBe(200);
    expect(withNew.body.userId).toBe(user.id);
    const withOld = await api.post('/auth/login/', { email: user.email, password: user.password });
    expect(withOld.status).toBe(401);
    expect(withOld.body.error).toBe('ERR_INVALID_CREDENTIALS');

    // Sessions opened before the reset are ended.
    const oldRefresh = await api.post('/auth/refresh_token', { refreshToken: before.refreshToken });
    expect(oldRefresh.status).toBe(401);
    expect(oldRefresh.body.error).toBe('ERR_INVALID_TOKEN');
    expect((await api.get('/users/', { token: before.token })).status).toBe(401);

    const again = await api.post('/reset-password', { token, password: 'Another-pass-3' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('ERR_INVALID_RESET_TOKEN');
    expect((await api.post('/auth/login/', { email: user.email, password: newPassword })).status).toBe(200);
  });

  it('refuses an unknown token with 400 ERR_INVALID_RESET_TOKEN', async () => {
    const response = await api.post('/reset-password', { token: 'A'.repeat(43), password: 'Brand-new-pass-2' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_INVALID_RESET_TOKEN');

    const missing = await api.post('/reset-password', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(missing.body.fields).sort()).toEqual(['password', 'token']);
  });
});
