import type { AppContext } from '../../app-context.js';
import type { Db } from '../db/client.js';
import type { DomainEvent } from './domain-events.js';

/**
 * Runs a use case in one transaction; the events it records are published only after the commit,
 * so nobody hears of a change that was rolled back.
 */
export async function transact<T>(ctx: Pick<AppContext, 'db' | 'events' | 'jobs'>, work: (tx: Db, events: DomainEvent[]) => Promise<T>): Promise<T> {
  const events: DomainEvent[] = [];
  const result = await ctx.db.transaction((tx) => work(tx, events));
  ctx.jobs.wakeAfterCommit();
  ctx.events.publish(events);
  return result;
}
