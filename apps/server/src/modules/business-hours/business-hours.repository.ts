import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { BusinessDay } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { absenceReplies, businessHours } from '../../platform/db/schema.js';
import type { Bindable } from '../../platform/db/prepared.js';

export type BusinessHoursRow = typeof businessHours.$inferSelect;

/**
 * Probe (see InboundAutomationStep): the week and the absence message as JSON {days, absenceMessage,
 * …with}, or null when the tenant has no absence message. `with` adds other scalar subqueries.
 */
export function absenceConfigProbe(tenantId: Bindable<number>, withValues: Record<string, SQL>): SQL {
  const extra = Object.entries(withValues).map(([name, value]) => sql`, ${name}::text, (${value})`);
  return sql`select json_build_object('days', ${businessHours.days}, 'absenceMessage', ${businessHours.absenceMessage}${sql.join(extra)})
    from ${businessHours} where ${businessHours.tenantId} = ${tenantId} and btrim(${businessHours.absenceMessage}) <> ''`;
}

export async function findBusinessHours(db: Db, tenantId: number): Promise<BusinessHoursRow | undefined> {
  const [row] = await db.select().from(businessHours).where(eq(businessHours.tenantId, tenantId)).limit(1);
  return row;
}

/** Stores the week; a tenant without a row gets one (with no absence message). */
export async function saveBusinessDays(db: Db, tenantId: number, days: BusinessDay[]): Promise<BusinessHoursRow> {
  const [row] = await db
    .insert(businessHours)
    .values({ tenantId, days })
    .onConflictDoUpdate({ target: businessHours.tenantId, set: { days, updatedAt: sql`now()` } })
    .returning();
  return row;
}

/** Stores the absence message; a tenant without a row gets one with the week `days`. */
export async function saveAbsenceMessage(db: Db, tenantId: number, absenceMessage: string, days: BusinessDay[]): Promise<BusinessHoursRow> {
  const [row] = await db
    .insert(businessHours)
    .values({ tenantId, days, absenceMessage })
    .onConflictDoUpdate({ target: businessHours.tenantId, set: { absenceMessage, updatedAt: sql`now()` } })
    .returning();
  return row;
}

/** Serialises the absence decisions of one ticket until the transaction ends (count, then insert). */
export async function lockTicketAbsences(db: Db, ticketId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7240011, ${ticketId})`);
}

export async function absenceRepliedTo(db: Db, tenantId: number, inboundMessageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: absenceReplies.inboundMessageId })
    .from(absenceReplies)
    .where(and(eq(absenceReplies.tenantId, tenantId), eq(absenceReplies.inboundMessageId, inboundMessageId)))
    .limit(1);
  return row !== undefined;
}

export async function countAbsenceReplies(db: Db, tenantId: number, ticketId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(absenceReplies)
    .where(and(eq(absenceReplies.tenantId, tenantId), eq(absenceReplies.ticketId, ticketId)));
  return row?.total ?? 0;
}

/** Records the absence answer to a message; false when it was already answered. */
export async function insertAbsenceReply(
  db: Db,
  values: { tenantId: number; ticketId: number; inboundMessageId: string },
): Promise<boolean> {
  const inserted = await db.insert(absenceReplies).values(values).onConflictDoNothing().returning({ id: absenceReplies.inboundMessageId });
  return inserted.length > 0;
}
