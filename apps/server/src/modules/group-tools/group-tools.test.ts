/**
 * The group tools (/grupo) through a `baileys` channel driven by Baileys' own event emitter
 * (fixtures/recorded-socket.ts, as the channel's tests do): ban list, word list, greeting and
 * farewell reacting to group events; the group list; bulk member changes with per-group results;
 * a message to groups exactly once across duplicated jobs; the refusals and their codes.
 */
import { Boom } from '@hapi/boom';
import type { UserFacingSocketConfig } from 'baileys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, count, eventually, rows, type InboxTenant } from '../../../test/inbox.js';
import { createBaileysDriver } from '../channels/adapters/baileys/baileys.driver.js';
import {
  connectionUpdate,
  groupMetadata,
  groupParticipantsChange,
  groupText,
  messagesUpsert,
  RecordedSocket,
} from '../channels/adapters/baileys/fixtures/recorded-socket.js';
import { findChannelById } from '../channels/channels.repository.js';
import { registerSessionDriver, startSessionHost, stopSessionHost } from '../channels/sessions/session-host.js';
import { runGroupBatch } from './use-cases/run-group-batch.js';

const PHONE_JID = '5511955554444:17@s.whatsapp.net';
const ME = '5511955554444@s.whatsapp.net';
const G1 = '120363025246125888@g.us';
const G2 = '120363099999999999@g.us';
const BANNED = '5511911110000';
const NEWCOMER = '5511922220000';
const WRITER = '5511933330000';

let server: TestServer;
let api: Api;
let t: InboxTenant;
const sockets: RecordedSocket[] = [];
let channelId: number;
let token: string;
/** The session's socket of the group channel (a channel created later gets its own). */
let groupSocket: RecordedSocket;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  registerSessionDriver(
    createBaileysDriver({
      makeSocket: (config: UserFacingSocketConfig) => {
        const socket = new RecordedSocket(config);
        sockets.push(socket);
        return socket;
      },
      download: async () => Buffer.alloc(0),
      backoffMs: 20,
      maxBackoffMs: 100,
    }),
  );
  await startSessionHost(server.ctx, { owner: 'group-tools-test', leaseTtlMs: 10_000, sweepEveryMs: 60_000 });
  t = await buildInboxTenant(server);
  token = t.admin.token;
  const created = await api.post('/whatsapp', { name: 'Grupos', type: 'baileys', queueId: t.queue.id, settings: {} }, { token });
  expect(created.status).toBe(201);
  channelId = created.body.id as number;
  const socket = sockets[sockets.length - 1];
  groupSocket = socket;
  socket.user = { id: PHONE_JID };
  socket.groupMetadatas.set(G1, groupMetadata(G1, 'Clientes VIP', { me: ME, meAdmin: true, members: [WRITER] }));
  socket.groupMetadatas.set(G2, groupMetadata(G2, 'Avisos', { me: ME, meAdmin: false, members: [] }));
  socket.emit('creds.update', { me: { id: PHONE_JID, name: 'Loja' } });
  socket.emit('connection.update', connectionUpdate('open'));
  await eventually(async () => (await findChannelById(server.ctx.db, t.tenant.id, channelId))?.status === 'connected');
}, 120_000);

afterAll(async () => {
  if (server) await stopSessionHost(server.ctx);
  await server?.close();
});

const socket = () => groupSocket;
const actions = (key: string) =>
  rows(server.ctx, sql`select * from group_actions where channel_id = ${channelId} and key like ${key} order by id`);
const sentTo = (jid: string) => socket().sent.filter((s) => s.jid === jid);
const textsTo = (jid: string) => sentTo(jid).map((s) => (s.content as { text?: string }).text);

/**
 * A positive marker for "nothing more happened": a later event's effect. Events of a session are
 * handled in order and relayed in order, so once the marker's greeting is out, earlier events were handled.
 */
async function markerJoin(id: string): Promise<void> {
  const before = textsTo(G1).length;
  const change = groupParticipantsChange('add', { group: G1, id, numbers: [`55119${id.slice(-8)}`] });
  socket().emit('group-participants.update', change.update);
  socket().emit('messages.upsert', change.upsert);
  await eventually(() => Promise.resolve(textsTo(G1).length > before), { what: `the marker ${id}'s greeting`, timeoutMs: 15_000 });
}

