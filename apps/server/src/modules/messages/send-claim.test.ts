/**
 * Exactly-once sends across crashes (send-message.job.ts): each send is claimed in the database
 * right before the provider call; a later attempt that finds a claim it did not take (its process
 * died between the provider call and the record) flags the message unconfirmed instead of sending it
 * twice, and a status callback that names it confirms it. Web chat, which delivers by message id,
 * takes no claim and is simply sent again. Against the Meta Cloud API simulator.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { buildMetaStatusNotification, newWamid, startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildInboxTenant,
  connectWabaChannel,
  eventually,
  inboundTicket,
  type InboxTenant,
  rows,
  settledMessageRow,
} from '../../../test/inbox.js';
import { type ChannelRow } from '../channels/channels.repository.js';
import { sendMessageJob } from './jobs/send-message.job.js';
import { claimMessageSend, insertMessage } from './messages.repository.js';
import { applyProviderStatus } from './use-cases/apply-provider-status.js';

let server: TestServer;
let api: Api;
let sim: MetaCloudSimulator;
let t: InboxTenant;
let waba: ChannelRow;

const newNumber = () => `55119${randomInt(60_000_000, 99_999_999)}`;
const sendsTo = (number: string) => sim.sent.filter((message) => message.to === number);
const messageRow = async (id: string) => (await rows(server.ctx, sql`select * from messages where id = ${id}`))[0] as Record<string, any>;

/** A ticket of a customer on the channel (opened by the customer's message through the simulator). */
async function wabaTicket(): Promise<{ number: string; ticketId: number }> {
  const number = newNumber();
  const delivery = await sim.sendInbound({ type: 'text', from: number, name: 'Cliente', text: 'Olá' });
  expect(delivery.status).toBe(200);
  const [row] = await rows(server.ctx, sql`select ticket_id from messages where external_id = ${delivery.messageId}`);
  return { number, ticketId: Number(row.ticket_id) };
}

/** An agent's message as a process left it: pending, with or without a claim on its send (no job). */
async function leftMessage(channel: ChannelRow, target: { ticketId: number; contactId: number }, claimed: boolean) {
  return insertMessage(server.ctx.db, {
    id: randomUUID(),
    tenantId: t.tenant.id,
    ticketId: target.ticketId,
    contactId: target.contactId,
    channelId: channel.id,
    fromMe: true,
    body: `left ${randomUUID().slice(0, 8)}`,
    status: 'pending',
    userId: t.agent.id,
    sendClaimedAt: claimed ? new Date(Date.now() - 20_000) : null,
  });
}

/** What a later attempt of the message's send job does (its lease expired after the crash). */
const runSendJob = (messageId: string) =>
  sendMessageJob.handler(server.ctx, { tenantId: t.tenant.id, messageId }, { number: 2, last: false });

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
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

