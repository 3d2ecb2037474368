import type { Logger } from 'pino';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../db/client.js';
import { queryFixed } from '../db/prepared.js';
import type { EventConsumer } from './consumers.js';
import type { DomainEvent, DomainEventHandler } from './domain-events.js';
import { eventRowsInsert, eventRowsJson, loggedIdOf, unloggedEvents } from './logged-by-statement.js';

/** An event as the log holds it: its id (a bigint, as text) and what it tells. */
export interface LoggedEvent {
  id: string;
  event: DomainEvent;
  /** When it was logged: the row's time when the sweep reads it; a fresh relay's moment otherwise (just after its commit). */
  at?: Date;
}

export interface EventLogOptions {
  /** An event not relayed this long after its commit is taken by the sweep (its process died). */
  graceSeconds?: number;
  /** How often this process sweeps the log and renews the claims of its slow relays. */
  sweepSeconds?: number;
  /** Sweeps after which an event whose consumer keeps failing is given up (logged). */
  maxAttempts?: number;
  /** How long the relayed marks wait to be written together: one statement for the events relayed meanwhile. */
  recordDelayMs?: number;
}

const GRACE_SECONDS = 10;
const SWEEP_SECONDS = 5;
const MAX_ATTEMPTS = 8;
// Far below the sweep's grace: an event relayed here is never taken by a sweep for want of its mark.
const RECORD_DELAY_MS = 50;

/** What a relay did with one event: the durable consumers that handled it, and whether all did. */
interface Outcome {
  id: string;
  handled: string[];
  complete: boolean;
}

const STATEMENTS = {
  // Every transaction with events runs it: one fixed statement, ids in the order of the array.
  record: { name: 'event_log_record', text: `${eventRowsInsert('$1')}::text as id` },
  done: {
    name: 'event_log_done',
    text: `with handled as (
             insert into event_consumptions (consumer, event_id)
             select * from unnest($1::text[], $2::bigint[]) on conflict do nothing)
           update domain_events set relayed_at = now(), claimed_until = null where id = any($3::bigint[])`,
  },
  renew: {
    name: 'event_log_renew',
    text: `update domain_events set claimed_until = now() + make_interval(secs => $2::int) where id = any($1::bigint[]) and relayed_at is null`,
  },
  sweep: {
    name: 'event_log_sweep',
    text: `update domain_events e set claimed_until = now() + make_interval(secs => $1::int), attempts = e.attempts + 1
           where e.id in (
             select id from domain_events
             where relayed_at is null and created_at < now() - make_interval(secs => $1::int) and (claimed_until is null or claimed_until < now())
             order by id limit $2::int for update skip locked)
           returning e.id::text as id, e.payload, e.attempts, e.created_at as at,
             coalesce((select array_agg(c.consumer) from event_consumptions c where c.event_id = e.id), '{}') as handled`,
  },
} as const;

/**
 * The durable domain-event log (DESIGN §4, §6). `record` writes a transaction's events with its
 * change; after the commit `relay` hands each one to this process's live listeners (real-time
 * pushes) and to the durable consumers (automation…), then marks it relayed, many events per
 * statement. A process that dies between its commit and that mark leaves the event unrelayed: after
 * `graceSeconds` any process's sweep takes it and relays it to the consumers that had not handled it
 * (partial progress is kept in event_consumptions). A relay still running at the sweep renews its
 * claim, so a slow consumer is not run twice elsewhere. Consumers may still see an event twice after
 * a crash that came after they acted: their effects are idempotent.
 */
export class EventLog {
  private readonly listeners: DomainEventHandler[] = [];
  private readonly consumers: EventConsumer[] = [];
  private ctx: AppContext | null = null;
  /** Events being relayed here, by id, with when they started. */
  private readonly inFlight = new Map<string, { started: number; done: Promise<void> }>();
  private outcomes: Outcome[] = [];
  /** Events relayed here whose marks are not written yet (waiting or being written). */
  private readonly unmarked = new Set<string>();
  private flushing: Promise<void> | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private sweeping: Promise<number> | null = null;
  private readonly graceSeconds: number;
  private readonly sweepSeconds: number;
  private readonly maxAttempts: number;
  private readonly recordDelayMs: number;