describe('group tools', () => {
  it("lists only channels whose kind supports them, and a connected channel's groups", async () => {
    const channels = await api.get('/group-tools/channels', { token });
    expect(channels.status).toBe(200);
    expect(channels.body.map((c: { id: number }) => c.id)).toEqual([channelId]);

    const groups = await api.get(`/group-tools/channels/${channelId}/groups`, { token });
    expect(groups.status).toBe(200);
    expect(groups.body).toEqual([
      expect.objectContaining({ jid: G2, subject: 'Avisos', isAdmin: false, size: 1 }),
      expect.objectContaining({ jid: G1, subject: 'Clientes VIP', isAdmin: true, size: 2 }),
    ]);
  });

  it('refuses with the codes: unknown channel, unsupported kind, not connected; agents may not use them', async () => {
    expect((await api.get('/group-tools/channels/999999/groups', { token })).body.error).toBe('ERR_NO_WAPP_FOUND');
    const webchat = await api.get(`/group-tools/channels/${t.channel.id}/groups`, { token });
    expect([webchat.status, webchat.body.error]).toEqual([400, 'ERR_GROUP_TOOLS_UNSUPPORTED']);
    const other = await api.post('/whatsapp', { name: 'Parado', type: 'baileys', queueId: t.queue.id, settings: {} }, { token });
    const idle = await api.get(`/group-tools/channels/${other.body.id}/groups`, { token });
    expect([idle.status, idle.body.error]).toEqual([409, 'ERR_WAPP_NOT_INITIALIZED']);
    expect((await api.get('/group-tools/bans', { token: t.agent.token })).status).toBe(403);
  });

  it('word lists are lowercase: a word in capitals is refused; a word twice is a conflict', async () => {
    const upper = await api.post('/group-tools/words', { whatsappId: channelId, word: 'Palavrão' }, { token });
    expect([upper.status, upper.body.error]).toEqual([400, 'ERR_VALIDATION']);
    expect(JSON.stringify(upper.body)).toContain('lowercase');
    const created = await api.post('/group-tools/words', { whatsappId: channelId, word: 'palavrão' }, { token });
    expect(created.status).toBe(201);
    const again = await api.post('/group-tools/words', { whatsappId: channelId, word: 'palavrão' }, { token });
    expect([again.status, again.body.error]).toEqual([409, 'ERR_DUPLICATED_GROUP_ENTRY']);
    const unsupported = await api.post('/group-tools/words', { whatsappId: t.channel.id, word: 'x' }, { token });
    expect(unsupported.body.error).toBe('ERR_GROUP_TOOLS_UNSUPPORTED');
  });

  it('a banned number that joins is removed and logged; the others are greeted once, even when the event comes again', async () => {
    const settings = await api.put(
      `/group-tools/settings/${channelId}`,
      { greeting: 'Bem-vindos ao {{name}}!', farewell: 'Até logo!', wordAction: 'warn', wordWarning: '' },
      { token },
    );
    expect(settings.status).toBe(200);
    const ban = await api.post('/group-tools/bans', { whatsappId: channelId, number: BANNED, groupJid: G1 }, { token });
    expect(ban.status).toBe(201);
    expect(ban.body).toMatchObject({ groupSubject: 'Clientes VIP' });
    const notThere = await api.post(
      '/group-tools/bans',
      { whatsappId: channelId, number: BANNED, groupJid: '120363000000000000@g.us' },
      { token },
    );
    expect(notThere.body.error).toBe('ERR_GROUP_NOT_FOUND');

    const join = groupParticipantsChange('add', { group: G1, id: '3EB0C0FFEE00000101', numbers: [BANNED, NEWCOMER] });
    socket().emit('group-participants.update', join.update);
    socket().emit('messages.upsert', join.upsert);
    await eventually(async () => (await actions('3EB0C0FFEE00000101:%')).length === 2 && textsTo(G1).length > 0, { timeoutMs: 15_000 });
    expect(socket().participantUpdates).toContainEqual({ jid: G1, participants: [`${BANNED}@s.whatsapp.net`], action: 'remove' });
    expect(textsTo(G1)).toEqual(['Bem-vindos ao Clientes VIP!']);
    const logged = await actions('3EB0C0FFEE00000101:%');
    expect(logged.map((a) => [a.action, a.target, a.status, a.user_id])).toEqual(
      expect.arrayContaining([
        ['banRemove', BANNED, 'done', null],
        ['greeting', NEWCOMER, 'done', null],
      ]),
    );

    // Delivered again (a reconnection): nothing twice.
    socket().emit('messages.upsert', join.upsert);
    await markerJoin('3EB0C0FFEE00000199');
    expect(socket().participantUpdates.filter((u) => u.participants.includes(`${BANNED}@s.whatsapp.net`))).toHaveLength(1);
    expect(textsTo(G1).filter((text) => text === 'Bem-vindos ao Clientes VIP!')).toHaveLength(2); // the first join and the marker's
    expect(await count(server.ctx, sql`select count(*) from group_actions where key like '3EB0C0FFEE00000101:%'`)).toBe(2);
  });

  it('a member who leaves gets the farewell in the group', async () => {
    const leave = groupParticipantsChange('remove', { group: G1, id: '3EB0C0FFEE00000201', numbers: [NEWCOMER] });
    socket().emit('group-participants.update', leave.update);
    socket().emit('messages.upsert', leave.upsert);
    await eventually(() => Promise.resolve(textsTo(G1).includes('Até logo!')), { timeoutMs: 15_000 });
    expect((await actions('3EB0C0FFEE00000201:%')).map((a) => a.action)).toEqual(['farewell']);
  });

  it('a message with a listed word (any case, accents) is deleted for everyone and its author warned', async () => {
    socket().emit('messages.upsert', groupText({ group: G1, id: '3EB0BAD0000000000001', number: WRITER, text: 'Que PALAVRÃO, hein' }));
    await eventually(() => Promise.resolve(sentTo(G1).some((s) => 'delete' in s.content)), { timeoutMs: 15_000 });
    const deletion = sentTo(G1).find((s) => 'delete' in s.content)!;
    expect(deletion.content).toEqual({
      delete: { remoteJid: G1, fromMe: false, id: '3EB0BAD0000000000001', participant: `${WRITER}@s.whatsapp.net` },
    });
    await eventually(() => Promise.resolve(textsTo(G1).some((text) => text?.startsWith(`@${WRITER} `))), { timeoutMs: 15_000 });
    const logged = await actions('3EB0BAD0000000000001:%');
    expect(logged.map((a) => [a.action, a.target, a.status])).toEqual([
      ['wordDelete', WRITER, 'done'],
      ['wordWarn', WRITER, 'done'],
    ]);
    // A word inside another word is no match: no deletion (the marker shows the message was handled).
    const deletions = sentTo(G1).filter((s) => 'delete' in s.content).length;
    socket().emit('messages.upsert', groupText({ group: G1, id: '3EB0BAD0000000000002', number: WRITER, text: 'palavrãozinho' }));
    await markerJoin('3EB0C0FFEE00000299');
    expect(sentTo(G1).filter((s) => 'delete' in s.content)).toHaveLength(deletions);
  });

  it('with the setting on remove, the author of a listed word is removed from the group', async () => {
    await api.put(
      `/group-tools/settings/${channelId}`,
      { greeting: 'Bem-vindos ao {{name}}!', farewell: '', wordAction: 'remove', wordWarning: '' },
      { token },
    );
    socket().emit('messages.upsert', groupText({ group: G1, id: '3EB0BAD0000000000003', number: WRITER, text: 'palavrao!' }));
    await eventually(async () => (await actions('3EB0BAD0000000000003:wordRemove')).some((a) => a.status === 'done'), {
      timeoutMs: 15_000,
    });
    expect(socket().participantUpdates).toContainEqual({ jid: G1, participants: [`${WRITER}@s.whatsapp.net`], action: 'remove' });
  });

  it('adds numbers across groups in bulk with per-group results: done, already a member, not an admin', async () => {
    const empty = await api.post(
      '/group-tools/batches',
      { kind: 'add', whatsappId: channelId, groupJids: [], numbers: [NEWCOMER] },
      { token },
    );
    expect([empty.status, empty.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const unknown = await api.post(
      '/group-tools/batches',
      { kind: 'add', whatsappId: channelId, groupJids: ['120363000000000000@g.us'], numbers: [NEWCOMER] },
      { token },
    );
    expect(unknown.body.error).toBe('ERR_GROUP_NOT_FOUND');

    socket().participantStatuses.set(WRITER, '409');
    socket().refusedGroups.set(G2, new Boom('forbidden', { statusCode: 403 }));
    const created = await api.post(
      '/group-tools/batches',
      { kind: 'add', whatsappId: channelId, groupJids: [G1, G2], numbers: [NEWCOMER, WRITER], delaySeconds: 0 },
      { token },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'add', total: 4, status: 'processing' });
    const finished = await eventually(
      async () => {
        const batch = await api.get(`/group-tools/batches/${created.body.id}`, { token });
        return batch.body.status === 'finished' ? batch.body : undefined;
      },
      { timeoutMs: 20_000 },
    );
    const results = finished.items.map((i: { groupJid: string; target: string; status: string; reason: string | null }) => [
      i.groupJid,
      i.target,
      i.status,
      i.reason,
    ]);
    expect(results).toEqual([
      [G1, NEWCOMER, 'done', null],
      [G1, WRITER, 'failed', 'alreadyMember'],
      [G2, NEWCOMER, 'failed', 'notAdmin'],
      [G2, WRITER, 'failed', 'notAdmin'],
    ]);
    expect(finished).toMatchObject({ done: 1, failed: 3 });
    const log = await api.get(`/group-tools/actions?batchId=${created.body.id}`, { token });
    expect(log.body.actions[0]).toMatchObject({ userId: t.admin.id, userName: expect.any(String), action: 'add' });
  });

  it('sends a message to selected groups exactly once, even with the runner duplicated', async () => {
    const created = await api.post(
      '/group-tools/batches',
      { kind: 'send', whatsappId: channelId, groupJids: [G1, G2], body: 'Promoção hoje!', delaySeconds: 0 },
      { token },
    );
    expect(created.status).toBe(201);
    // Extra runners beside the job's: the claims (SKIP LOCKED rows, unique keys) let each group be queued once.
    await Promise.all([1, 2, 3].map(() => runGroupBatch(server.ctx, { tenantId: t.tenant.id, batchId: created.body.id as number })));
    await eventually(() => Promise.resolve(textsTo(G2).includes('Promoção hoje!') && textsTo(G1).includes('Promoção hoje!')), {
      timeoutMs: 20_000,
    });
    await eventually(async () => (await api.get(`/group-tools/batches/${created.body.id}`, { token })).body.status === 'finished');
    await markerJoin('3EB0C0FFEE00000399');
    expect(textsTo(G1).filter((text) => text === 'Promoção hoje!')).toHaveLength(1);
    expect(textsTo(G2).filter((text) => text === 'Promoção hoje!')).toHaveLength(1);
    expect(await count(server.ctx, sql`select count(*) from messages where body = 'Promoção hoje!'`)).toBe(2);
  });

  it('changes the settings of selected groups (massagrupos2)', async () => {
    const none = await api.post('/group-tools/batches', { kind: 'settings', whatsappId: channelId, groupJids: [G1] }, { token });
    expect(none.body.error).toBe('ERR_VALIDATION');
    const created = await api.post(
      '/group-tools/batches',
      { kind: 'settings', whatsappId: channelId, groupJids: [G1], subject: 'Clientes VIP 2', adminsOnly: true, delaySeconds: 0 },
      { token },
    );
    expect(created.status).toBe(201);
    await eventually(async () => (await api.get(`/group-tools/batches/${created.body.id}`, { token })).body.status === 'finished', {
      timeoutMs: 20_000,
    });
    expect(socket().groupChanges).toEqual([
      { jid: G1, change: 'subject', value: 'Clientes VIP 2' },
      { jid: G1, change: 'setting', value: 'announcement' },
    ]);
  });

  it('keeps the recorded group message fixture a group message', () => {
    expect(messagesUpsert('group').messages[0].key.remoteJid).toBe(G1);
  });
});
