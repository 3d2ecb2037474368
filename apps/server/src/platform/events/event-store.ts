import type { Db } from '../db/client.js';
import { executorFor } from '../db/raw-executor.js';

/** Deletes relayed events older than `days` (in batches, so that the log is never locked long), and their consumption records. */
export async function purgeRelayedEvents(db: Db, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await executorFor(db).executeSql(
      `with gone as (
         delete from domain_events where id in (
           select id from domain_events where relayed_at is not null and created_at < now() - make_interval(days => $1::int) limit 5000)
         returning id),
       consumed as (delete from event_consumptions where event_id in (select id from gone))
       select count(*)::int as purged from gone`,
      [days],
    );
    const purged = Number(rows[0]?.purged ?? 0);
    total += purged;
    if (purged < 5000) return total;
  }
}
