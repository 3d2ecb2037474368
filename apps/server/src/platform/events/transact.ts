import type { AppContext } from '../../app-context.js';
import type { Db } from '../db/client.js';
import type { DomainEvent } from './domain-events.js';

/**
 * Runs a use case in one transaction. The events it records are written to the event log in that
 * transaction and relayed only after the commit: nobody hears of a change that was rolled back, and
 * no committed change goes unheard, even if this process dies right after the commit.
 */
export async function transact<T>(
  ctx: Pick<AppContext, 'db' | 'events' | 'jobs'>,
  work: (tx: Db, events: DomainEvent[]) => Promise<T>,
): Promise<T> {
  const events: DomainEvent[] = [];
  const { result, logged } = await ctx.db.transaction(async (tx) => {
    const result = await work(tx, events);
    return { result, logged: await ctx.events.record(tx, events) };
  });
  ctx.jobs.wakeAfterCommit();
  ctx.events.relay(logged);
  return result;
}
