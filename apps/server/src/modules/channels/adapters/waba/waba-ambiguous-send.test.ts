/**
 * DESIGN §4, issue 9: a send that fails after the request may have reached the provider is flagged
 * `unconfirmed` (and reconciled from the provider's status), never resent blindly; a send that
 * provably never left (connection refused) is retried until it goes out, once. Against the Meta
 * Cloud API simulator over real sockets, through POST /messages and the send job.
 */
import { randomInt } from 'node:crypto';
import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { buildInboxTenant, connectWabaChannel, eventually, rows, settledMessageRow, type InboxTenant } from '../../../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
const sims: MetaCloudSimulator[] = [];

const newNumber = () => `55119${randomInt(60_000_000, 99_999_999)}`;

/** A simulator (on `port`, with the credentials of `like` when given) and a WABA channel on it. */
async function simulator(options: { port?: number; like?: MetaCloudSimulator } = {}) {
  const { like, port } = options;
  const sim = await startMetaCloudSimulator({
    port,
    ...(like
      ? { token: like.token, appSecret: like.appSecret, phoneNumberId: like.phoneNumberId, businessAccountId: like.businessAccountId }
      : {}),
  });
  sims.push(sim);
  return sim;
}

const wabaChannel = (sim: MetaCloudSimulator) => connectWabaChannel(server, t, sim);

/** A customer's message through the simulator's webhook; answers its ticket id. */
async function conversation(sim: MetaCloudSimulator): Promise<number> {
  const delivery = await sim.sendInbound({ type: 'text', from: newNumber(), name: 'Cliente', text: 'Olá' });
  expect(delivery.status).toBe(200);
  const [row] = await rows(server.ctx, sql`select ticket_id from messages where external_id = ${delivery.messageId}`);
  return Number(row.ticket_id);
}

async function reply(ticketId: number, body: string): Promise<string> {
  const response = await api.post(`/messages/${ticketId}`, { body }, { token: t.agent.token });
  expect(response.status).toBe(201);
  return (response.body as { id: string }).id;
}

/** How many times the provider received this message (the send carries its id as biz_opaque_callback_data). */
const receivedBy = (sims: MetaCloudSimulator[], messageId: string) =>
  sims.flatMap((sim) => sim.sent).filter((sent) => sent.payload.biz_opaque_callback_data === messageId).length;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  t = await buildInboxTenant(server);
});
afterAll(async () => {
  for (const sim of sims) {
    await sim.settle();
    await sim.close();
  }
  await server?.close();
});

describe('provider sends whose outcome is unknown', () => {
  it('accepted, then the connection dropped before the answer: unconfirmed, received once, never sent again; its status reconciles it', async () => {
    const sim = await simulator();
    await wabaChannel(sim);
    const ticketId = await conversation(sim);

    sim.dropAnswers(1);
    const messageId = await reply(ticketId, 'Seu pedido saiu para entrega.');
    const row = await settledMessageRow(server.ctx, messageId);
    expect(row.status).toBe('unconfirmed');
    expect(row.send_claimed_at).not.toBeNull();
    expect(receivedBy([sim], messageId)).toBe(1);

    // A marker: a later reply on the same channel went out, so the send job had every chance to try again.
    const next = await reply(ticketId, 'Mais alguma coisa?');
    expect((await settledMessageRow(server.ctx, next)).status).toBe('sent');
    expect(receivedBy([sim], messageId)).toBe(1);
    expect((await rows(server.ctx, sql`select status from messages where id = ${messageId}`))[0].status).toBe('unconfirmed');

    // Meta's status callback names the message (biz_opaque_callback_data): it is settled from it.
    const wamid = sim.sent.find((sent) => sent.payload.biz_opaque_callback_data === messageId)!.id;
    expect((await sim.sendStatus(wamid, 'delivered')).status).toBe(200);
    await eventually(async () => {
      const [current] = await rows(server.ctx, sql`select status, external_id from messages where id = ${messageId}`);
      return current.status === 'delivered' && current.external_id === wamid ? true : undefined;
    });
  });

  it("a proxy's 502 without a Graph error is unconfirmed and not retried; Meta's own 500 (a Graph error) is retried and sent once", async () => {
    const sim = await simulator();
    await wabaChannel(sim);
    const ticketId = await conversation(sim);

    sim.fail({
      path: /\/messages$/,
      status: 502,
      body: '<html><body>502 Bad Gateway</body></html>',
      headers: { 'content-type': 'text/html' },
    });
    const proxied = await reply(ticketId, 'Vou verificar com o setor de entregas.');
    expect((await settledMessageRow(server.ctx, proxied)).status).toBe('unconfirmed');

    sim.injectError(131000, { status: 500 });
    const answered = await reply(ticketId, 'Pronto, já está resolvido.');
    expect((await settledMessageRow(server.ctx, answered, { timeoutMs: 30_000 })).status).toBe('sent');
    expect(receivedBy([sim], answered)).toBe(1);
    // The 502'd one was never tried again: the simulator saw one request for it (the one the "proxy" answered).
    const attempts = sim.requests.filter((request) => request.method === 'POST' && JSON.stringify(request.body ?? '').includes(proxied));
    expect(attempts).toHaveLength(1);
    expect((await rows(server.ctx, sql`select status from messages where id = ${proxied}`))[0].status).toBe('unconfirmed');
  }, 60_000);

  it('a refused connection is retried, and the message goes out once when the provider comes up', async () => {
    const first = await simulator();
    const channel = await wabaChannel(first);
    const ticketId = await conversation(first);
    const { port } = new URL(first.url);
    // The provider goes away: nothing listens on its port any more.
    await first.close();
    sims.splice(sims.indexOf(first), 1);

    const messageId = await reply(ticketId, 'Já verifico para você.');
    // A marker: the send job tried and failed (a refused connection), and left the message pending for a retry.
    await eventually(
      async () => {
        const [job] = await rows(
          server.ctx,
          sql`select state from pgboss.job where name = 'message.send' and data->>'messageId' = ${messageId} and retry_count >= 1`,
        );
        return job ? true : undefined;
      },
      { timeoutMs: 15_000, what: 'the first attempt to fail and be retried' },
    );
    expect((await rows(server.ctx, sql`select status from messages where id = ${messageId}`))[0].status).toBe('pending');

    const second = await simulator({ port: Number(port), like: first });
    second.setWebhookUrl(`${server.url}/webhooks/waba/${channel.publicKey}`);
    const row = await settledMessageRow(server.ctx, messageId, { timeoutMs: 30_000 });
    expect(row.status).toBe('sent');
    expect(receivedBy([second], messageId)).toBe(1);
    expect(row.external_id).toBe(second.sent.find((sent) => sent.payload.biz_opaque_callback_data === messageId)!.id);
  }, 60_000);
});
