import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { queryFixed, type FixedStatement } from '../../platform/db/prepared.js';

/** One scalar SQL expression of a step's module (see InboundAutomationStep.probe). */
export type InboundProbe = SQL;

/** What a probe may use of the message: placeholders of the probe statement, filled for each message. */
export interface ProbeKeys {
  tenantId: Placeholder<'tenantId'>;
  ticketId: Placeholder<'ticketId'>;
  channelId: Placeholder<'channelId'>;
  messageId: Placeholder<'messageId'>;
}

export type ProbeValues = { [Key in keyof ProbeKeys]: Key extends 'messageId' ? string : number };

const KEYS: ProbeKeys = {
  tenantId: sql.placeholder('tenantId'),
  ticketId: sql.placeholder('ticketId'),
  channelId: sql.placeholder('channelId'),
  messageId: sql.placeholder('messageId'),
};

const dialect = new PgDialect();
let built = 0;

/** The statement asking these probes, as its text and its parameters with the placeholders still in them. */
interface ProbeStatement {
  statement: FixedStatement;
  params: unknown[];
  /** Where each probe's value is in the row (null where the step has none). */
  columns: (string | null)[];
}

/**
 * Builds, once for a set of probes, the statement that asks them all: each message then only fills
 * the placeholders (building a statement of six subqueries at every message was a tenth of the
 * inbound path's JavaScript time).
 */
export function buildProbeStatement(probes: readonly (((keys: ProbeKeys) => InboundProbe) | undefined)[]): ProbeStatement | null {
  const columns = probes.map((probe, index) => (probe ? `p${index}` : null));
  const asked = probes.flatMap((probe, index) => (probe ? [sql`(${probe(KEYS)}) as ${sql.identifier(`p${index}`)}`] : []));
  if (asked.length === 0) return null;
  const { sql: text, params } = dialect.sqlToQuery(sql`select ${sql.join(asked, sql`, `)}`);
  built += 1;
  return { statement: { name: `inbound_probe_${built}`, text }, params, columns };
}

/** The values of the probes, in their order (undefined where there is none, or it answered null), in one prepared statement. */
export async function readProbes(db: Db, probe: ProbeStatement | null, values: ProbeValues): Promise<unknown[]> {
  if (!probe) return [];
  const [row = {}] = await queryFixed(db, probe.statement, fillPlaceholders(probe.params, values));
  return probe.columns.map((column) => (column ? (row[column] ?? undefined) : undefined));
}
