/**
 * A ticket the chatbot hands to a user (a route to them, a queue's distribution, the no-answer route)
 * is a transfer to them by nobody, as one by an agent or the external API: the socket's ticket event
 * names it (the app's toast), a `ticket.transferred` event is logged, and a user with no tab gets the
 * web push. A route that leaves the ticket with nobody announces nothing.
 */
import { SOCKET_EVENTS } from '@conversa/shared';
import { startPushServiceSimulator, type BrowserSubscription, type PushServiceSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { customer, fireTimers, flowChannel, publishedFlow, ticketRow, waitBotMessages } from '../../../test/chatbot.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildContact, buildInboxTenant, connectAgent, eventually, rows, type InboxTenant } from '../../../test/inbox.js';
import { rooms } from '../../platform/realtime/rooms.js';

let server: TestServer;
let api: Api;
let push: PushServiceSimulator;

beforeAll(async () => {
  push = await startPushServiceSimulator();
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', VAPID_SUBJECT: 'mailto:ops@conversa.test' });
  api = new Api(server.url);
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

async function subscribe(token: string): Promise<BrowserSubscription> {
  const publicKey = (await api.get('/push/config', { token })).body.publicKey;
  const subscription = push.subscribe({ applicationServerKey: publicKey });
  const response = await api.post('/push/subscriptions', subscription, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return subscription;
}

const transferPushes = (subscription: BrowserSubscription, ticketId: number) =>
  push.pushes.filter(
    (p) => p.endpoint === subscription.endpoint && (p.json as any).kind === 'transfer' && (p.json as any).ticketId === ticketId,
  );

/** The ticket.transferred events logged for the ticket (written in the transaction of the change). */
const transferredEvents = async (ticketId: number) =>
  (
    await rows(
      server.ctx,
      sql`select payload from domain_events where type = 'ticket.transferred' and (payload->>'ticketId')::int = ${ticketId}`,
    )
  ).map((row) => row.payload);

/** A menu: 1 to the peer, 2 to the queue (distributed as `autoDistribution`); no answer within 5 minutes goes to the agent. */
async function menu(t: InboxTenant, autoDistribution: 'none' | 'balanced') {
  const flow = await publishedFlow(api, t.admin.token, {
    autoDistribution,
    steps: [
      {
        id: 'menu',
        name: 'Menu',
        interactions: [{ id: 'i1', kind: 'text', text: '1 para o Peer, 2 para a fila' }],
        conditions: [
          { id: 'c1', type: 'option', value: '1', route: { kind: 'user', userId: t.peer.id, queueId: null } },
          { id: 'c2', type: 'option', value: '2', route: { kind: 'queue', queueId: t.queue.id } },
        ],
        noAnswerMinutes: 5,
        noAnswerRoute: { kind: 'user', userId: t.agent.id, queueId: null },
      },
    ],
  });
  const channel = await flowChannel(server, t.tenant.id, flow.id, t.queue.id);
  return customer(server, t.tenant.id, channel.id, 'Fulano');
}

/** A customer in the menu: their ticket, the bot's first message sent. */
async function inMenu(t: InboxTenant, autoDistribution: 'none' | 'balanced' = 'none') {
  const say = await menu(t, autoDistribution);
  const { ticketId } = await say('Oi');
  await waitBotMessages(server, ticketId, 1);
  return { say, ticketId };
}

describe('the chatbot hands a ticket to a user', () => {
  it('routed to a user: their tab is told of the transfer (by nobody), the event is logged; with no tab, a web push', async () => {
    const t = await buildInboxTenant(server);
    const peerTab = await connectAgent(server.url, t.peer.token);
    const first = await inMenu(t);
    await first.say('1');
    const told = await peerTab.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === first.ticketId && p.ticket.userId === t.peer.id);
    expect(told).toMatchObject({ action: 'update', transfer: { byUserId: null, toUserId: t.peer.id } });
    expect(await transferredEvents(first.ticketId)).toEqual([
      { type: 'ticket.transferred', tenantId: t.tenant.id, ticketId: first.ticketId, byUserId: null, toUserId: t.peer.id },
    ]);

    // Tab closed: the push tells them instead.
    peerTab.close();
    await eventually(async () => (await server.ctx.realtime!.fetchSockets('/', rooms.user(t.tenant.id, t.peer.id))).length === 0, {
      what: "the peer's tab gone",
    });
    const peer = await subscribe(t.peer.token);
    const second = await inMenu(t);
    await second.say('1');
    await eventually(async () => transferPushes(peer, second.ticketId).length > 0, { what: "the peer's transfer push", timeoutMs: 15_000 });
    expect(transferPushes(peer, second.ticketId)[0].json).toMatchObject({
      kind: 'transfer',
      ticketId: second.ticketId,
      url: `/#/atendimento/${second.ticketId}`,
      tag: `transfer-${second.ticketId}`,
    });
  });

  it("the queue's distribution picks an agent: a transfer to them; with no distribution the ticket waits for nobody and nothing is announced", async () => {
    const t = await buildInboxTenant(server);
    // `agent` holds one more open ticket: balanced picks `peer`.
    const busy = await buildContact(server.ctx, t.tenant.id);
    await server.ctx.db.execute(
      sql`insert into tickets (tenant_id, contact_id, channel_id, queue_id, user_id, status) values (${t.tenant.id}, ${busy.id}, ${t.channel.id}, ${t.queue.id}, ${t.agent.id}, 'open')`,
    );
    const peerTab = await connectAgent(server.url, t.peer.token);
    const balanced = await inMenu(t, 'balanced');
    await balanced.say('2');
    const told = await peerTab.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === balanced.ticketId && p.ticket.userId === t.peer.id);
    expect(told.transfer).toEqual({ byUserId: null, toUserId: t.peer.id });
    expect(await transferredEvents(balanced.ticketId)).toHaveLength(1);

    const waiting = await inMenu(t, 'none');
    await waiting.say('2');
    const routed = await peerTab.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === waiting.ticketId && p.ticket.chatFlowId === null);
    expect(routed.ticket.userId).toBeNull();
    expect(routed.transfer).toBeUndefined();
    expect(await transferredEvents(waiting.ticketId)).toEqual([]);
    peerTab.close();
  });

  it('the no-answer route to a user is a transfer to them too', async () => {
    const t = await buildInboxTenant(server);
    const agentTab = await connectAgent(server.url, t.agent.token);
    const { ticketId } = await inMenu(t);
    expect(await fireTimers(server, ticketId)).toBe(1);
    await eventually(async () => (await ticketRow(server, ticketId)).userId === t.agent.id);
    const told = await agentTab.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId && p.ticket.userId === t.agent.id);
    expect(told.transfer).toEqual({ byUserId: null, toUserId: t.agent.id });
    expect(await transferredEvents(ticketId)).toEqual([expect.objectContaining({ byUserId: null, toUserId: t.agent.id })]);
    agentTab.close();
  });
});
