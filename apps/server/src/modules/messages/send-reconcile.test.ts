/**
 * Reconciling an unconfirmed send (issue 12 "exactly once", reconcile-unconfirmed-send.ts): on a
 * channel whose provider sends a status callback naming our message id for every message it
 * accepts (WABA), a send interrupted between its claim and the provider's answer is settled by that
 * callback, or — when none came within SEND_RECONCILE_SECONDS — was never accepted and is sent
 * again, once. Other channel kinds keep the flag and never resend by themselves. Against the Meta
 * Cloud API simulator, through the real send and reconcile jobs.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { buildMetaStatusNotification, newWamid, startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildChannel,
  buildInboxTenant,
  connectWabaChannel,
  eventually,
  inboundTicket,
  type InboxTenant,
  rows,
} from '../../../test/inbox.js';
import { type ChannelRow } from '../channels/channels.repository.js';
import { sendMessageJob } from './jobs/send-message.job.js';
import { insertMessage } from './messages.repository.js';
import { flagUnconfirmedSend } from './use-cases/flag-unconfirmed-send.js';

const WINDOW_SECONDS = 2;

let server: TestServer;
let api: Api;
let sim: MetaCloudSimulator;
let t: InboxTenant;
let waba: ChannelRow;

const newNumber = () => `55119${randomInt(60_000_000, 99_999_999)}`;
const sendsOf = (messageId: string) => sim.sent.filter((sent) => sent.payload.biz_opaque_callback_data === messageId);
const messageRow = async (id: string) => (await rows(server.ctx, sql`select * from messages where id = ${id}`))[0] as Record<string, any>;
const reconcileJobs = (messageId: string) =>
  rows(server.ctx, sql`select state from pgboss.job where name = 'message.reconcile' and data->>'messageId' = ${messageId}`);
const sendJobs = (messageId: string) =>
  rows(server.ctx, sql`select state from pgboss.job where name = 'message.send' and data->>'messageId' = ${messageId}`);

/** A customer's ticket on the WABA channel (opened by the customer's message through the simulator). */
async function wabaTicket(): Promise<{ number: string; ticketId: number; contactId: number }> {
  const number = newNumber();
  const delivery = await sim.sendInbound({ type: 'text', from: number, name: 'Cliente', text: 'Olá' });
  expect(delivery.status).toBe(200);
  const [row] = await rows(server.ctx, sql`select ticket_id, contact_id from messages where external_id = ${delivery.messageId}`);
  return { number, ticketId: Number(row.ticket_id), contactId: Number(row.contact_id) };
}

/** An agent's message as a killed process left it: pending, its send claimed, no provider answer stored. */
async function interruptedSend(channel: ChannelRow, target: { ticketId: number; contactId: number }) {
  return insertMessage(server.ctx.db, {
    id: randomUUID(),
    tenantId: t.tenant.id,
    ticketId: target.ticketId,
    contactId: target.contactId,
    channelId: channel.id,
    fromMe: true,
    body: `interrupted ${randomUUID().slice(0, 8)}`,
    status: 'pending',
    userId: t.agent.id,
    sendClaimedAt: new Date(Date.now() - 20_000),
  });
}

/** The later attempt of the send job (its lease expired after the crash): it finds the claim and flags the message. */
async function flagAfterCrash(messageId: string) {
  await sendMessageJob.handler(server.ctx, { tenantId: t.tenant.id, messageId }, { number: 2, last: false });
  expect(await messageRow(messageId)).toMatchObject({ status: 'unconfirmed', external_id: null });
}

/** Meta's status webhook for a message: its wamid, and our id (biz_opaque_callback_data). */
function postStatus(wamid: string, status: 'sent' | 'read', recipientId: string, messageId: string) {
  const business = { businessAccountId: sim.businessAccountId, phoneNumberId: sim.phoneNumberId, displayPhoneNumber: '5511930000000' };
  return sim.postWebhook(buildMetaStatusNotification(business, { id: wamid, status, recipientId, bizOpaqueCallbackData: messageId }));
}

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', SEND_RECONCILE_SECONDS: String(WINDOW_SECONDS) });
  api = new Api(server.url);
  sim = await startMetaCloudSimulator({ displayPhoneNumber: '5511930000000' });
  t = await buildInboxTenant(server);
  waba = await connectWabaChannel(server, t, sim, 'WABA');
});
afterAll(async () => {
  await sim?.settle();
  await sim?.close();
  await server?.close();
});

