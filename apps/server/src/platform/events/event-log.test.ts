import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, count, inboundTicket, rows, visitorKey, type InboxTenant } from '../../../test/inbox.js';
import type { EventConsumer } from './consumers.js';
import type { DomainEvent } from './domain-events.js';
import { purgeRelayedEvents } from './event-store.js';
import { transact } from './transact.js';

/** A consumer that records what it handled and can be made to fail. */
function recordingConsumer(name: string) {
  const handled: { eventId: string; event: DomainEvent }[] = [];
  const state = { failuresLeft: 0 };
  const consumer: EventConsumer = {
    name,
    types: ['contact.changed', 'message.created'],
    async handle(_ctx, event, eventId) {
      if (state.failuresLeft > 0) {
        state.failuresLeft--;
        throw new Error(`${name} failed on purpose`);
      }
      handled.push({ eventId, event });
    },
  };
  const times = (eventId: string) => handled.filter((entry) => entry.eventId === eventId).length;
  return { consumer, handled, state, times };
}

const first = recordingConsumer('test.first');
const second = recordingConsumer('test.second');
let server: TestServer;
let t: InboxTenant;

beforeAll(async () => {
  // The sweep is started by hand in these tests (ctx.events.sweep()), with no grace; the relayed
  // marks wait until a drain or a sweep writes them.
  server = await startTestServer(
    {},
    {
      context: {
        events: { graceSeconds: 0, sweepSeconds: 3600, maxAttempts: 2, recordDelayMs: 600_000 },
        extraModules: [{ name: 'test', consumers: [first.consumer, second.consumer] }],
      },
    },
  );
  t = await buildInboxTenant(server);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** Records one contact.changed in its own transaction, as a use case does; answers its log id. */
async function recordContactChanged(contactId: number): Promise<string> {
  await transact(server.ctx, async (_tx, events) => {
    events.push({ type: 'contact.changed', tenantId: t.tenant.id, contactId, action: 'update' });
  });
  const [row] = await rows(
    server.ctx,
    sql`select id::text as id from domain_events where type = 'contact.changed' and payload->>'contactId' = ${String(contactId)}`,
  );
  return String(row.id);
}

const isRelayed = async (eventId: string) =>
  (await rows(server.ctx, sql`select relayed_at is not null as yes from domain_events where id = ${eventId}::bigint`))[0]?.yes === true;

describe('the durable event log', () => {
  it('writes each event with its change and relays it after commit to every consumer once, then marks it relayed', async () => {
    const eventId = await recordContactChanged(9_000_001);
    await server.ctx.events.drain();
    expect(first.times(eventId)).toBe(1);
    expect(second.times(eventId)).toBe(1);
    expect(await isRelayed(eventId)).toBe(true);
    // A complete relay needs no per-consumer record.
    expect(await count(server.ctx, sql`select count(*)::int from event_consumptions where event_id = ${eventId}::bigint`)).toBe(0);
    // A sweep finds nothing left to relay.
    expect(await server.ctx.events.sweep()).toBe(0);
    expect(first.times(eventId)).toBe(1);
  });

  it('the marks of events relayed meanwhile wait and are written by one statement; a sweep writes them before it looks', async () => {
    const eventIds = [await recordContactChanged(9_000_101), await recordContactChanged(9_000_102), await recordContactChanged(9_000_103)];
    await vi.waitFor(() => expect(eventIds.map((id) => second.times(id))).toEqual([1, 1, 1]), { timeout: 10_000 });
    // Handled by every consumer, not marked yet: the marks wait (recordDelayMs).
    expect(await Promise.all(eventIds.map(isRelayed))).toEqual([false, false, false]);
    expect(await server.ctx.events.sweep()).toBe(0);
    expect(eventIds.map((id) => first.times(id))).toEqual([1, 1, 1]);
    const marks = await rows(
      server.ctx,
      sql`select count(distinct relayed_at)::int as moments, count(*)::int as marked from domain_events where id = any(${`{${eventIds.join(',')}}`}::bigint[]) and relayed_at is not null`,
    );
    // One statement: one transaction's now() for the three.
    expect(marks[0]).toEqual({ moments: 1, marked: 3 });
  });

  it('a rolled-back transaction leaves no event and tells nobody', async () => {
    const before = first.handled.length;
    await expect(
      transact(server.ctx, async (_tx, events) => {
        events.push({ type: 'contact.changed', tenantId: t.tenant.id, contactId: 9_000_002, action: 'update' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await server.ctx.events.drain();
    expect(await count(server.ctx, sql`select count(*)::int from domain_events where payload->>'contactId' = '9000002'`)).toBe(0);
    expect(first.handled.length).toBe(before);
  });

  it("a transaction's events reach the live listeners in their order, each after the previous one was heard", async () => {
    // The listener is slow on the first event: the second must wait for it, not overtake it.
    const heard: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    server.ctx.events.subscribe(async (event) => {
      if (event.type !== 'contact.changed' || event.contactId < 9_000_100 || event.contactId > 9_000_102) return;
      heard.push(`start ${event.contactId}`);
      if (event.contactId === 9_000_100) await firstHeld;
      heard.push(`end ${event.contactId}`);
    });
    await transact(server.ctx, async (_tx, events) => {
      for (const contactId of [9_000_100, 9_000_101, 9_000_102])
        events.push({ type: 'contact.changed', tenantId: t.tenant.id, contactId, action: 'update' });
    });
    // The marker: the first event is being heard (the others would have started by now if unordered).
    await vi.waitFor(() => expect(heard).toContain('start 9000100'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['start 9000100']);
    releaseFirst();
    await server.ctx.events.drain();
    expect(heard).toEqual(['start 9000100', 'end 9000100', 'start 9000101', 'end 9000101', 'start 9000102', 'end 9000102']);
  });

  it('both inbound paths (full transaction, one statement) log message.created with what automation needs', async () => {
    const key = visitorKey();
    const target = { tenantId: t.tenant.id, channelId: t.channel.id };
    // The first message opens the ticket (full path); the second joins it (the one-statement path).
    const opened = await inboundTicket(server.ctx, target, { key, name: 'Cliente Log', body: 'primeira' });
    const joined = await inboundTicket(server.ctx, target, { key, name: 'Cliente Log', body: 'segunda' });
    expect(joined.ticketId).toBe(opened.ticketId);
    await server.ctx.events.drain();
    const logged = await rows(
      server.ctx,
      sql`select id::text as id, payload, relayed_at from domain_events where type = 'message.created' and (payload->>'ticketId')::int = ${opened.ticketId} order by id`,
    );
    expect(logged.map((entry) => entry.payload)).toEqual([
      {
        type: 'message.created',
        tenantId: t.tenant.id,
        ticketId: opened.ticketId,
        messageId: opened.messageId,
        inbound: { ticketCreated: true, isGroup: false },
      },
      {
        type: 'message.created',
        tenantId: t.tenant.id,
        ticketId: opened.ticketId,
        messageId: joined.messageId,
        inbound: { ticketCreated: false, isGroup: false },
      },
    ]);
    for (const entry of logged) {
      expect(entry.relayed_at).not.toBeNull();
      expect(first.times(String(entry.id))).toBe(1);
    }
  });

  it('a failing consumer keeps the event unrelayed; the sweep gives it again to that consumer only, then marks it relayed', async () => {
    second.state.failuresLeft = 1;
    const eventId = await recordContactChanged(9_000_003);
    await server.ctx.events.drain();
    expect(first.times(eventId)).toBe(1);
    expect(second.times(eventId)).toBe(0);
    expect(await isRelayed(eventId)).toBe(false);
    // The consumer that handled it is recorded: the sweep will not give it to it again. (The
    // application's own consumers of contact events, e.g. the webhooks', are recorded too: only this
    // test's consumers are looked at.)
    expect(
      await rows(server.ctx, sql`select consumer from event_consumptions where event_id = ${eventId}::bigint and consumer like 'test.%'`),
    ).toEqual([{ consumer: 'test.first' }]);

    expect(await server.ctx.events.sweep()).toBeGreaterThanOrEqual(1);
    await server.ctx.events.drain();
    expect(second.times(eventId)).toBe(1);
    expect(first.times(eventId)).toBe(1);
    expect(await isRelayed(eventId)).toBe(true);
  });

  it('an event whose consumer keeps failing is given up after the attempts allowed', async () => {
    second.state.failuresLeft = 100;
    const eventId = await recordContactChanged(9_000_004);
    await server.ctx.events.drain();
    for (let sweep = 0; sweep < 3 && !(await isRelayed(eventId)); sweep++) {
      await server.ctx.events.sweep();
      await server.ctx.events.drain();
    }
    expect(await isRelayed(eventId)).toBe(true);
    expect(second.times(eventId)).toBe(0);
    expect(first.times(eventId)).toBe(1);
    second.state.failuresLeft = 0;
  });

  it('relayed events past their retention are purged with their consumption records; unrelayed ones stay', async () => {
    const old = await recordContactChanged(9_000_005);
    await server.ctx.events.drain();
    const pending = randomUUID();
    await server.ctx.db.execute(sql`insert into domain_events (tenant_id, type, payload, created_at, claimed_until)
      values (${t.tenant.id}, 'contact.changed', ${JSON.stringify({ type: 'contact.changed', tenantId: t.tenant.id, contactId: 9_000_006, action: 'update', note: pending })}::jsonb,
              now() - interval '10 days', now() + interval '1 hour')`);
    await server.ctx.db.execute(sql`update domain_events set created_at = now() - interval '10 days' where id = ${old}::bigint`);
    await server.ctx.db.execute(
      sql`insert into event_consumptions (consumer, event_id) values ('test.first', ${old}::bigint) on conflict do nothing`,
    );
    expect(await purgeRelayedEvents(server.ctx.db, 3)).toBeGreaterThanOrEqual(1);
    expect(await count(server.ctx, sql`select count(*)::int from domain_events where id = ${old}::bigint`)).toBe(0);
    expect(await count(server.ctx, sql`select count(*)::int from event_consumptions where event_id = ${old}::bigint`)).toBe(0);
    expect(await count(server.ctx, sql`select count(*)::int from domain_events where payload->>'note' = ${pending}`)).toBe(1);
  });
});
