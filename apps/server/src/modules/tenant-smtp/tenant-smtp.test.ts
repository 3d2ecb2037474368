/**
 * A company's own SMTP server (issue 13 "per-tenant SMTP", SPEC §3 SMTP) against real SMTP servers
 * (smtp-server on local ports): settings with the password sealed and masked, kept on edits of the
 * same server only; the test e-mail delivered, and its failures told apart (wrong password, closed
 * port, TLS mismatch, refused recipient); the company's users' password-reset e-mails going through
 * its server while other companies' go through the platform's; hosts on private networks refused
 * when saved and when connecting (OUTBOUND_ALLOW_PRIVATE_NETWORKS off).
 */
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildTenant } from '../../../test/factories.js';
import { buildAgent, rows, type Agent } from '../../../test/inbox.js';
import { startMailServer, type TestMailServer } from '../../../test/mail-server.js';
import { upsertTenantSmtp } from './tenant-smtp.repository.js';

const USER = 'smtp-user@empresa.test';
const PASSWORD = 'correct horse battery';

let platformMail: TestMailServer;
let tenantMail: TestMailServer;
let tlsMail: TestMailServer;
let server: TestServer;
let api: Api;
let admin: Agent;
let agent: Agent;
let otherAdmin: Agent;

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const smtpBody = (overrides: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: tenantMail.port,
  secure: false,
  user: USER,
  password: PASSWORD,
  fromAddress: 'atendimento@empresa.test',
  ...overrides,
});

async function save(body: Record<string, unknown>, token = admin.token) {
  return api.put('/settings/smtp', body, { token });
}

beforeAll(async () => {
  platformMail = await startMailServer();
  tenantMail = await startMailServer({ users: { [USER]: PASSWORD }, refuseRecipients: (address) => address.startsWith('nobody@') });
  tlsMail = await startMailServer({ secure: true });
  server = await startTestServer({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(platformMail.port),
    SMTP_SECURE: 'false',
    SMTP_FROM: 'Conversa <no-reply@conversa.test>',
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  api = new Api(server.url);
  const tenant = await buildTenant(server.ctx);
  admin = await buildAgent(server, tenant.id, 'admin');
  agent = await buildAgent(server, tenant.id, 'user');
  otherAdmin = await buildAgent(server, (await buildTenant(server.ctx)).id, 'admin');
});
afterAll(async () => {
  await server?.close();
  await Promise.all([platformMail?.close(), tenantMail?.close(), tlsMail?.close()]);
});

describe('GET/PUT/DELETE /settings/smtp', () => {
  it('starts unconfigured; admins only', async () => {
    const empty = await api.get('/settings/smtp', { token: otherAdmin.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ configured: false, password: '', updatedAt: null });
    expect((await api.get('/settings/smtp', { token: agent.token })).status).toBe(403);
    expect((await save(smtpBody(), agent.token)).status).toBe(403);
    expect((await api.post('/settings/smtp/test', { to: 'x@example.test' }, { token: agent.token })).status).toBe(403);
  });

  it('saves the server with the password sealed at rest and masked in answers; another company sees none', async () => {
    const saved = await save(smtpBody());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      host: '127.0.0.1',
      port: tenantMail.port,
      secure: false,
      user: USER,
      password: '••••••',
    });
    expect(JSON.stringify(saved.body)).not.toContain(PASSWORD);
    const read = await api.get('/settings/smtp', { token: admin.token });
    expect(read.body).toEqual(saved.body);

    const [row] = await rows(server.ctx, sql`select password from tenant_smtp_settings where tenant_id = ${admin.tenantId}`);
    expect(String(row.password)).toMatch(/^enc:v1:/);
    expect(String(row.password)).not.toContain(PASSWORD);

    expect((await api.get('/settings/smtp', { token: otherAdmin.token })).body.configured).toBe(false);
  });

  it('keeps the stored password when none is typed for the same host and user, and asks for it otherwise', async () => {
    expect((await save(smtpBody())).status).toBe(200);
    const kept = await save(smtpBody({ password: undefined, fromAddress: 'suporte@empresa.test' }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ password: '••••••', fromAddress: 'suporte@empresa.test' });
    const masked = await save(smtpBody({ password: '••••••' }));
    expect(masked.status).toBe(200);

    const otherUser = await save(smtpBody({ user: 'someone-else', password: '' }));
    expect(otherUser.status).toBe(400);
    expect(otherUser.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(otherUser.body.fields)).toEqual(['password']);

    // The kept password still signs in: the test e-mail goes through.
    const tested = await api.post('/settings/smtp/test', { to: 'kept@example.test' }, { token: admin.token });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
  });

  it('refuses bad input with the fields named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ port: 0 }, 'port'],
      [{ port: 65536 }, 'port'],
      [{ port: '587' }, 'port'],
      [{ host: 'smtp://mail.example.com' }, 'host'],
      [{ host: 'mail.example.com:587' }, 'host'],
      [{ host: '' }, 'host'],
      [{ fromAddress: 'not-an-address' }, 'fromAddress'],
      [{ secure: 'yes' }, 'secure'],
    ];
    for (const [override, field] of cases) {
      const response = await save(smtpBody(override));
      expect(response.status, JSON.stringify(override)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields)).toEqual([field]);
    }
  });

  it('DELETE removes it (the test then answers ERR_SMTP_NOT_CONFIGURED); a second DELETE is 409', async () => {
    const tenant = await buildTenant(server.ctx);
    const owner = await buildAgent(server, tenant.id, 'admin');
    expect((await save(smtpBody(), owner.token)).status).toBe(200);
    expect((await api.delete('/settings/smtp', { token: owner.token })).status).toBe(204);
    expect((await api.get('/settings/smtp', { token: owner.token })).body.configured).toBe(false);
    const tested = await api.post('/settings/smtp/test', { to: 'a@example.test' }, { token: owner.token });
    expect(tested.status).toBe(409);
    expect(tested.body.error).toBe('ERR_SMTP_NOT_CONFIGURED');
    const again = await api.delete('/settings/smtp', { token: owner.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_SMTP_NOT_CONFIGURED');
  });
});