describe('an unconfirmed WABA send at the end of its reconciliation window', () => {
  it('no status callback named it: the provider never had it, so it is sent again, once', async () => {
    const target = await wabaTicket();
    const message = await interruptedSend(waba, target);
    await flagAfterCrash(message.id);
    expect(sendsOf(message.id)).toHaveLength(0);
    expect(await reconcileJobs(message.id)).toHaveLength(1);

    // The window passes without a callback: the reconcile job hands it back to the send job.
    const row = await eventually(
      async () => {
        const current = await messageRow(message.id);
        return current.status === 'sent' ? current : undefined;
      },
      { timeoutMs: 30_000, what: 'the unconfirmed message sent again' },
    );
    expect(sendsOf(message.id)).toHaveLength(1);
    expect(sendsOf(message.id)[0].to).toBe(target.number);
    expect(row.external_id).toBe(sendsOf(message.id)[0].id);
    expect(row.send_claimed_at).not.toBeNull();
    // The reconcile job is recorded completed once its handler returned, which may come after the send it asked for.
    await eventually(async () => (await reconcileJobs(message.id)).map((job) => job.state).join() === 'completed', {
      what: 'the reconcile job completed',
    });
    expect(await sendJobs(message.id)).toHaveLength(1);

    // Its status comes as for any send; a late run of either job changes nothing and sends nothing.
    expect((await sim.sendStatus(row.external_id, 'delivered')).status).toBe(200);
    await sendMessageJob.handler(server.ctx, { tenantId: t.tenant.id, messageId: message.id }, { number: 3, last: false });
    expect(await messageRow(message.id)).toMatchObject({ status: 'delivered', external_id: row.external_id });
    expect(sendsOf(message.id)).toHaveLength(1);
  }, 60_000);

  it('a status callback named it within the window: settled as sent with its wamid, never sent again', async () => {
    const target = await wabaTicket();
    const message = await interruptedSend(waba, target);
    await flagAfterCrash(message.id);

    // Meta did accept it before the crash: its status webhook carries the wamid and our id.
    const wamid = newWamid();
    expect((await postStatus(wamid, 'sent', target.number, message.id)).status).toBe(200);
    expect(await messageRow(message.id)).toMatchObject({ status: 'sent', ack: 1, external_id: wamid });

    // The window's end came and went (its job completed): nothing was sent, the message stays settled.
    await eventually(async () => (await reconcileJobs(message.id)).some((job) => job.state === 'completed'), {
      timeoutMs: 30_000,
      what: 'the reconcile job done',
    });
    // A send it asked for would be queued by the time it completed (in its transaction), and sent after.
    expect(await sendJobs(message.id)).toHaveLength(0);
    expect(sendsOf(message.id)).toHaveLength(0);
    expect(await messageRow(message.id)).toMatchObject({ status: 'sent', external_id: wamid });
  }, 60_000);

  it("a callback that confirmed it before the late attempt's flag (a race after a restart): the flag leaves it confirmed, no window", async () => {
    const target = await wabaTicket();
    const message = await interruptedSend(waba, target);
    // The provider's retried callback lands first: the interrupted send is confirmed while still pending and claimed…
    const wamid = newWamid();
    expect((await postStatus(wamid, 'read', target.number, message.id)).status).toBe(200);
    expect(await messageRow(message.id)).toMatchObject({ status: 'read', ack: 3, external_id: wamid });
    // …then the send job's late attempt, which read it pending and claimed just before, flags it.
    await flagUnconfirmedSend(server.ctx, { tenantId: t.tenant.id, messageId: message.id, ticketId: target.ticketId, reconcile: true });
    expect(await messageRow(message.id)).toMatchObject({ status: 'read', ack: 3, external_id: wamid });
    expect(await reconcileJobs(message.id)).toHaveLength(0);
  });

  it('an agent who resent it first: the window finds it pending or sent, not unconfirmed, and sends nothing more', async () => {
    const target = await wabaTicket();
    const message = await interruptedSend(waba, target);
    await flagAfterCrash(message.id);
    const resent = await api.post(`/messages/${message.id}/resend`, undefined, { token: t.agent.token });
    expect(resent.status).toBe(200);
    await eventually(async () => (await messageRow(message.id)).status === 'sent', { timeoutMs: 15_000 });
    await eventually(async () => (await reconcileJobs(message.id)).some((job) => job.state === 'completed'), { timeoutMs: 30_000 });
    expect(sendsOf(message.id)).toHaveLength(1);
  }, 60_000);
});

describe('other channel kinds', () => {
  it('an unconfirmed send on a channel whose provider does not confirm every send is flagged and never resent by the server', async () => {
    // Telegram's statuses do not name our message id: no window can prove that a send never arrived.
    const channel = await buildChannel(server.ctx, t.tenant.id, { type: 'telegram', queueId: t.queue.id });
    const target = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: channel.id }, { key: { number: newNumber() } });
    const message = await interruptedSend(channel, target);
    await flagAfterCrash(message.id);
    // The flag committed without any reconcile job: only the agent can resend it.
    expect(await reconcileJobs(message.id)).toHaveLength(0);
  });
});
