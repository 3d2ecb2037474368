/**
 * The one inbound pipeline (DESIGN §1.2, §4): idempotent by constraint, one contact and one active
 * ticket per (contact, channel) under concurrency, blocked contacts, assignment on arrival
 * (wallets, auto-distribution none / random / balanced).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildContact,
  buildInboxTenant,
  buildQueue,
  count,
  eventually,
  inbound,
  inboundTicket,
  rows,
  setSetting,
  setWallets,
  visitorKey,
  type InboxTenant,
} from '../../../test/inbox.js';
import { TEST_DATABASE_URL } from '../../../test/databases.js';
import type { Db } from '../../platform/db/client.js';
import type { DomainEvent } from '../../platform/events/domain-events.js';
import { updateContact } from '../contacts/contacts.repository.js';
import { ingestInbound } from '../messages/use-cases/ingest-inbound.js';
import { openTicketWithMessage, type FirstMessageOutcome } from '../messages/inbound-first.repository.js';
import { hitRateLimit } from '../auth/use-cases/hit-rate-limit.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
});
afterAll(() => server?.close());

const messagesOfContact = (contactId: number) => count(server.ctx, sql`select count(*) from messages where contact_id = ${contactId}`);
const ticketsOfContact = (contactId: number) => count(server.ctx, sql`select count(*) from tickets where contact_id = ${contactId}`);

describe('idempotency of inbound events', () => {
  it('stores one message when the same event is delivered 3 times concurrently', async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const results = await Promise.all(
      [1, 2, 3].map(() => inbound(server.ctx, target, { key, externalId: 'evt-same-1', body: 'Preciso de ajuda' })),
    );

    expect(results.map((r) => r.outcome).sort()).toEqual(['duplicate', 'duplicate', 'stored']);
    const stored = results.find((r) => r.outcome === 'stored') as Extract<(typeof results)[number], { outcome: 'stored' }>;
    expect(await messagesOfContact(stored.contactId)).toBe(1);
    expect(await ticketsOfContact(stored.contactId)).toBe(1);
    expect(
      await count(server.ctx, sql`select count(*) from messages where channel_id = ${t.channel.id} and external_id = 'evt-same-1'`),
    ).toBe(1);

    const ticket = await api.get(`/tickets/${stored.ticketId}`, { token: t.admin.token });
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({
      id: stored.ticketId,
      status: 'pending',
      unreadMessages: 1,
      lastMessage: 'Preciso de ajuda',
      queueId: t.queue.id,
      whatsappId: t.channel.id,
    });
  });

  it('makes 1 contact and 1 ticket from 20 concurrent first messages of a new contact', async () => {
    const number = '5511987650001';
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inboundTicket(server.ctx, target, { key: { number }, name: 'Cliente Novo', externalId: `burst-${i}`, body: `mensagem ${i}` }),
      ),
    );

    expect(new Set(results.map((r) => r.contactId)).size).toBe(1);
    expect(new Set(results.map((r) => r.ticketId)).size).toBe(1);
    expect(await count(server.ctx, sql`select count(*) from contacts where tenant_id = ${t.tenant.id} and number = ${number}`)).toBe(1);
    const contactId = results[0].contactId;
    expect(await ticketsOfContact(contactId)).toBe(1);
    expect(await messagesOfContact(contactId)).toBe(20);
    // One 'created' log, and the counter saw every message.
    expect(
      await count(server.ctx, sql`select count(*) from ticket_logs where ticket_id = ${results[0].ticketId} and type = 'created'`),
    ).toBe(1);
    const ticket = await api.get(`/tickets/${results[0].ticketId}`, { token: t.admin.token });
    expect(ticket.body.unreadMessages).toBe(20);
    expect(ticket.body.contact).toMatchObject({ name: 'Cliente Novo', number });
  });

  it('stores nothing and opens nothing when an event is re-delivered after its ticket was closed', async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const first = await inboundTicket(server.ctx, target, { key, externalId: 'evt-late-redelivery', body: 'primeira' });
    const closed = await api.put(`/tickets/${first.ticketId}`, { status: 'closed' }, { token: t.admin.token });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');

    const again = await inbound(server.ctx, target, { key, externalId: 'evt-late-redelivery', body: 'primeira' });
    expect(again.outcome).toBe('duplicate');
    expect(await messagesOfContact(first.contactId)).toBe(1);
    expect(await ticketsOfContact(first.contactId)).toBe(1);
    expect((await api.get(`/tickets/${first.ticketId}`, { token: t.admin.token })).body.status).toBe('closed');

    // A new event of the same contact opens a new ticket (the closed one stays closed).
    const fresh = await inboundTicket(server.ctx, target, { key, body: 'voltei' });
    expect(fresh.ticketId).not.toBe(first.ticketId);
    expect(await ticketsOfContact(first.contactId)).toBe(2);
  });

  it("stores a blocked contact's message without a ticket, and opens none", async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const first = await inboundTicket(server.ctx, target, { key, body: 'antes do bloqueio' });
    expect((await api.put(`/tickets/${first.ticketId}`, { status: 'closed' }, { token: t.admin.token })).status).toBe(200);
    await updateContact(server.ctx.db, t.tenant.id, first.contactId, { blocked: true });

    const blocked = await inbound(server.ctx, target, { key, body: 'estou bloqueado' });
    expect(blocked).toMatchObject({ outcome: 'blocked', contactId: first.contactId, messageId: expect.any(String) });
    expect(
      await rows(server.ctx, sql`select ticket_id, body from messages where id = ${(blocked as { messageId: string }).messageId}`),
    ).toEqual([{ ticket_id: null, body: 'estou bloqueado' }]);
    expect(await ticketsOfContact(first.contactId)).toBe(1);
    const open = await api.get('/tickets', { token: t.admin.token, headers: {} });
    expect(open.body.tickets.some((ticket: { contactId: number }) => ticket.contactId === first.contactId)).toBe(false);

    // Re-delivered, still one message.
    expect((await inbound(server.ctx, target, { key, externalId: blocked.externalId, body: 'estou bloqueado' })).outcome).toBe('duplicate');
    expect(await messagesOfContact(first.contactId)).toBe(2);
  });
});

describe('a message of an ongoing conversation (the one-statement path)', () => {
  it('counts a message delivered 3 times concurrently to an open ticket once, and pushes the updated ticket with it', async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const first = await inboundTicket(server.ctx, target, { key, body: 'primeira' });
    const heard: DomainEvent[] = [];
    server.ctx.events.subscribe((event) => void heard.push(event));

    const results = await Promise.all(
      [1, 2, 3].map(() => inbound(server.ctx, target, { key, externalId: 'evt-ongoing-1', body: 'segunda' })),
    );
    expect(results.map((r) => r.outcome).sort()).toEqual(['duplicate', 'duplicate', 'stored']);
    expect(await messagesOfContact(first.contactId)).toBe(2);
    expect(await ticketsOfContact(first.contactId)).toBe(1);
    const ticket = (await api.get(`/tickets/${first.ticketId}`, { token: t.admin.token })).body;
    expect(ticket).toMatchObject({ unreadMessages: 2, lastMessage: 'segunda', status: 'pending' });

    await server.ctx.events.drain();
    const created = heard.filter((event) => event.type === 'message.created' && event.ticketId === first.ticketId);
    expect(created).toHaveLength(1);
    const stored = (created[0] as Extract<DomainEvent, { type: 'message.created' }>).stored;
    expect(stored?.ticketAction).toBe('update');
    expect(stored?.message).toMatchObject({ body: 'segunda', ticketId: first.ticketId, fromMe: false, status: 'received' });
    expect(stored?.message.createdAt).toBeInstanceOf(Date);
    expect(stored?.view).toMatchObject({
      id: first.ticketId,
      unreadMessages: 2,
      lastMessage: 'segunda',
      contactName: 'Visitor',
      channelType: 'webchat',
    });
    expect(stored?.view?.updatedAt).toBeInstanceOf(Date);
  });

  it("a contact blocked while its ticket is open: the message is kept without a ticket and the ticket's counters stay", async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const first = await inboundTicket(server.ctx, target, { key, body: 'antes' });
    await updateContact(server.ctx.db, t.tenant.id, first.contactId, { blocked: true });

    const blocked = await inbound(server.ctx, target, { key, body: 'bloqueado' });
    expect(blocked.outcome).toBe('blocked');
    expect((await api.get(`/tickets/${first.ticketId}`, { token: t.admin.token })).body).toMatchObject({
      unreadMessages: 1,
      lastMessage: 'antes',
    });
  });

  it("a customer's reply quoting an earlier message stores the quote, on both paths", async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const quote = (externalId: string, quotedExternalId: string) =>
      ingestInbound(server.ctx, {
        ...target,
        externalId,
        contact: { key, name: 'Visitor' },
        body: `re ${quotedExternalId}`,
        quotedExternalId,
      });
    const first = await inboundTicket(server.ctx, target, { key, externalId: 'quoted-1', body: 'primeira' });

    const ongoing = await quote('quoting-1', 'quoted-1'); // open ticket: the one-statement path
    expect(ongoing).toMatchObject({ outcome: 'stored', message: { quotedMessageId: first.messageId } });
    expect((await quote('quoting-unknown', 'never-seen')) as { message: { quotedMessageId: string | null } }).toMatchObject({
      message: { quotedMessageId: null },
    });

    expect((await api.put(`/tickets/${first.ticketId}`, { status: 'closed' }, { token: t.admin.token })).status).toBe(200);
    const reopened = await quote('quoting-2', 'quoted-1'); // a new ticket: the full path
    expect(reopened).toMatchObject({ outcome: 'stored', ticketCreated: true, message: { quotedMessageId: first.messageId } });
  });

  it('a rate limit counts only stored messages: the use over the limit is refused (429) and not counted, a resend is not counted', async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const limitKey = `test:inbound:${key.externalKey}`;
    const rateLimit = { key: limitKey, windowSeconds: 60, max: 2, message: 'Slow down.' };
    const send = (externalId: string) =>
      ingestInbound(server.ctx, { ...target, externalId, contact: { key, name: 'Visitor' }, body: externalId }, { rateLimit });
    const uses = async () =>
      Number((await rows(server.ctx, sql`select count from rate_limit_counters where key = ${limitKey}`))[0]?.count ?? 0);

    expect((await send('rl-1')).outcome).toBe('stored'); // opens the ticket (full path)
    expect(await uses()).toBe(1);
    expect((await send('rl-1')).outcome).toBe('duplicate');
    expect(await uses()).toBe(1);
    expect((await send('rl-2')).outcome).toBe('stored'); // ongoing conversation (one statement)
    expect(await uses()).toBe(2);
    await expect(send('rl-3')).rejects.toMatchObject({ code: 'ERR_LIMIT_MAX', message: 'Slow down.' });
    expect(await uses()).toBe(2);
    expect(await count(server.ctx, sql`select count(*) from messages where external_id = 'rl-3'`)).toBe(0);
  });
});

describe("a conversation's first message (the one-statement path)", () => {
  const first = (
    target: { tenantId: number; channelId: number },
    key: { externalKey: string } | { number: string },
    options: { externalId?: string; rateLimit?: { key: string; windowSeconds: number; max: number } } = {},
  ) =>
    openTicketWithMessage(server.ctx.db, {
      ...target,
      contactKey: key,
      contact: { name: 'Cliente Primeiro', email: 'primeiro@example.com' },
      message: {
        id: randomUUID(),
        externalId: options.externalId ?? `first-${randomUUID()}`,
        body: 'Bom dia, quero comprar',
        mediaType: null,
        mediaKey: null,
        mediaName: null,
        mediaMime: null,
        mediaSize: null,
        quotedExternalId: null,
        timestamp: new Date('2026-12-06T12:00:00Z'),
      },
      preview: 'Bom dia, quero comprar',
      rateLimit: options.rateLimit,
    });
  const writesOf = async (key: { externalKey: string } | { number: string }, limitKey?: string) => {
    const column = 'number' in key ? sql`number` : sql`external_key`;
    const value = 'number' in key ? key.number : key.externalKey;
    const [row] = await rows(
      server.ctx,
      sql`select
        (select count(*) from contacts where tenant_id = ${t.tenant.id} and ${column} = ${value})::int as contacts,
        (select count(*) from tickets tk join contacts c on c.id = tk.contact_id where c.tenant_id = ${t.tenant.id} and c.${column} = ${value})::int as tickets,
        (select count(*) from messages m join contacts c on c.id = m.contact_id where c.tenant_id = ${t.tenant.id} and c.${column} = ${value})::int as messages,
        (select coalesce(sum(count), 0) from rate_limit_counters where key = ${limitKey ?? ''})::int as uses`,
    );
    return row;
  };

  it('opens the ticket in one statement: contact, numbered pending ticket with the counters, message, created log, logged event', async () => {
    const number = '5511987650777';
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const opened = await first(target, { number }, { rateLimit: { key: `test:first:${number}`, windowSeconds: 60, max: 5 } });
    if (opened.outcome !== 'opened') throw new Error(`expected opened, got ${opened.outcome}`);
    const ticketId = opened.message.ticketId!;
    expect(opened).toMatchObject({ channelType: 'webchat', contactKey: null });
    expect(opened.message).toMatchObject({ body: 'Bom dia, quero comprar', fromMe: false, status: 'received', channelId: t.channel.id });
    expect(await writesOf({ number }, `test:first:${number}`)).toEqual({ contacts: 1, tickets: 1, messages: 1, uses: 1 });

    const [ticket] = await rows(
      server.ctx,
      sql`select tk.status, tk.queue_id, tk.unread_messages, tk.last_message, tk.answered, tk.origin, tk.is_group, p.protocol, c.name, c.email
          from tickets tk join contacts c on c.id = tk.contact_id left join ticket_protocols p on p.ticket_id = tk.id where tk.id = ${ticketId}`,
    );
    expect(ticket).toMatchObject({
      status: 'pending',
      queue_id: t.queue.id,
      unread_messages: 1,
      last_message: 'Bom dia, quero comprar',
      answered: false,
      origin: 'customer',
      is_group: false,
      name: 'Cliente Primeiro',
      email: 'primeiro@example.com',
    });
    // Numbered when the statement committed.
    expect(ticket.protocol).toMatch(/^\d{14,}$/);
    expect(await rows(server.ctx, sql`select type, payload from ticket_logs where ticket_id = ${ticketId}`)).toEqual([
      { type: 'created', payload: { channelId: t.channel.id } },
    ]);
    const [event] = await rows(server.ctx, sql`select id::text as id, type, payload from domain_events where id = ${opened.eventId}`);
    expect(event).toMatchObject({
      type: 'message.created',
      payload: {
        type: 'message.created',
        tenantId: t.tenant.id,
        ticketId,
        messageId: opened.message.id,
        inbound: { ticketCreated: true, isGroup: false },
      },
    });

    // Again with the same provider id: a duplicate, nothing more written; with another id the ticket is open: not a first message.
    expect(await first(target, { number }, { externalId: opened.message.externalId! })).toEqual({ outcome: 'duplicate' });
    expect(await first(target, { number })).toEqual({ outcome: 'fallback', counted: false });
    expect(await writesOf({ number }, `test:first:${number}`)).toEqual({ contacts: 1, tickets: 1, messages: 1, uses: 1 });
  });

  it('a known contact keeps its row as it was; over the rate limit nothing is written (refused)', async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const contact = await buildContact(server.ctx, t.tenant.id, { name: 'Já Conhecido', externalKey: key.externalKey });
    const limit = { key: `test:first:${key.externalKey}`, windowSeconds: 60, max: 1 };
    await hitRateLimit(server.ctx.db, limit.key, limit.windowSeconds);
    expect(await first(target, key, { rateLimit: limit })).toEqual({ outcome: 'refused' });
    expect(await writesOf(key, limit.key)).toEqual({ contacts: 1, tickets: 0, messages: 0, uses: 1 });

    const opened = await first(target, key);
    expect(opened).toMatchObject({ outcome: 'opened', contactKey: key.externalKey, message: { contactId: contact.id } });
    const [row] = await rows(server.ctx, sql`select name, email, updated_at from contacts where id = ${contact.id}`);
    expect(row).toMatchObject({ name: 'Já Conhecido', email: contact.email });
    expect(new Date(row.updated_at as string).getTime()).toBe(contact.updatedAt.getTime());
  });

  it('leaves to the full transaction, writing nothing: a blocked or group contact, a wallet contact, a channel that assigns, an unknown channel', async () => {
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const blocked = visitorKey();
    await buildContact(server.ctx, t.tenant.id, { name: 'Bloqueado', externalKey: blocked.externalKey, blocked: true });
    const group = visitorKey();
    await buildContact(server.ctx, t.tenant.id, { name: 'Grupo', externalKey: group.externalKey, isGroup: true });
    const inWallet = visitorKey();
    const walletContact = await buildContact(server.ctx, t.tenant.id, { name: 'Da carteira', externalKey: inWallet.externalKey });
    await setWallets(server.ctx, t.tenant.id, walletContact.id, [t.agent.id]);
    const assigning = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id, autoDistribution: 'balanced' });
    const newcomer = visitorKey();

    for (const [where, key] of [
      [target, blocked],
      [target, group],
      [target, inWallet],
      [{ ...target, channelId: assigning.id }, newcomer],
      [{ ...target, channelId: 999_999 }, newcomer],
    ] as const) {
      const limitKey = `test:first:${key.externalKey}:${where.channelId}`;
      const before = await writesOf(key, limitKey);
      expect(await first(where, key, { rateLimit: { key: limitKey, windowSeconds: 60, max: 5 } })).toEqual({
        outcome: 'fallback',
        counted: false,
      });
      expect(await writesOf(key, limitKey)).toEqual(before);
    }
  });

  it('concurrent first messages of one contact with a rate limit: one ticket, every message, each use counted once', async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    const rateLimit = { key: `test:burst:${key.externalKey}`, windowSeconds: 60, max: 100, message: 'Slow down.' };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ingestInbound(
          server.ctx,
          { ...target, externalId: `burst-rl-${i}`, contact: { key, name: 'Visitor' }, body: `m${i}` },
          { rateLimit },
        ),
      ),
    );
    expect(results.every((result) => result.outcome === 'stored')).toBe(true);
    expect(results.filter((result) => result.outcome === 'stored' && result.ticketCreated)).toHaveLength(1);
    expect(await writesOf(key, rateLimit.key)).toEqual({ contacts: 1, tickets: 1, messages: 12, uses: 12 });
  });
  it('stores what the full transaction stores: the same first message through both, compared column by column', async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id });
    const target = { tenantId: t.tenant.id, channelId: channel.id };
    /** Everything stored for the contact's conversation but its ids, keys and creation instants. */
    const storedFor = async (ticketId: number, eventId?: string) => {
      const [row] = await rows(
        server.ctx,
        sql`select
          to_jsonb(c) - array['id', 'external_key', 'created_at', 'updated_at'] as contact,
          to_jsonb(tk) - array['id', 'contact_id', 'created_at', 'updated_at'] as ticket,
          to_jsonb(m) - array['id', 'ticket_id', 'contact_id', 'external_id', 'sender_name', 'created_at', 'updated_at'] as message,
          (select jsonb_agg(jsonb_build_object('type', l.type, 'payload', l.payload, 'user', l.user_id)) from ticket_logs l where l.ticket_id = tk.id) as logs,
          (select p.protocol ~ '^[0-9]{14,}$' from ticket_protocols p where p.ticket_id = tk.id) as numbered
        from tickets tk join contacts c on c.id = tk.contact_id join messages m on m.ticket_id = tk.id
        where tk.id = ${ticketId}`,
      );
      const events = await rows(
        server.ctx,
        sql`select payload - array['ticketId', 'messageId'] as payload from domain_events
             where type = 'message.created' and (payload ->> 'ticketId')::int = ${ticketId} ${eventId ? sql`and id = ${eventId}` : sql``}`,
      );
      return { ...row, events };
    };

    const opened = await first(target, visitorKey());
    if (opened.outcome !== 'opened') throw new Error(`expected opened, got ${opened.outcome}`);
    // A participant's name makes it take the full transaction (stored apart: not compared).
    const full = await ingestInbound(server.ctx, {
      ...target,
      externalId: `full-${randomUUID()}`,
      contact: { key: visitorKey(), name: 'Cliente Primeiro', email: 'primeiro@example.com' },
      body: 'Bom dia, quero comprar',
      timestamp: new Date('2026-12-06T12:00:00Z'),
      senderName: 'Cliente Primeiro',
    });
    if (full.outcome !== 'stored' || !full.ticketCreated) throw new Error(`expected a new ticket, got ${full.outcome}`);

    const byStatement = await storedFor(opened.message.ticketId!, opened.eventId);
    expect(byStatement).toMatchObject({ numbered: true, events: [expect.anything()] });
    expect(byStatement).toEqual(await storedFor(full.ticketId));
  });

  describe.runIf(TEST_DATABASE_URL)('a concurrent writer between its look and its writes (PostgreSQL)', () => {
    /**
     * Runs `change` in a transaction that commits only once the statement waits for it (blocked by
     * the transaction's lock on the changed row), then answers the statement's outcome.
     */
    const racing = async (change: (tx: Db) => Promise<unknown>, statement: () => Promise<FirstMessageOutcome>) => {
      let outcome: Promise<PromiseSettledResult<FirstMessageOutcome>> | undefined;
      await server.ctx.db.transaction(async (tx) => {
        await change(tx);
        const [{ pid }] = await rows({ db: tx }, sql`select pg_backend_pid() as pid`);
        outcome = Promise.allSettled([statement()]).then(([settled]) => settled);
        const blocked = sql`select count(*) from pg_stat_activity where ${Number(pid)}::int = any(pg_blocking_pids(pid))`;
        await eventually(async () => (await count(server.ctx, blocked)) > 0 || undefined, {
          what: 'the statement waiting for the uncommitted change',
        });
      });
      const settled = await outcome!;
      if (settled.status === 'rejected') throw settled.reason;
      return settled.value;
    };
    const target = () => ({ tenantId: t.tenant.id, channelId: t.channel.id });

    it('its contact deleted meanwhile: nothing written, no use counted; the full path opens the conversation', async () => {
      const key = visitorKey();
      const contact = await buildContact(server.ctx, t.tenant.id, { name: 'Apagado', externalKey: key.externalKey });
      const limitKey = `test:first-deleted:${key.externalKey}`;
      const outcome = await racing(
        (tx) => tx.execute(sql`delete from contacts where id = ${contact.id}`),
        () => first(target(), key, { rateLimit: { key: limitKey, windowSeconds: 60, max: 5 } }),
      );
      expect(outcome).toEqual({ outcome: 'fallback', counted: false, conflict: 'tickets_contact_id_contacts_id_fk' });
      expect(await writesOf(key, limitKey)).toEqual({ contacts: 0, tickets: 0, messages: 0, uses: 0 });
      const stored = await ingestInbound(server.ctx, {
        ...target(),
        externalId: `after-delete-${key.externalKey}`,
        contact: { key, name: 'Apagado' },
        body: 'oi',
      });
      expect(stored).toMatchObject({ outcome: 'stored', ticketCreated: true });
    });

    it('the same message stored meanwhile: no empty ticket, no contact, no use; the full path calls it a duplicate', async () => {
      const key = visitorKey();
      const externalId = `stored-meanwhile-${key.externalKey}`;
      const other = await buildContact(server.ctx, t.tenant.id, { name: 'Outro' });
      const limitKey = `test:first-dup:${key.externalKey}`;
      const outcome = await racing(
        (tx) =>
          tx.execute(sql`insert into messages (id, tenant_id, contact_id, channel_id, external_id, from_me, body, status, timestamp)
                         values (${randomUUID()}, ${t.tenant.id}, ${other.id}, ${t.channel.id}, ${externalId}, false, 'antes', 'received', now())`),
        () => first(target(), key, { externalId, rateLimit: { key: limitKey, windowSeconds: 60, max: 5 } }),
      );
      expect(outcome).toEqual({ outcome: 'fallback', counted: false, conflict: 'messages_channel_external_key' });
      expect(await writesOf(key, limitKey)).toEqual({ contacts: 0, tickets: 0, messages: 0, uses: 0 });
      expect(
        await ingestInbound(server.ctx, { ...target(), externalId, contact: { key, name: 'Visitante' }, body: 'antes' }),
      ).toMatchObject({
        outcome: 'duplicate',
      });
    });
  });
});

