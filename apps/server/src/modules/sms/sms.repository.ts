import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SmsStatus } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { smsMessages, smsSettings } from '../../platform/db/schema.js';

export type SmsSettingsRow = typeof smsSettings.$inferSelect;
export type NewSmsSettings = Omit<typeof smsSettings.$inferInsert, 'tenantId' | 'createdAt' | 'updatedAt'>;
export type SmsRow = typeof smsMessages.$inferSelect;
export type NewSms = typeof smsMessages.$inferInsert;

// ---- settings ----

export async function findSmsSettings(db: Db, tenantId: number): Promise<SmsSettingsRow | undefined> {
  const [row] = await db.select().from(smsSettings).where(eq(smsSettings.tenantId, tenantId));
  return row;
}

export async function upsertSmsSettings(db: Db, tenantId: number, values: NewSmsSettings): Promise<SmsSettingsRow> {
  const [row] = await db
    .insert(smsSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: smsSettings.tenantId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row;
}

export async function deleteSmsSettings(db: Db, tenantId: number): Promise<boolean> {
  const deleted = await db.delete(smsSettings).where(eq(smsSettings.tenantId, tenantId)).returning({ tenantId: smsSettings.tenantId });
  return deleted.length > 0;
}

// ---- messages ----

/** Inserts the claim row; undefined when (tenant, sourceKind, sourceKey) was claimed before. */
export async function insertSmsClaim(db: Db, values: NewSms & { tenantId: number }): Promise<SmsRow | undefined> {
  const [row] = await db
    .insert(smsMessages)
    .values(values)
    .onConflictDoNothing({ target: [smsMessages.tenantId, smsMessages.sourceKind, smsMessages.sourceKey] })
    .returning();
  return row;
}

export async function findSmsBySource(db: Db, tenantId: number, sourceKind: string, sourceKey: string): Promise<SmsRow | undefined> {
  const [row] = await db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.tenantId, tenantId), eq(smsMessages.sourceKind, sourceKind), eq(smsMessages.sourceKey, sourceKey)));
  return row;
}

export async function findSms(db: Db, tenantId: number, id: string, options: { lock?: boolean } = {}): Promise<SmsRow | undefined> {
  const query = db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.tenantId, tenantId), eq(smsMessages.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * The tenant of an SMS, by its id alone: for the provider's status callback, whose URL names the
 * SMS (a random UUID) and nothing else. Everything after this is read within that tenant.
 */
export async function findSmsTenant(db: Db, id: string): Promise<number | undefined> {
  const [row] = await db.select({ tenantId: smsMessages.tenantId }).from(smsMessages).where(eq(smsMessages.id, id));
  return row?.tenantId;
}

/** Applies `changes` if the SMS is in one of `from` (one statement); undefined when it was not (a concurrent change won). */
export async function transitionSms(
  db: Db,
  tenantId: number,
  id: string,
  from: readonly SmsStatus[],
  changes: Partial<Omit<NewSms, 'id' | 'tenantId'>>,
): Promise<SmsRow | undefined> {
  const [row] = await db
    .update(smsMessages)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(smsMessages.tenantId, tenantId), eq(smsMessages.id, id), inArray(smsMessages.status, [...from])))
    .returning();
  return row;
}

/** Records the provider's id on an SMS that has none yet (a status callback came before the send's own record). */
export async function setSmsProviderIdIfMissing(db: Db, tenantId: number, id: string, providerId: string): Promise<void> {
  await db
    .update(smsMessages)
    .set({ providerId, updatedAt: sql`now()` })
    .where(and(eq(smsMessages.tenantId, tenantId), eq(smsMessages.id, id), isNull(smsMessages.providerId)));
}

/** Which of these provider ids some SMS of the tenant already has. */
export async function knownSmsProviderIds(db: Db, tenantId: number, providerIds: string[]): Promise<Set<string>> {
  if (!providerIds.length) return new Set();
  const rows = await db
    .select({ providerId: smsMessages.providerId })
    .from(smsMessages)
    .where(and(eq(smsMessages.tenantId, tenantId), inArray(smsMessages.providerId, providerIds)));
  return new Set(rows.map((r) => r.providerId!));
}

/** A contact's SMS (or a ticket's), newest first. */
export async function listSmsOf(
  db: Db,
  tenantId: number,
  of: { contactId: number } | { ticketId: number },
  limit: number,
): Promise<SmsRow[]> {
  const target = 'contactId' in of ? eq(smsMessages.contactId, of.contactId) : eq(smsMessages.ticketId, of.ticketId);
  return db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.tenantId, tenantId), target))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(limit);
}
