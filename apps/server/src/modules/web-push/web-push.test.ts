/**
 * Web push (issue 15; SPEC §7 service worker, §3 Channel "web push") against a local push service
 * (packages/simulators: RFC 8030 delivery, RFC 8291 decryption, RFC 8292 VAPID): the VAPID keys,
 * subscription storage per user and browser, who gets a push for a new customer message (users who
 * may see the ticket, with no Conversa tab connected, on channels with web push on), and expired
 * subscriptions removed.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { decryptAes128gcm, startPushServiceSimulator, type BrowserSubscription, type PushServiceSimulator } from '@conversa/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildChannel, buildInboxTenant, connectAgent, count, eventually, inboundTicket, type InboxTenant } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let push: PushServiceSimulator;
let inbox: InboxTenant;
let publicKey: string;

const fixture = JSON.parse(
  readFileSync(new URL('../../../../../packages/simulators/fixtures/web-push/rfc8291-appendix-a.json', import.meta.url), 'utf8'),
) as Record<string, string>;

async function subscribe(token: string, language?: string): Promise<BrowserSubscription> {
  const subscription = push.subscribe({ applicationServerKey: publicKey });
  const response = await api.post('/push/subscriptions', language ? { ...subscription, language } : subscription, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return subscription;
}

const pushesTo = (subscription: BrowserSubscription) => push.pushes.filter((p) => p.endpoint === subscription.endpoint);

beforeAll(async () => {
  push = await startPushServiceSimulator();
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', VAPID_SUBJECT: 'mailto:ops@conversa.test' });
  api = new Api(server.url);
  inbox = await buildInboxTenant(server);
  publicKey = (await api.get('/push/config', { token: inbox.agent.token })).body.publicKey;
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

describe('the push service simulator', () => {
  it("decrypts RFC 8291's Appendix A example", () => {
    const plain = decryptAes128gcm(
      Buffer.from(fixture.body, 'base64url'),
      Buffer.from(fixture.uaPrivate, 'base64url'),
      Buffer.from(fixture.uaPublic, 'base64url'),
      Buffer.from(fixture.authSecret, 'base64url'),
    );
    expect(plain.toString('utf8')).toBe(fixture.plaintext);
  });
});

describe('VAPID keys and subscriptions', () => {
  it("answers the server's VAPID public key (a P-256 point) to signed-in users only", async () => {
    expect(publicKey).toBe(server.ctx.secrets.vapid.publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await api.get('/push/config')).status).toBe(401);
  });

  it("stores a browser's subscription for its user, moves it to whoever signs in there next, and deletes it", async () => {
    const browser = await subscribe(inbox.peer.token);
    expect((await api.get('/push/subscriptions', { token: inbox.peer.token })).body).toEqual([
      { id: expect.any(Number), endpoint: browser.endpoint, language: 'pt', createdAt: expect.any(String) },
    ]);
    // Another user signs in on the same browser: the subscription is theirs now.
    expect((await api.post('/push/subscriptions', browser, { token: inbox.outsider.token })).status).toBe(201);
    expect((await api.get('/push/subscriptions', { token: inbox.peer.token })).body).toEqual([]);
    expect((await api.delete('/push/subscriptions', { token: inbox.peer.token, body: { endpoint: browser.endpoint } })).body.error).toBe(
      'ERR_NO_PUSH_SUBSCRIPTION_FOUND',
    );
    expect((await api.delete('/push/subscriptions', { token: inbox.outsider.token, body: { endpoint: browser.endpoint } })).status).toBe(
      204,
    );
    expect(await count(server.ctx, sql`select count(*) from push_subscriptions where endpoint = ${browser.endpoint}`)).toBe(0);
  });

  it("keeps the language of the browser's pushes: told on subscribing and on every change, kept when not told; one of the 8", async () => {
    const browser = await subscribe(inbox.peer.token, 'en');
    const languageOf = async () =>
      (await api.get('/push/subscriptions', { token: inbox.peer.token })).body.find(
        (row: { endpoint: string }) => row.endpoint === browser.endpoint,
      )?.language;
    expect(await languageOf()).toBe('en');
    // The user switched the app to Spanish: the web app posts the same subscription with it.
    expect((await api.post('/push/subscriptions', { ...browser, language: 'es' }, { token: inbox.peer.token })).status).toBe(201);
    expect(await languageOf()).toBe('es');
    expect((await api.post('/push/subscriptions', browser, { token: inbox.peer.token })).status).toBe(201);
    expect(await languageOf()).toBe('es');
    for (const language of ['xx', 'pt-BR', 'en-gb', '', 7]) {
      const refused = await api.post('/push/subscriptions', { ...browser, language }, { token: inbox.peer.token });
      expect(refused.status, String(language)).toBe(400);
      expect(refused.body.error).toBe('ERR_VALIDATION');
    }
    expect(await languageOf()).toBe('es');
    await api.delete('/push/subscriptions', { token: inbox.peer.token, body: { endpoint: browser.endpoint } });
  });

  it('refuses keys that are not keys and endpoints that are not http(s) URLs', async () => {
    const browser = push.subscribe();
    for (const body of [
      { ...browser, keys: { ...browser.keys, p256dh: 'short' } },
      { ...browser, keys: { p256dh: browser.keys.p256dh } },
      { ...browser, endpoint: 'ftp://push.example/x' },
      { endpoint: browser.endpoint },
    ]) {
      const response = await api.post('/push/subscriptions', body, { token: inbox.agent.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
  });
});

describe('who gets a push', () => {
  it('users who may see the ticket and have no tab connected, on channels with web push on; never twice per browser', async () => {
    // Subscription order is the order of sending: the last one's arrival shows the earlier ones were decided.
    const outsider = await subscribe(inbox.outsider.token); // another queue: may not see the ticket
    const peer = await subscribe(inbox.peer.token); // in the queue, but a tab is open
    const agent = await subscribe(inbox.agent.token);
    const admin = await subscribe(inbox.admin.token);
    const peerTab = await connectAgent(server.url, inbox.peer.token);

    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: inbox.tenant.id, channelId: inbox.channel.id },
      { name: 'Maria Souza', body: 'Olá, preciso de ajuda com o pedido 123' },
    );
    await eventually(async () => pushesTo(admin).length === 1, { what: "the admin's push", timeoutMs: 15_000 });
    expect(pushesTo(agent)).toHaveLength(1);
    expect(pushesTo(outsider)).toEqual([]);
    expect(pushesTo(peer)).toEqual([]);
    const received = pushesTo(agent)[0];
    expect(received.json).toEqual({
      kind: 'message',
      ticketId,
      title: 'Maria Souza',
      body: 'Olá, preciso de ajuda com o pedido 123',
      url: `/#/atendimento/${ticketId}`,
      tag: `ticket-${ticketId}`,
    });
    expect(received.vapid).toMatchObject({ aud: push.url, sub: 'mailto:ops@conversa.test', k: publicKey });
    expect(received.ttl).toBe(86_400);
    expect(received.urgency).toBe('high');
    expect(push.refusals).toEqual([]);
    peerTab.close();
    await eventually(async () => (await server.ctx.realtime!.fetchSockets('/', rooms.user(inbox.tenant.id, inbox.peer.id))).length === 0, {
      what: "the peer's tab gone",
    });

    // A channel with web push off: its message is not pushed (decided before the next channel's).
    const quiet = await buildChannel(server.ctx, inbox.tenant.id, { queueId: inbox.queue.id, webPush: false });
    const silent = await inboundTicket(server.ctx, { tenantId: inbox.tenant.id, channelId: quiet.id }, { name: 'Quiet', body: 'psiu' });
    const loud = await inboundTicket(server.ctx, { tenantId: inbox.tenant.id, channelId: inbox.channel.id }, { name: 'Loud', body: 'oi' });
    await eventually(async () => pushesTo(admin).some((p) => (p.json as any).ticketId === loud.ticketId), {
      what: 'the next push',
      timeoutMs: 15_000,
    });
    expect(push.pushes.filter((p) => (p.json as any).ticketId === silent.ticketId)).toEqual([]);
    expect(
      await count(
        server.ctx,
        sql`select count(*) from pgboss.job where name = 'webPush.send' and (data->'payload'->>'ticketId')::int = ${silent.ticketId}`,
      ),
    ).toBe(0);
    // The peer's tab is closed now: the peer gets this one.
    expect(pushesTo(peer).map((p) => (p.json as any).ticketId)).toEqual([loud.ticketId]);
  });

  it('a mention in an internal note reaches the mentioned user who may see the ticket (never the author, never who may not)', async () => {
    const outsider = await subscribe(inbox.outsider.token);
    const peer = await subscribe(inbox.peer.token);
    const peerInGerman = await subscribe(inbox.peer.token, 'de');
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: inbox.tenant.id, channelId: inbox.channel.id },
      { name: 'Carla', body: 'bom dia' },
    );
    const note = await api.post(
      `/tickets/${ticketId}/notes`,
      { note: '@Peer pode ver este cliente?', mentionedUserIds: [inbox.outsider.id, inbox.peer.id, inbox.agent.id] },
      { token: inbox.agent.token },
    );
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    await eventually(async () => pushesTo(peer).some((p) => (p.json as any).kind === 'mention'), {
      what: "the peer's mention",
      timeoutMs: 15_000,
    });
    const mention = pushesTo(peer).find((p) => (p.json as any).kind === 'mention')!;
    expect(mention.json).toMatchObject({
      kind: 'mention',
      ticketId,
      title: `${inbox.agent.name} mencionou você`,
      body: '@Peer pode ver este cliente?',
      url: `/#/atendimento/${ticketId}`,
    });
    // The same user's other browser, in its own language.
    await eventually(async () => pushesTo(peerInGerman).some((p) => (p.json as any).kind === 'mention'), {
      what: 'the German mention',
      timeoutMs: 15_000,
    });
    expect(pushesTo(peerInGerman).find((p) => (p.json as any).kind === 'mention')!.json).toMatchObject({
      title: `${inbox.agent.name} hat Sie erwähnt`,
      body: '@Peer pode ver este cliente?',
    });
    // The outsider (another queue) may not see the ticket: its browser was subscribed before the peer's, so it would have come first.
    expect(pushesTo(outsider).filter((p) => (p.json as any).kind === 'mention')).toEqual([]);
  });

  it('a ticket transferred to a user reaches that user (tab closed), never whoever transferred it', async () => {
    const agent = await subscribe(inbox.agent.token);
    const peer = await subscribe(inbox.peer.token);
    const peerInEnglish = await subscribe(inbox.peer.token, 'en');
    const peerInSpanish = await subscribe(inbox.peer.token, 'es');
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: inbox.tenant.id, channelId: inbox.channel.id },
      { name: 'Fulano', body: 'quero falar com alguém', key: { number: '5511966660042' } },
    );
    expect((await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: inbox.agent.token })).status).toBe(200);
    const moved = await api.put(`/tickets/${ticketId}`, { userId: inbox.peer.id, isTransference: true }, { token: inbox.agent.token });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await eventually(async () => pushesTo(peer).some((p) => (p.json as any).kind === 'transfer'), {
      what: "the peer's transfer push",
      timeoutMs: 15_000,
    });
    expect(pushesTo(peer).find((p) => (p.json as any).kind === 'transfer')!.json).toEqual({
      kind: 'transfer',
      ticketId,
      title: 'Ticket transferido para você',
      body: `Ticket #${ticketId} de Fulano foi transferido para você.`,
      url: `/#/atendimento/${ticketId}`,
      tag: `transfer-${ticketId}`,
    });
    // Each of the user's browsers in its subscription's language (the app's toast words).
    const transferTo = async (browser: BrowserSubscription) =>
      eventually(async () => pushesTo(browser).find((p) => (p.json as any).kind === 'transfer')?.json as any, {
        what: 'a transfer push',
        timeoutMs: 15_000,
      });
    expect(await transferTo(peerInEnglish)).toMatchObject({
      title: 'Ticket transferred to you',
      body: `Ticket #${ticketId} from Fulano was transferred to you.`,
      tag: `transfer-${ticketId}`,
    });
    expect(await transferTo(peerInSpanish)).toMatchObject({
      title: 'Ticket transferido a ti',
      body: `El ticket #${ticketId} de Fulano fue transferido a ti.`,
    });
    // Whoever transferred it is not told of it.
    expect(pushesTo(agent).filter((p) => (p.json as any).kind === 'transfer')).toEqual([]);
  });

  it("a tenant's first subscription counts at once, though its messages were known to reach nobody", async () => {
    const fresh = await buildInboxTenant(server);
    const jobsFor = (ticketId: number) =>
      count(
        server.ctx,
        sql`select count(*) from pgboss.job where name = 'webPush.send' and (data->'payload'->>'ticketId')::int = ${ticketId}`,
      );
    const before = await inboundTicket(
      server.ctx,
      { tenantId: fresh.tenant.id, channelId: fresh.channel.id },
      { name: 'Antes', body: 'oi' },
    );
    await server.ctx.events.drain();
    expect(await jobsFor(before.ticketId)).toBe(0);
    const agent = await subscribe(fresh.agent.token);
    const after = await inboundTicket(
      server.ctx,
      { tenantId: fresh.tenant.id, channelId: fresh.channel.id },
      { name: 'Depois', body: 'olá' },
    );
    // Decided by the time the consumers are done with the message: not after the kept "nobody" expires.
    await server.ctx.events.drain();
    expect(await jobsFor(after.ticketId)).toBe(1);
    await eventually(async () => pushesTo(agent).length === 1, { what: "the agent's push", timeoutMs: 15_000 });
  });

  it('removes a subscription the push service answers 410 Gone for', async () => {
    const agent = await subscribe(inbox.agent.token);
    push.expire(agent.endpoint);
    await inboundTicket(server.ctx, { tenantId: inbox.tenant.id, channelId: inbox.channel.id }, { name: 'Ana', body: 'tem alguém aí?' });
    await eventually(
      async () => (await count(server.ctx, sql`select count(*) from push_subscriptions where endpoint = ${agent.endpoint}`)) === 0,
      {
        what: 'the expired subscription deleted',
        timeoutMs: 15_000,
      },
    );
    expect(push.refusals.some((r) => r.endpoint === agent.endpoint && r.status === 410)).toBe(true);
  });

  it("moves a subscription to the browser's new one on the service worker's pushsubscriptionchange (old endpoint and secret as proof)", async () => {
    const before = await subscribe(inbox.agent.token, 'fr');
    const after = push.subscribe({ applicationServerKey: publicKey });
    const renew = (body: unknown) => api.post('/push/subscriptions/renew', body);

    // Another secret, or an unknown endpoint: 404, as alike as can be; nothing changes.
    for (const body of [
      { oldEndpoint: before.endpoint, oldAuth: after.keys.auth, subscription: after },
      { oldEndpoint: `${before.endpoint}x`, oldAuth: before.keys.auth, subscription: after },
    ]) {
      const refused = await renew(body);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe('ERR_NO_PUSH_SUBSCRIPTION_FOUND');
    }
    for (const body of [
      { oldEndpoint: before.endpoint, oldAuth: before.keys.auth, subscription: { ...after, endpoint: 'ftp://push.example/x' } },
      { oldEndpoint: before.endpoint, oldAuth: 'not a secret!', subscription: after },
      { oldEndpoint: before.endpoint, subscription: after },
    ]) {
      const refused = await renew(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe('ERR_VALIDATION');
    }
    // The agent's browsers (an earlier test's too).
    const endpoints = async () =>
      (await api.get('/push/subscriptions', { token: inbox.agent.token })).body.map((row: { endpoint: string }) => row.endpoint);
    const others = (await endpoints()).filter((endpoint: string) => endpoint !== before.endpoint);
    expect(await endpoints()).toContain(before.endpoint);
    expect(await endpoints()).not.toContain(after.endpoint);

    expect((await renew({ oldEndpoint: before.endpoint, oldAuth: before.keys.auth, subscription: after })).status).toBe(204);
    expect((await endpoints()).sort()).toEqual([...others, after.endpoint].sort());
    // The worker does not know the app's language: the browser's stays.
    expect((await api.get('/push/subscriptions', { token: inbox.agent.token })).body).toContainEqual(
      expect.objectContaining({ endpoint: after.endpoint, language: 'fr' }),
    );
    // The old proof is spent.
    expect((await renew({ oldEndpoint: before.endpoint, oldAuth: before.keys.auth, subscription: after })).status).toBe(404);

    // The next push goes to the new subscription, encrypted for its keys (the simulator decrypts it), never to the old one.
    await inboundTicket(
      server.ctx,
      { tenantId: inbox.tenant.id, channelId: inbox.channel.id },
      { name: 'Bia', body: 'mudou a inscrição?' },
    );
    const [delivered] = await eventually(
      async () => {
        const list = pushesTo(after);
        return list.length > 0 ? list : undefined;
      },
      { what: 'a push to the renewed subscription', timeoutMs: 15_000 },
    );
    expect(delivered.json).toMatchObject({ kind: 'message', body: 'mudou a inscrição?' });
    expect(pushesTo(before)).toEqual([]);
  });
});
