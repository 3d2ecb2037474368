import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.js';
import { batchedConsumer, type ConsumedEvent } from './batched-consumer.js';
import type { DomainEvent } from './domain-events.js';

const contactEvent = (contactId: number): DomainEvent => ({ type: 'contact.changed', tenantId: 1, contactId, action: 'create' });

/** A consumer whose batches are held open until released, recording what each batch held. */
function recordingConsumer(options: { maxBatch: number; failWhen?: (events: ConsumedEvent[]) => boolean; failure?: () => Error }) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const consumer = batchedConsumer({
    name: 'test.batched',
    types: ['contact.changed'],
    maxBatch: options.maxBatch,
    async handleBatch(_ctx, events) {
      batches.push(events.map((entry) => Number(entry.eventId)));
      await new Promise<void>((resolve) => releases.push(resolve));
      if (options.failWhen?.(events)) throw options.failure?.() ?? new Error('refused');
    },
  });
  const releaseNext = async () => {
    while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
    releases.shift()!();
  };
  return { consumer, batches, releaseNext };
}

describe('batched event consumer', () => {
  it('handles the first event at once, and the events that came while it ran together, up to the batch size', async () => {
    const ctx = {} as AppContext;
    const { consumer, batches, releaseNext } = recordingConsumer({ maxBatch: 3 });
    const handled = [1, 2, 3, 4, 5, 6].map((id) => consumer.handle(ctx, contactEvent(id), String(id)));
    await releaseNext();
    await releaseNext();
    await releaseNext();
    await Promise.all(handled);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('keeps the batches of two applications apart', async () => {
    const { consumer, batches, releaseNext } = recordingConsumer({ maxBatch: 10 });
    const first = consumer.handle({} as AppContext, contactEvent(1), '1');
    const second = consumer.handle({} as AppContext, contactEvent(2), '2');
    await releaseNext();
    await releaseNext();
    await Promise.all([first, second]);
    expect(batches).toEqual([[1], [2]]);
  });

  it('tries a failed batch again one event at a time: only the event that cannot be handled fails', async () => {
    const ctx = {} as AppContext;
    const { consumer, batches, releaseNext } = recordingConsumer({
      maxBatch: 10,
      failWhen: (events) => events.some((entry) => entry.eventId === '3'),
    });
    const results = [1, 2, 3, 4].map((id) =>
      consumer.handle(ctx, contactEvent(id), String(id)).then(
        () => 'handled',
        (error: Error) => error.message,
      ),
    );
    // [1] alone, then [2, 3, 4] fails, then each of them alone.
    for (let batch = 0; batch < 5; batch++) await releaseNext();
    expect(await Promise.all(results)).toEqual(['handled', 'handled', 'refused', 'handled']);
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('does not try a batch again event by event when the database cannot be reached: all of them fail at once', async () => {
    const ctx = {} as AppContext;
    const { consumer, batches, releaseNext } = recordingConsumer({
      maxBatch: 10,
      failWhen: (events) => events.length > 1,
      failure: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    });
    const results = [1, 2, 3].map((id) =>
      consumer.handle(ctx, contactEvent(id), String(id)).then(
        () => 'handled',
        (error: Error) => error.message,
      ),
    );
    for (let batch = 0; batch < 2; batch++) await releaseNext();
    expect(await Promise.all(results)).toEqual(['handled', 'connect ECONNREFUSED 127.0.0.1:5432', 'connect ECONNREFUSED 127.0.0.1:5432']);
    expect(batches).toEqual([[1], [2, 3]]);
  });
});