describe('POST /settings/smtp/test', () => {
  it('delivers a real e-mail through the saved server, signed in as its user, from the sender address', async () => {
    expect((await save(smtpBody())).status).toBe(200);
    const response = await api.post('/settings/smtp/test', { to: 'destino@example.test' }, { token: admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ ok: true, to: 'destino@example.test' });
    expect(response.body.response).toMatch(/^250/);
    const received = await tenantMail.waitFor((mail) => mail.to.includes('destino@example.test'));
    expect(received.user).toBe(USER);
    expect(received.from).toBe('atendimento@empresa.test');
    expect(received.subject).toContain('teste');
    expect(platformMail.messages.some((mail) => mail.to.includes('destino@example.test'))).toBe(false);
  });

  it('a wrong password: 400 ERR_SMTP_AUTH_REFUSED', async () => {
    expect((await save(smtpBody({ password: 'wrong password' }))).status).toBe(200);
    const response = await api.post('/settings/smtp/test', { to: 'auth@example.test' }, { token: admin.token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_SMTP_AUTH_REFUSED');
    expect(response.body.message).toContain('535');
  });

  it('a port nothing listens on: 400 ERR_SMTP_UNREACHABLE', async () => {
    expect((await save(smtpBody({ port: await closedPort() }))).status).toBe(200);
    const response = await api.post('/settings/smtp/test', { to: 'closed@example.test' }, { token: admin.token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_SMTP_UNREACHABLE');
    expect(response.body.message).toContain('ECONNREFUSED');
  });

  it('secure on against a plain server: 400 ERR_SMTP_TLS; secure on against a TLS server delivers', async () => {
    expect((await save(smtpBody({ secure: true }))).status).toBe(200);
    const mismatch = await api.post('/settings/smtp/test', { to: 'tls@example.test' }, { token: admin.token });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('ERR_SMTP_TLS');

    expect((await save(smtpBody({ port: tlsMail.port, secure: true, user: '' }))).status).toBe(200);
    const secured = await api.post('/settings/smtp/test', { to: 'tls-ok@example.test' }, { token: admin.token });
    expect(secured.status, JSON.stringify(secured.body)).toBe(200);
    await tlsMail.waitFor((mail) => mail.to.includes('tls-ok@example.test'));
  });

  it('a recipient the server refuses: 400 ERR_SMTP_REFUSED', async () => {
    expect((await save(smtpBody())).status).toBe(200);
    const response = await api.post('/settings/smtp/test', { to: 'nobody@example.test' }, { token: admin.token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_SMTP_REFUSED');
    expect(response.body.message).toContain('550');
  });

  it('validates the recipient', async () => {
    const response = await api.post('/settings/smtp/test', { to: 'not an address' }, { token: admin.token });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields)).toEqual(['to']);
  });
});

describe("the company's e-mails", () => {
  it("a user's password reset goes through the company's server; another company's through the platform's", async () => {
    expect((await save(smtpBody())).status).toBe(200);
    expect((await api.post('/password-reset', { email: agent.email })).status).toBe(200);
    expect((await api.post('/password-reset', { email: otherAdmin.email })).status).toBe(200);

    const ours = await tenantMail.waitFor((mail) => mail.to.includes(agent.email));
    expect(ours.from).toBe('atendimento@empresa.test');
    expect(ours.user).toBe(USER);
    expect(ours.text).toContain('/#/reset/');
    const theirs = await platformMail.waitFor((mail) => mail.to.includes(otherAdmin.email));
    expect(theirs.from).toBe('no-reply@conversa.test');
    expect(platformMail.messages.some((mail) => mail.to.includes(agent.email))).toBe(false);
    expect(tenantMail.messages.some((mail) => mail.to.includes(otherAdmin.email))).toBe(false);
  });
});

describe('hosts on private networks (OUTBOUND_ALLOW_PRIVATE_NETWORKS off)', () => {
  let strict: TestServer;
  let strictApi: Api;
  let strictAdmin: Agent;

  beforeAll(async () => {
    strict = await startTestServer();
    strictApi = new Api(strict.url);
    strictAdmin = await buildAgent(strict, (await buildTenant(strict.ctx)).id, 'admin');
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('are refused when saved, by address or by a name that resolves to one', async () => {
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '169.254.169.254', '::1']) {
      const response = await strictApi.put('/settings/smtp', smtpBody({ host }), { token: strictAdmin.token });
      expect(response.status, host).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields)).toEqual(['host']);
    }
  });

  it('and when connecting (a host that resolved elsewhere when saved): no e-mail leaves', async () => {
    // As if the name had resolved to a public address when saved and to a private one now.
    await upsertTenantSmtp(strict.ctx.db, strictAdmin.tenantId, {
      host: 'localhost',
      port: tenantMail.port,
      secure: false,
      user: '',
      password: null,
      fromAddress: 'atendimento@empresa.test',
    });
    const response = await strictApi.post('/settings/smtp/test', { to: 'inward@example.test' }, { token: strictAdmin.token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields)).toEqual(['host']);
    expect(tenantMail.messages.some((mail) => mail.to.includes('inward@example.test'))).toBe(false);
  });
});
