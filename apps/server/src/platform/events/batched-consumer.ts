import type { AppContext } from '../../app-context.js';
import { perApp } from '../app-state.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import type { EventConsumer } from './consumers.js';
import type { DomainEvent } from './domain-events.js';

/** One event as a batched consumer receives it. */
export interface ConsumedEvent {
  event: DomainEvent;
  eventId: string;
  loggedAt: Date;
}

interface Waiting extends ConsumedEvent {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Batcher {
  waiting: Waiting[];
  running: boolean;
}

export interface BatchedConsumerOptions {
  name: string;
  types: readonly DomainEvent['type'][];
  /** At most this many events per call of `handleBatch`. */
  maxBatch: number;
  /** Handles the events together (one transaction for all, typically); idempotent like any consumer. */
  handleBatch(ctx: AppContext, events: ConsumedEvent[]): Promise<void>;
}

/**
 * A durable consumer that handles the events relayed meanwhile together: the first event of a quiet
 * moment goes at once, alone; the events relayed while a batch runs wait for it to end and go
 * together in the next one. Under load a consumer's fixed cost per call (a transaction, a job's
 * wake-up) is paid once per batch instead of once per event, with no wait added when idle. Each
 * event's relay still waits for its own outcome. A failed batch is tried again one event at a time,
 * so that one event that cannot be handled fails alone (the sweep retries it) and not its neighbours;
 * not when the database cannot be reached: every event would fail the same way, and the sweep
 * retries them all.
 */
export function batchedConsumer(options: BatchedConsumerOptions): EventConsumer {
  const batcherOf = perApp<Batcher>(() => ({ waiting: [], running: false }));

  const run = async (ctx: AppContext, batcher: Batcher) => {
    batcher.running = true;
    try {
      while (batcher.waiting.length > 0) {
        const batch = batcher.waiting.splice(0, options.maxBatch);
        try {
          await options.handleBatch(ctx, batch);
          for (const entry of batch) entry.resolve();
        } catch (error) {
          if (batch.length === 1 || isDatabaseUnavailable(error)) {
            for (const entry of batch) entry.reject(error);
            continue;
          }
          for (const entry of batch) {
            await options.handleBatch(ctx, [entry]).then(entry.resolve, entry.reject);
          }
        }
      }
    } finally {
      batcher.running = false;
    }
  };

  return {
    name: options.name,
    types: options.types,
    handle(ctx, event, eventId, loggedAt = new Date()) {
      const batcher = batcherOf(ctx);
      const done = new Promise<void>((resolve, reject) => batcher.waiting.push({ event, eventId, loggedAt, resolve, reject }));
      if (!batcher.running) void run(ctx, batcher);
      return done;
    },
  };
}
