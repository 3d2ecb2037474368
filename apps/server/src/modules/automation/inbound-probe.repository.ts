import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { queryPrepared } from '../../platform/db/prepared.js';

/** One scalar SQL expression of a step's module (see InboundAutomationStep.probe). */
export type InboundProbe = SQL;

/** The values of the probes, in their order (undefined where there is none, or it answered null), in one prepared statement. */
export async function readProbes(db: Db, probes: readonly (InboundProbe | undefined)[]): Promise<unknown[]> {
  const asked = probes.flatMap((expression, index) => (expression ? [sql`(${expression}) as ${sql.identifier(`p${index}`)}`] : []));
  if (asked.length === 0) return probes.map(() => undefined);
  const [row = {}] = await queryPrepared(db, 'inbound_probe', sql`select ${sql.join(asked, sql`, `)}`);
  return probes.map((_, index) => row[`p${index}`] ?? undefined);
}