describe('assignment on arrival', () => {
  it("balanced: the new ticket goes to the queue's agent with the fewest active tickets", async () => {
    const tenant = await buildTenant(server.ctx);
    const a = await buildAgent(server, tenant.id, 'user', 'Agente A');
    const b = await buildAgent(server, tenant.id, 'user', 'Agente B');
    const queue = await buildQueue(server.ctx, tenant.id, [a.id, b.id]);
    const channel = await buildChannel(server.ctx, tenant.id, { queueId: queue.id, autoDistribution: 'balanced' });
    const target = { tenantId: tenant.id, channelId: channel.id };

    // A already handles 2 tickets (taken from the queue), B none.
    const none = await buildChannel(server.ctx, tenant.id, { queueId: queue.id, autoDistribution: 'none' });
    for (let i = 0; i < 2; i++) {
      const { ticketId } = await inboundTicket(server.ctx, { tenantId: tenant.id, channelId: none.id });
      const taken = await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: a.token });
      expect(taken.status).toBe(200);
      expect(taken.body).toMatchObject({ status: 'open', userId: a.id });
    }

    const first = await inboundTicket(server.ctx, target, { body: 'quem me atende?' });
    const ticket = await api.get(`/tickets/${first.ticketId}`, { token: b.token });
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ status: 'pending', userId: b.id, username: 'Agente B', queueId: queue.id });
    const logs = await api.get(`/tickets/${first.ticketId}/logs`, { token: b.token });
    expect(logs.body.map((l: { type: string }) => l.type)).toEqual(['created', 'autoAssigned']);
    expect(logs.body[1].payload).toEqual({ userId: b.id, mode: 'balanced' });

    // B now has 1, A 2: the next one goes to B again; then both have 2... B gets it once more, then A.
    const second = await inboundTicket(server.ctx, target);
    expect((await api.get(`/tickets/${second.ticketId}`, { token: b.token })).body.userId).toBe(b.id);
    const third = await inboundTicket(server.ctx, target);
    expect((await api.get(`/tickets/${third.ticketId}`, { token: a.token })).body.userId).toBe(a.id); // tie 2-2: lowest id
  });

  it("random: the new ticket goes to a member of the channel's queue", async () => {
    const tenant = await buildTenant(server.ctx);
    const a = await buildAgent(server, tenant.id);
    const b = await buildAgent(server, tenant.id);
    const stranger = await buildAgent(server, tenant.id);
    const queue = await buildQueue(server.ctx, tenant.id, [a.id, b.id]);
    await buildQueue(server.ctx, tenant.id, [stranger.id]);
    const channel = await buildChannel(server.ctx, tenant.id, { queueId: queue.id, autoDistribution: 'random' });
    const assigned = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const { ticketId } = await inboundTicket(server.ctx, { tenantId: tenant.id, channelId: channel.id });
      const ticket = await api.get(`/tickets/${ticketId}`, { token: a.token });
      expect(ticket.status).toBe(200);
      assigned.add(ticket.body.userId);
    }
    for (const userId of assigned) expect([a.id, b.id]).toContain(userId);
  });

  it("none: the new ticket waits unassigned in the channel's queue", async () => {
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id });
    const ticket = await api.get(`/tickets/${ticketId}`, { token: t.agent.token });
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ status: 'pending', userId: null, queueId: t.queue.id });
  });

  it('DirectTicketsToWallets: a wallet contact is assigned to the wallet owner on arrival, and other agents do not see it', async () => {
    const tenant = await buildTenant(server.ctx);
    const owner = await buildAgent(server, tenant.id, 'user', 'Dona da Carteira');
    const other = await buildAgent(server, tenant.id, 'user', 'Outro Agente');
    const queue = await buildQueue(server.ctx, tenant.id, [owner.id, other.id]);
    const channel = await buildChannel(server.ctx, tenant.id, { queueId: queue.id, autoDistribution: 'balanced' });
    await setSetting(server.ctx, tenant.id, 'DirectTicketsToWallets', 'enabled');
    const key = { number: '5521999990001' };
    // The contact exists (first message, no wallet yet) and is then put in the owner's wallet.
    const first = await inboundTicket(server.ctx, { tenantId: tenant.id, channelId: channel.id }, { key, name: 'Cliente da Carteira' });
    await api.put(`/tickets/${first.ticketId}`, { status: 'closed' }, { token: owner.token });
    await setWallets(server.ctx, tenant.id, first.contactId, [owner.id]);

    const { ticketId } = await inboundTicket(server.ctx, { tenantId: tenant.id, channelId: channel.id }, { key, body: 'voltei' });
    const seen = await api.get(`/tickets/${ticketId}`, { token: owner.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ userId: owner.id, status: 'pending' });
    const logs = await api.get(`/tickets/${ticketId}/logs`, { token: owner.token });
    expect(logs.body.at(-1)).toMatchObject({ type: 'autoAssigned', payload: { userId: owner.id } });

    const hidden = await api.get(`/tickets/${ticketId}`, { token: other.token });
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toBe('ERR_NO_PERMISSION');
    const list = await api.get('/tickets', { token: other.token });
    expect(list.status).toBe(200);
    expect(list.body.tickets.map((x: { id: number }) => x.id)).not.toContain(ticketId);
    const ownerList = await api.get('/tickets', { token: owner.token });
    expect(ownerList.body.tickets.map((x: { id: number }) => x.id)).toContain(ticketId);
  });
});