  constructor(
    private readonly logger: Logger,
    options: EventLogOptions = {},
  ) {
    this.graceSeconds = options.graceSeconds ?? GRACE_SECONDS;
    this.sweepSeconds = options.sweepSeconds ?? SWEEP_SECONDS;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.recordDelayMs = options.recordDelayMs ?? RECORD_DELAY_MS;
  }

  /** A live listener of this process (real-time pushes): every event relayed or published here. */
  subscribe(handler: DomainEventHandler): void {
    this.listeners.push(handler);
  }

  /** A durable consumer: handles each logged event of its types once it is committed, wherever it was committed. */
  register(consumer: EventConsumer): void {
    if (this.consumers.some((known) => known.name === consumer.name))
      throw new Error(`Event consumer '${consumer.name}' is registered twice.`);
    this.consumers.push(consumer);
  }

  /** Tells this process's live listeners only (not logged, no durable consumer): presence, progress, session status. */
  publish(events: readonly DomainEvent[]): void {
    for (const event of events) void this.tellListeners(event);
  }

  /**
   * Inside the transaction of the change: the events join the log, committed (or not) with it. Those
   * a statement of the transaction already logged with its change (noteLogged) keep their ids.
   */
  async record(tx: Db, events: readonly DomainEvent[]): Promise<LoggedEvent[]> {
    const unlogged = unloggedEvents(events);
    const rows = unlogged.length === 0 ? [] : await queryFixed<{ id: string }>(tx, STATEMENTS.record, [eventRowsJson(unlogged)]);
    let next = 0;
    return events.map((event) => ({ id: loggedIdOf(event) ?? rows[next++].id, event }));
  }

  /**
   * After the commit: each event to the listeners and the consumers, in the background of the
   * caller. The listeners hear a transaction's events in their order (a message's push, carrying
   * the ticket as the message left it, goes out before the push of the ticket's later change).
   */
  relay(logged: readonly LoggedEvent[]): void {
    let told: Promise<void> = Promise.resolve();
    const now = new Date();
    for (const entry of logged) {
      const previous = told;
      told = previous.then(() => this.tellListeners(entry.event));
      this.relayOne({ ...entry, at: entry.at ?? now }, [], told);
    }
  }

  private relayOne(entry: LoggedEvent, alreadyHandled: readonly string[], told?: Promise<void>): void {
    if (this.inFlight.has(entry.id)) return;
    const done = this.deliver(entry, alreadyHandled, told ?? this.tellListeners(entry.event))
      .then((outcome) => this.finish(outcome))
      .finally(() => this.inFlight.delete(entry.id));
    this.inFlight.set(entry.id, { started: Date.now(), done });
  }

  private async deliver({ id, event, at }: LoggedEvent, alreadyHandled: readonly string[], told: Promise<void>): Promise<Outcome> {
    await told;
    const handled: string[] = [];
    let complete = true;
    for (const consumer of this.consumers) {
      if (!consumer.types.includes(event.type) || alreadyHandled.includes(consumer.name)) continue;
      try {
        await consumer.handle(this.context(), event, id, at ?? new Date());
        handled.push(consumer.name);
      } catch (error) {
        complete = false;
        this.logger.error(
          { err: error, consumer: consumer.name, eventId: id, event: event.type },
          'event consumer failed; the sweep retries it',
        );
      }
    }
    return { id, handled, complete };
  }

  private async tellListeners(event: DomainEvent): Promise<void> {
    await Promise.all(
      this.listeners.map((listener) =>
        Promise.resolve()
          .then(() => listener(event))
          .catch((error: unknown) => this.logger.error({ err: error, event: event.type }, 'event listener failed')),
      ),
    );
  }

