import { startTelegramSim, type TelegramSim } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { buildInboxTenant, count, eventually, rows, type InboxTenant } from '../../../../../test/inbox.js';
import { findChannelById } from '../../channels.repository.js';
import { pollSingletonKey, schedulePoll } from './telegram-poll.job.js';

// Long polling (getUpdates) of the telegram adapter against the Bot API simulator.

let server: TestServer;
let api: Api;
let sim: TelegramSim;
let t: InboxTenant;
let channel: { id: number; publicKey: string };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
let nextChat = 9000;
const newChat = () => ({ id: ++nextChat, first_name: 'Poll', last_name: `User${nextChat}`, type: 'private' as const });

const botCall = async (method: string, params: Record<string, unknown> = {}) => {
  const response = await fetch(`${sim.url}/bot${sim.token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return {
    status: response.status,
    body: (await response.json()) as { ok: boolean; result?: any; error_code?: number; description?: string },
  };
};
const getUpdatesCalls = () => sim.server.requests.filter((r) => r.path === `/bot${sim.token}/getUpdates`);
const storedOffset = async () => (await findChannelById(server.ctx.db, t.tenant.id, channel.id))!.settings.pollOffset;
/** Poll jobs of the channel that are queued or running. */
const LIVE_STATES = sql`('created', 'retry', 'active')`;
const pollJobIds = async () =>
  (
    await rows(
      server.ctx,
      sql`select id from pgboss.job where name = 'telegram.poll' and singleton_key = ${pollSingletonKey(channel.id)} and state in ${LIVE_STATES}`,
    )
  ).map((row) => String(row.id));
const inboundWith = (body: string) =>
  count(server.ctx, sql`select count(*) from messages where channel_id = ${channel.id} and from_me = false and body like ${`${body}%`}`);

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startTelegramSim();
  t = await buildInboxTenant(server);
});
afterAll(async () => {
  if (channel) await api.post(`/whatsapp/${channel.id}/stop`, undefined, { token: t.admin.token });
  await sim?.close();
  await server?.close();
});

describe('simulator getUpdates (https://core.telegram.org/bots/api#getupdates)', () => {
  it('answers 409 while a webhook is set, confirms by offset, filters by allowed_updates and waits up to timeout', async () => {
    expect((await botCall('setWebhook', { url: 'https://example.com/hook' })).status).toBe(200);
    const refused = await botCall('getUpdates');
    expect(refused).toEqual({
      status: 409,
      body: {
        ok: false,
        error_code: 409,
        description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      },
    });
    await botCall('deleteWebhook');

    const first = sim.queueUpdate({ kind: 'text', text: 'one', chat: newChat() });
    const edited = sim.queueUpdate({ kind: 'text', text: 'one, edited', chat: newChat(), edited: true });
    const all = await botCall('getUpdates');
    expect(all.body.result.map((u: { update_id: number }) => u.update_id)).toEqual([first.update_id, edited.update_id]);
    // Not confirmed yet: the same updates again.
    expect((await botCall('getUpdates', { limit: 1 })).body.result).toEqual([first]);
    // allowed_updates applies to this and later calls.
    expect((await botCall('getUpdates', { allowed_updates: ['edited_message'] })).body.result).toEqual([edited]);
    await botCall('getUpdates', { allowed_updates: [] });
    // An offset above an update_id confirms it.
    expect((await botCall('getUpdates', { offset: first.update_id + 1 })).body.result).toEqual([edited]);
    expect((await botCall('getUpdates', { offset: edited.update_id + 1 })).body.result).toEqual([]);
    expect(sim.pendingUpdates).toEqual([]);

    // Long polling: the call waits, and answers as soon as an update arrives.
    const started = Date.now();
    const waiting = botCall('getUpdates', { timeout: 5 });
    await eventually(async () => sim.polling, { what: 'the getUpdates call to wait' });
    const late = sim.queueUpdate({ kind: 'text', text: 'late', chat: newChat() });
    expect((await waiting).body.result).toEqual([late]);
    expect(Date.now() - started).toBeLessThan(3000);
    // Nothing comes: an empty answer after the timeout.
    const emptyStart = Date.now();
    expect((await botCall('getUpdates', { offset: late.update_id + 1, timeout: 1 })).body.result).toEqual([]);
    expect(Date.now() - emptyStart).toBeGreaterThanOrEqual(900);

    // A second getUpdates ends a waiting one with 409 Conflict.
    const older = botCall('getUpdates', { timeout: 5 });
    await eventually(async () => sim.polling, { what: 'the older getUpdates call to wait' });
    const newer = botCall('getUpdates', { timeout: 0 });
    expect(await older).toEqual({
      status: 409,
      body: {
        ok: false,
        error_code: 409,
        description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      },
    });
    expect((await newer).status).toBe(200);
  });
});

describe('polling mode', () => {
  it('start deletes the webhook and polls; updates reach tickets through the webhook parser', async () => {
    await botCall('setWebhook', { url: 'https://example.com/hook' });
    const firstCall = getUpdatesCalls().length;
    const created = await api.post(
      '/whatsapp',
      {
        name: 'Telegram polling',
        type: 'telegram',
        queueId: t.queue.id,
        settings: { token: sim.token, baseUrl: sim.url, mode: 'polling', pollTimeoutSeconds: 1 },
      },
      { token: t.admin.token },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'connected', settings: { mode: 'polling' } });
    channel = { id: created.body.id, publicKey: created.body.publicKey };
    expect(sim.webhook).toBeNull();

    const chat = newChat();
    const update = sim.queueUpdate({ kind: 'text', text: 'hello by polling', chat });
    const photo = sim.queueUpdate({ kind: 'photo', content: PNG, caption: 'a photo by polling', chat });
    expect(await eventually(() => inboundWith('a photo by polling'), { timeoutMs: 10_000, intervalMs: 100 })).toBe(1);
    const [message] = await rows(
      server.ctx,
      sql`select m.ticket_id, m.external_id, c.external_key, c.name from messages m join contacts c on c.id = m.contact_id
          where m.channel_id = ${channel.id} and m.body = 'hello by polling'`,
    );
    expect(message).toMatchObject({
      external_id: `${chat.id}:${update.message!.message_id}`,
      external_key: `telegram:${chat.id}`,
      name: `Poll ${chat.last_name}`,
    });
    expect(message.ticket_id).not.toBeNull();
    // The offset is persisted past the last processed update, and the first call asked for our updates only.
    expect(await eventually(async () => (await storedOffset()) === photo.update_id + 1, { timeoutMs: 5000 })).toBe(true);
    expect(getUpdatesCalls()[firstCall].body).toMatchObject({ timeout: 1, allowed_updates: ['message', 'edited_message'] });
  });

  it('keeps polling with the persisted offset: no update is stored twice across polls', async () => {
    const callsBefore = getUpdatesCalls().length;
    await eventually(async () => getUpdatesCalls().length >= callsBefore + 2, { timeoutMs: 8000 });
    expect(getUpdatesCalls().length).toBeGreaterThanOrEqual(callsBefore + 2);
    const offset = await storedOffset();
    expect(getUpdatesCalls().at(-1)!.body).toMatchObject({ offset });
    expect(sim.pendingUpdates).toEqual([]);
    expect(await inboundWith('hello by polling')).toBe(1);
    expect(await inboundWith('a photo by polling')).toBe(1);
  });

  it('one poll loop per channel: more starts do not add pollers (singletonKey, stately queue)', async () => {
    const before = getUpdatesCalls().length;
    for (let i = 0; i < 5; i++) await schedulePoll(server.ctx, { id: channel.id, tenantId: t.tenant.id });
    const jobs = await rows(
      server.ctx,
      sql`select state, count(*)::int as n from pgboss.job where name = 'telegram.poll' and singleton_key = ${pollSingletonKey(channel.id)}
          and state in ('created', 'retry', 'active') group by state`,
    );
    for (const job of jobs) expect(job.n).toBe(1);
    // No 409 Conflict: never two getUpdates at once from this server. Once the polls queued now (the
    // running one and the next) are done, any two of them that overlapped were answered 409.
    const queued = await pollJobIds();
    expect(queued.length).toBeGreaterThan(0);
    await eventually(
      async () =>
        (await count(server.ctx, sql`select count(*) from pgboss.job where id::text in ${queued} and state in ${LIVE_STATES}`)) === 0,
      { timeoutMs: 15_000, what: 'the queued polls to finish' },
    );
    expect(
      getUpdatesCalls()
        .slice(before)
        .filter((r) => r.status === 409),
    ).toHaveLength(0);
  });

  it('a webhook set elsewhere (409 Conflict) does not break the loop; polling resumes when it is deleted', async () => {
    const before = getUpdatesCalls().length;
    await botCall('setWebhook', { url: 'https://example.com/other' });
    const conflicted = () =>
      getUpdatesCalls()
        .slice(before)
        .some((r) => r.status === 409);
    await eventually(async () => conflicted(), { timeoutMs: 5000 });
    expect(conflicted()).toBe(true);
    await botCall('deleteWebhook');
    sim.queueUpdate({ kind: 'text', text: 'after the conflict', chat: newChat() });
    expect(await eventually(() => inboundWith('after the conflict'), { timeoutMs: 15_000, intervalMs: 100 })).toBe(1);
  });

  it('restart resumes from the persisted offset without duplicates; stop stops polling', async () => {
    const stopped = await api.post(`/whatsapp/${channel.id}/stop`, undefined, { token: t.admin.token });
    expect(stopped.body.status).toBe('disconnected');
    // The poll in flight ends within its timeout and no other follows: the loop is over once no poll
    // job is queued or running (each poll queues the next before it ends) and no call is in flight.
    await eventually(async () => (await pollJobIds()).length === 0 && getUpdatesCalls().every((r) => r.status !== undefined), {
      timeoutMs: 15_000,
      what: 'the poll loop to end',
    });
    const callsAfterStop = getUpdatesCalls().length;
    const whileStopped = sim.queueUpdate({ kind: 'text', text: 'while stopped', chat: newChat() });
    expect(sim.polling).toBe(false);
    expect(getUpdatesCalls().length).toBe(callsAfterStop);
    expect(await inboundWith('while stopped')).toBe(0);
    const offset = (await storedOffset()) as number;
    // Still at Telegram: the new update, and maybe the last processed ones (confirmed only by the
    // next getUpdates with a higher offset, as in the Bot API).
    expect(sim.pendingUpdates.at(-1)).toEqual(whileStopped);
    for (const update of sim.pendingUpdates.slice(0, -1)) expect(update.update_id).toBeLessThan(offset);

    const restarted = await api.post(`/whatsapp/${channel.id}/start`, undefined, { token: t.admin.token });
    expect(restarted.status).toBe(200);
    expect(await eventually(() => inboundWith('while stopped'), { timeoutMs: 10_000, intervalMs: 100 })).toBe(1);
    expect(getUpdatesCalls()[callsAfterStop].body).toMatchObject({ offset });
    // A later update, through the next polls: once it is stored and confirmed, nothing came twice.
    const marker = sim.queueUpdate({ kind: 'text', text: 'marker after the restart', chat: newChat() });
    expect(await eventually(() => inboundWith('marker after the restart'), { timeoutMs: 10_000, intervalMs: 100 })).toBe(1);
    expect(await eventually(async () => (await storedOffset()) === marker.update_id + 1, { timeoutMs: 5000 })).toBe(true);
    expect(marker.update_id).toBeGreaterThan(whileStopped.update_id);
    for (const body of ['hello by polling', 'a photo by polling', 'after the conflict', 'while stopped'])
      expect(await inboundWith(body)).toBe(1);
  });
});