describe('provider sends (WABA)', () => {
  it('claims each send before the provider call and records its answer; the provider gets our message id as callback data', async () => {
    const { number, ticketId } = await wabaTicket();
    const sent = await api.post(`/messages/${ticketId}`, { body: 'claimed and sent' }, { token: t.agent.token });
    expect(sent.status).toBe(201);
    const row = await settledMessageRow(server.ctx, sent.body.id);
    expect(row).toMatchObject({ status: 'sent', ack: 1 });
    expect(row.send_claimed_at).not.toBeNull();
    expect(sendsTo(number)).toHaveLength(1);
    expect(sendsTo(number)[0].payload).toMatchObject({ biz_opaque_callback_data: sent.body.id });
    expect(row.external_id).toBe(sendsTo(number)[0].id);
  });

  it('a send claimed by an attempt that died is flagged unconfirmed, never sent twice; its status callback confirms it', async () => {
    const { number, ticketId } = await wabaTicket();
    const [ticket] = await rows(server.ctx, sql`select contact_id from tickets where id = ${ticketId}`);
    const message = await leftMessage(waba, { ticketId, contactId: Number(ticket.contact_id) }, true);
    await runSendJob(message.id);
    expect(await messageRow(message.id)).toMatchObject({ status: 'unconfirmed', external_id: null });
    expect(sendsTo(number)).toHaveLength(0);

    // Meta did get it before the crash: its status webhook carries the wamid and our id.
    const wamid = newWamid();
    const business = { businessAccountId: sim.businessAccountId, phoneNumberId: sim.phoneNumberId, displayPhoneNumber: '5511930000000' };
    const callback = await sim.postWebhook(
      buildMetaStatusNotification(business, { id: wamid, status: 'delivered', recipientId: number, bizOpaqueCallbackData: message.id }),
    );
    expect(callback.status).toBe(200);
    expect(await messageRow(message.id)).toMatchObject({ status: 'delivered', ack: 2, external_id: wamid });
    // A late run of the job finds it settled: still nothing sent.
    await runSendJob(message.id);
    expect(sendsTo(number)).toHaveLength(0);
  });

  it('a callback naming a message that is not an interrupted send of this channel changes nothing', async () => {
    const { number, ticketId } = await wabaTicket();
    const sent = await api.post(`/messages/${ticketId}`, { body: 'settled' }, { token: t.agent.token });
    const before = await settledMessageRow(server.ctx, sent.body.id);
    const business = { businessAccountId: sim.businessAccountId, phoneNumberId: sim.phoneNumberId, displayPhoneNumber: '5511930000000' };
    await sim.postWebhook(
      buildMetaStatusNotification(business, { id: newWamid(), status: 'read', recipientId: number, bizOpaqueCallbackData: sent.body.id }),
    );
    expect(await messageRow(sent.body.id)).toMatchObject({ status: before.status, external_id: before.external_id, ack: before.ack });
  });

  it('a provider refusal gives the claim up: the retry sends the message once', async () => {
    const { number, ticketId } = await wabaTicket();
    sim.injectError(131000, { times: 1 }); // 500: retryable, nothing was sent
    const sent = await api.post(`/messages/${ticketId}`, { body: 'after a 500' }, { token: t.agent.token });
    expect(await settledMessageRow(server.ctx, sent.body.id, { timeoutMs: 30_000 })).toMatchObject({ status: 'sent' });
    expect(sendsTo(number).map((m) => (m.payload.text as { body: string }).body)).toEqual(['after a 500']);
  });

  it('the agent resends an unconfirmed message: the same message goes out once; anything else cannot be resent', async () => {
    const { number, ticketId } = await wabaTicket();
    const [ticket] = await rows(server.ctx, sql`select contact_id from tickets where id = ${ticketId}`);
    const message = await leftMessage(waba, { ticketId, contactId: Number(ticket.contact_id) }, true);
    await runSendJob(message.id);
    expect((await messageRow(message.id)).status).toBe('unconfirmed');

    const resent = await api.post(`/messages/${message.id}/resend`, undefined, { token: t.agent.token });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: message.id, status: 'pending' });
    expect(await settledMessageRow(server.ctx, message.id)).toMatchObject({ status: 'sent' });
    expect(sendsTo(number).map((m) => (m.payload.text as { body: string }).body)).toEqual([message.body]);

    const again = await api.post(`/messages/${message.id}/resend`, undefined, { token: t.agent.token });
    expect([again.status, again.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const outsider = await api.post(`/messages/${message.id}/resend`, undefined, { token: t.outsider.token });
    expect(outsider.status).toBe(403);
    const unknown = await api.post(`/messages/${randomUUID()}/resend`, undefined, { token: t.agent.token });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'ERR_NO_MESSAGE_FOUND']);
  });
});

describe('providers whose message id Conversa chooses (WuzAPI)', () => {
  it('the claim records the id the send will have: a receipt confirms the send even though its answer was lost', async () => {
    const { number, ticketId } = await wabaTicket();
    const [ticket] = await rows(server.ctx, sql`select contact_id from tickets where id = ${ticketId}`);
    const message = await leftMessage(waba, { ticketId, contactId: Number(ticket.contact_id) }, false);
    // The adapter claims with its own id, then the process dies before the answer is recorded.
    const chosenId = message.id.replace(/-/g, '').toUpperCase();
    expect(await claimMessageSend(server.ctx.db, t.tenant.id, message.id, chosenId)).toBe(true);
    expect(await claimMessageSend(server.ctx.db, t.tenant.id, message.id, chosenId)).toBe(false); // once
    await runSendJob(message.id);
    expect(await messageRow(message.id)).toMatchObject({ status: 'unconfirmed', external_id: chosenId });
    expect(sendsTo(number)).toHaveLength(0);
    expect(
      await applyProviderStatus(server.ctx, { tenantId: t.tenant.id, channelId: waba.id, externalId: chosenId, status: 'delivered' }),
    ).toBe('applied');
    expect(await messageRow(message.id)).toMatchObject({ status: 'delivered', ack: 2 });
  });
});

describe('web chat', () => {
  it('takes no claim: a send interrupted after its push is simply sent again (the widget keeps one copy per id)', async () => {
    const visitor = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id });
    const message = await leftMessage(t.channel, { ticketId: visitor.ticketId, contactId: visitor.contactId }, false);
    await runSendJob(message.id);
    const row = await eventually(async () => {
      const current = await messageRow(message.id);
      return current.status === 'sent' ? current : undefined;
    });
    expect(row).toMatchObject({ external_id: `out:${message.id}`, send_claimed_at: null });
  });
});
