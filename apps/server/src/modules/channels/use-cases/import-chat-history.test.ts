/**
 * The history import use case on its own (the adapters' tests drive it through each provider):
 * the tickets it opens or reuses, what it leaves alone (unread counts, newer last messages,
 * blocked contacts), and the progress events.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { buildInboxTenant, rows, type InboxTenant } from '../../../../test/inbox.js';
import type { HistoryImportProgress } from '@conversa/shared';
import { ingestInbound } from '../../messages/use-cases/ingest-inbound.js';
import type { ChannelRow } from '../channels.repository.js';
import { importChatHistory, pastMessagesToImport, type PastMessage } from './import-chat-history.js';

let server: TestServer;
let t: InboxTenant;
const progress: HistoryImportProgress[] = [];

beforeAll(async () => {
  server = await startTestServer();
  t = await buildInboxTenant(server);
  server.ctx.events.subscribe((event) => {
    if (event.type === 'channel.historyImport' && event.tenantId === t.tenant.id) progress.push(event.progress);
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const withSettings = (settings: Record<string, unknown>): ChannelRow => ({
  ...t.channel,
  settings: { ...t.channel.settings, ...settings },
});
const at = (iso: string) => new Date(`${iso}Z`);
const past = (externalId: string, iso: string, body: string, extra: Partial<PastMessage> = {}): PastMessage => ({
  externalId,
  body,
  timestamp: at(iso),
  ...extra,
});
const ticketsOf = (number: string) =>
  rows(
    server.ctx,
    sql`select t.* from tickets t join contacts c on c.id = t.contact_id where t.tenant_id = ${t.tenant.id} and c.number = ${number}`,
  );

describe('importChatHistory', () => {
  it('keeps the day range (UTC days, both ends) and the newest N, oldest first', () => {
    const messages = [
      past('a', '2026-09-30T23:59:59', 'before'),
      past('b', '2026-10-01T00:00:00', 'first day'),
      past('d', '2026-10-31T23:59:59', 'last day'),
      past('c', '2026-10-15T12:00:00', 'middle'),
      past('e', '2026-11-01T00:00:00', 'after'),
    ];
    const ids = (list: PastMessage[]) => list.map((m) => m.externalId);
    expect(ids(pastMessagesToImport(messages, { importFrom: '2026-10-01', importTo: '2026-10-31' }))).toEqual(['b', 'c', 'd']);
    expect(ids(pastMessagesToImport(messages, { importFrom: '2026-10-01', importTo: '2026-10-31', historySyncLimit: 2 }))).toEqual([
      'c',
      'd',
    ]);
    expect(ids(pastMessagesToImport(messages, {}))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('does nothing unless the channel imports old messages', async () => {
    const result = await importChatHistory(server.ctx, withSettings({}), [
      { contact: { key: { number: '5511930000001' }, name: 'Nobody' }, messages: [past('off-1', '2026-10-01T10:00:00', 'x')] },
    ]);
    expect(result).toEqual({ chats: 0, messages: 0 });
    expect(await ticketsOf('5511930000001')).toHaveLength(0);
  });

  it('opens a pending ticket in the import queue, without unread messages or an assignee', async () => {
    const channel = withSettings({ importOldMessages: true, importQueueId: t.otherQueue.id });
    const result = await importChatHistory(server.ctx, channel, [
      {
        contact: { key: { number: '5511930000002' }, name: 'Ana Import' },
        messages: [past('p-2', '2026-10-02T10:00:00', 'second'), past('p-1', '2026-10-01T10:00:00', 'first', { fromMe: true })],
      },
    ]);
    expect(result).toEqual({ chats: 1, messages: 2 });
    const [ticket] = await ticketsOf('5511930000002');
    expect(ticket).toMatchObject({
      status: 'pending',
      queue_id: t.otherQueue.id,
      unread_messages: 0,
      user_id: null,
      last_message: 'second',
    });
    const logs = await rows(server.ctx, sql`select type, payload from ticket_logs where ticket_id = ${ticket.id}`);
    expect(logs).toEqual([{ type: 'createdByHistoryImport', payload: { channelId: t.channel.id, messages: 2 } }]);
    expect(progress.at(-1)).toMatchObject({ channelId: t.channel.id, state: 'done', chatsTotal: 1, chatsDone: 1, messagesImported: 2 });
    expect(progress.some((p) => p.state === 'running' && p.chatsDone === 0)).toBe(true);
  });

  it("adds older messages to a contact's open ticket without changing its newer last message or its unread count", async () => {
    const live = await ingestInbound(server.ctx, {
      tenantId: t.tenant.id,
      channelId: t.channel.id,
      externalId: 'live-3',
      contact: { key: { number: '5511930000003' }, name: 'Bia Live' },
      body: 'hoje',
    });
    expect(live.outcome).toBe('stored');
    const channel = withSettings({ importOldMessages: true, closeImportedTickets: true });
    await importChatHistory(server.ctx, channel, [
      { contact: { key: { number: '5511930000003' }, name: 'Bia Live' }, messages: [past('old-3', '2026-01-01T10:00:00', 'antiga')] },
    ]);
    const tickets = await ticketsOf('5511930000003');
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: 'pending', last_message: 'hoje', unread_messages: 1 });
    const history = await rows(server.ctx, sql`select external_id from messages where ticket_id = ${tickets[0].id} order by created_at`);
    expect(history.map((m) => m.external_id)).toEqual(['old-3', 'live-3']);
  });

  it("skips a blocked contact's chat and group chats unless the channel takes groups", async () => {
    await server.ctx.db.execute(
      sql`insert into contacts (tenant_id, name, number, blocked) values (${t.tenant.id}, 'Blocked', '5511930000004', true)`,
    );
    const group = { key: { externalKey: 'whatsapp-group:120363000000000001@g.us' }, name: 'Grupo', isGroup: true };
    const result = await importChatHistory(server.ctx, withSettings({ importOldMessages: true }), [
      { contact: { key: { number: '5511930000004' }, name: 'Blocked' }, messages: [past('blocked-1', '2026-10-01T10:00:00', 'x')] },
      { contact: group, messages: [past('group-1', '2026-10-01T10:00:00', 'no grupo', { senderName: 'Rita' })] },
    ]);
    expect(result).toEqual({ chats: 0, messages: 0 });
    expect(progress.at(-1)).toMatchObject({ state: 'done', chatsTotal: 1 });

    const withGroups = await importChatHistory(server.ctx, withSettings({ importOldMessages: true, importGroups: true }), [
      { contact: group, messages: [past('group-1', '2026-10-01T10:00:00', 'no grupo', { senderName: 'Rita' })] },
    ]);
    expect(withGroups).toEqual({ chats: 1, messages: 1 });
    const [stored] = await rows(
      server.ctx,
      sql`select m.sender_name, t.is_group from messages m join tickets t on t.id = m.ticket_id where m.channel_id = ${t.channel.id} and m.external_id = 'group-1'`,
    );
    expect(stored).toEqual({ sender_name: 'Rita', is_group: true });
  });
});
