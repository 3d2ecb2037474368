/**
 * DEMO_SIMULATORS=true: the in-process Meta Cloud API simulator, tenant 1's demo waba channel and
 * the public demo phone (/demo/whatsapp): a customer's message becomes a ticket in the inbox, and
 * the agent's reply, sent through the simulator, reaches the demo page's JSON endpoint. Without the
 * flag the demo routes do not exist.
 */
import { randomInt } from 'node:crypto';
import { startMetaCloudSimulator } from '@conversa/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { eventually } from '../../../test/inbox.js';
import { DEMO_CHANNEL_NAME, ensureDemoChannel } from './use-cases/ensure-demo-channel.js';

let server: TestServer;
let api: Api;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ DEMO_SIMULATORS: 'true' });
  api = new Api(server.url);
  token = (await api.loginRoot()).token;
});
afterAll(async () => {
  await server?.close();
});

describe('demo simulators', () => {
  it('creates the connected demo waba channel in tenant 1', async () => {
    const channels = await api.get('/whatsapp', { token });
    expect(channels.status).toBe(200);
    const demo = (channels.body as { name: string; type: string; status: string }[]).filter((c) => c.name === DEMO_CHANNEL_NAME);
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({ type: 'waba', status: 'connected' });
  });

  it('serves the demo phone page with a strict CSP and no inline script', async () => {
    const page = await api.get('/demo/whatsapp');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(String(page.body)).not.toMatch(/<script>/);
    const script = await api.get('/demo/whatsapp/phone.js');
    expect(script.status).toBe(200);
    expect(String(script.body)).toContain('textContent');
    expect(String(script.body)).not.toContain('innerHTML');
  });

  it("speaks the visitor's language (Accept-Language), Portuguese by default, including the script's messages", async () => {
    const french = await api.get('/demo/whatsapp', { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(french.headers.get('content-language')).toBe('fr');
    const html = String(french.body);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Téléphone WhatsApp de démonstration');
    expect(html).toContain(`« ${DEMO_CHANNEL_NAME} »`);
    expect(html).toContain('data-need-number="Saisissez un numéro (10 à 15 chiffres) et un message."');
    expect(html).toContain('value="Client de démonstration"');
    const portuguese = String((await api.get('/demo/whatsapp')).body);
    expect(portuguese).toContain('<html lang="pt">');
    expect(portuguese).toContain('placeholder="Digite uma mensagem"');
    // The script reads its texts from the page; it has none of its own.
    const script = String((await api.get('/demo/whatsapp/phone.js')).body);
    expect(script).toContain('status.dataset.needNumber');
    expect(script).not.toMatch(/'Enter a number|'Not sent|Demo customer/);
  });

  it('turns a demo customer message into a ticket, and the agent reply reaches the demo page endpoint', async () => {
    const number = `55119${randomInt(60_000_000, 99_999_999)}`;
    const text = '<b>Olá</b> from the demo phone';
    const sent = await api.post('/demo/whatsapp/messages', { number, name: 'Demo <customer>', text });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ accepted: true });

    const ticket = await eventually(
      async () => {
        const list = await api.get(`/tickets?showAll=true&status=pending&searchParam=${number}`, { token });
        return (list.body?.tickets as { id: number; contact?: { number?: string } }[] | undefined)?.[0];
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    expect(ticket).toBeDefined();
    const messages = await api.get(`/messages/${ticket.id}`, { token });
    expect(JSON.stringify(messages.body)).toContain(text);

    const reply = await api.post(`/messages/${ticket.id}`, { body: 'Hello, how can we help?' }, { token });
    expect(reply.status).toBe(201);
    const replies = await eventually(
      async () => {
        const answer = await api.get(`/demo/whatsapp/replies?number=${number}&after=0`);
        expect(answer.status).toBe(200);
        return answer.body.replies.length ? answer.body : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(replies).toMatchObject({ next: 1, replies: [{ type: 'text', text: expect.stringContaining('Hello, how can we help?') }] });
    const after = await api.get(`/demo/whatsapp/replies?number=${number}&after=1`);
    expect(after.body).toEqual({ replies: [], next: 1 });
  });

  it('validates the demo endpoints with zod', async () => {
    expect((await api.post('/demo/whatsapp/messages', { number: '12ab', name: 'x', text: 'hi' })).status).toBe(400);
    expect((await api.post('/demo/whatsapp/messages', { number: '5511999990000', name: 'x', text: '' })).status).toBe(400);
    expect((await api.get('/demo/whatsapp/replies?number=abc')).status).toBe(400);
  });

  it('on a later start reuses the demo channel with the new simulator settings (created once; last: it repoints the channel)', async () => {
    const next = await startMetaCloudSimulator();
    try {
      const before = await api.get('/whatsapp', { token });
      const demo = (before.body as { id: number; name: string }[]).find((c) => c.name === DEMO_CHANNEL_NAME)!;
      const again = await ensureDemoChannel(server.ctx, next);
      expect(again).toMatchObject({ id: demo.id, status: 'connected', settings: expect.objectContaining({ baseUrl: next.url }) });
      const after = await api.get('/whatsapp', { token });
      expect((after.body as { name: string }[]).filter((c) => c.name === DEMO_CHANNEL_NAME)).toHaveLength(1);
    } finally {
      await next.close();
    }
  });
});

describe('without DEMO_SIMULATORS', () => {
  it('has no demo routes and no demo channel', async () => {
    const plain = await startTestServer();
    try {
      const plainApi = new Api(plain.url);
      expect((await plainApi.get('/demo/whatsapp')).status).toBe(404);
      expect((await plainApi.post('/demo/whatsapp/messages', { number: '5511999990000', name: 'x', text: 'hi' })).status).toBe(404);
      const rootToken = (await plainApi.loginRoot()).token;
      const channels = await plainApi.get('/whatsapp', { token: rootToken });
      expect((channels.body as { name: string }[]).some((c) => c.name === DEMO_CHANNEL_NAME)).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