  /**
   * Queues the outcome. The marks wait `recordDelayMs` and go in one statement: at a few hundred
   * events a second that is one write every few dozen events instead of one per event. A process
   * that dies meanwhile leaves them to the sweep, like an event whose relay it did not finish.
   */
  private finish(outcome: Outcome): void {
    this.outcomes.push(outcome);
    this.unmarked.add(outcome.id);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, this.recordDelayMs);
    this.flushTimer.unref?.();
  }

  /** Writes the waiting marks now. */
  private flushNow(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    return this.flush();
  }

  private flush(): Promise<void> {
    // The running flush takes what was queued meanwhile before it ends.
    if (this.flushing) return this.flushing;
    this.flushing = (async () => {
      while (this.outcomes.length > 0) {
        const batch = this.outcomes;
        this.outcomes = [];
        // A complete event needs no per-consumer record: relayed_at says all handled it.
        const partial = batch.filter((outcome) => !outcome.complete);
        const consumers = partial.flatMap((outcome) => outcome.handled);
        const eventIds = partial.flatMap((outcome) => outcome.handled.map(() => outcome.id));
        const complete = batch.filter((outcome) => outcome.complete).map((outcome) => outcome.id);
        try {
          await queryFixed(this.context().db, STATEMENTS.done, [consumers, eventIds, complete]);
        } catch (error) {
          // The sweep relays these again later (to the consumers not recorded): consumers are idempotent.
          this.logger.warn({ err: error, events: batch.length }, 'could not record relayed events; the sweep will relay them again');
        }
        for (const outcome of batch) this.unmarked.delete(outcome.id);
      }
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** The context handed to consumers (built after this log: createContext binds it). */
  bind(ctx: AppContext): void {
    this.ctx = ctx;
  }

  /** Starts the sweep: now (what a previous life of this process left), then every `sweepSeconds`. */
  start(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => void this.sweep(), this.sweepSeconds * 1000);
    this.sweeper.unref();
    void this.sweep();
  }

  /**
   * One sweep: renews the claims of this process's slow relays, then takes unrelayed events older
   * than the grace and relays them here. Answers how many it took.
   */
  sweep(): Promise<number> {
    this.sweeping ??= (async () => {
      try {
        const db = this.context().db;
        // The marks waiting here first, so that the sweep does not take what this process relayed.
        await this.flushNow();
        const slow = [...this.inFlight]
          .filter(([, relay]) => Date.now() - relay.started > (this.graceSeconds * 1000) / 2)
          .map(([id]) => id);
        if (slow.length > 0) await queryFixed(db, STATEMENTS.renew, [slow, this.graceSeconds]);
        const rows = await queryFixed<{ id: string; payload: DomainEvent; attempts: number; handled: string[]; at: Date | string }>(
          db,
          STATEMENTS.sweep,
          [this.graceSeconds, 200],
        );
        for (const row of rows) {
          // Relayed here while the sweep read: its mark is on its way.
          if (this.unmarked.has(row.id)) continue;
          if (row.attempts > this.maxAttempts) {
            this.logger.error(
              { eventId: row.id, event: row.payload.type, handled: row.handled },
              'event given up after repeated consumer failures',
            );
            this.finish({ id: row.id, handled: [], complete: true });
            continue;
          }
          this.relayOne({ id: row.id, event: row.payload, at: new Date(row.at) }, row.handled);
        }
        if (rows.length > 0) this.logger.info({ events: rows.length }, 'relayed events left unrelayed (a process died after its commit)');
        return rows.length;
      } catch (error) {
        this.logger.warn({ err: error }, 'event log sweep failed; it runs again later');
        return 0;
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  /** Stops sweeping and waits for this process's relays and their records. */
  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    await this.sweeping;
    await this.drain();
  }

  /** Resolves when every relay started here has finished and been recorded (tests, shutdown): the waiting marks are written at once. */
  async drain(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.inFlight.size > 0 || this.flushing || this.outcomes.length > 0) {
      await Promise.allSettled([...this.inFlight.values()].map((relay) => relay.done));
      await this.flushNow();
    }
  }

  private context(): AppContext {
    if (!this.ctx) throw new Error('The event log has no context (createContext binds it).');
    return this.ctx;
  }
}
