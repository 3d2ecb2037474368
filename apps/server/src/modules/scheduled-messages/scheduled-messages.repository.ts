import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ScheduleStatus } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { channels, contacts, messages, scheduledMessages, scheduledMessageSends, users } from '../../platform/db/schema.js';

export type ScheduleRow = typeof scheduledMessages.$inferSelect;
export type NewSchedule = Omit<typeof scheduledMessages.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ScheduleChanges = Partial<
  Pick<
    ScheduleRow,
    | 'body'
    | 'scheduleDate'
    | 'recurrence'
    | 'status'
    | 'occurrence'
    | 'sentCount'
    | 'lastSentAt'
    | 'error'
    | 'ticketId'
    | 'mediaKey'
    | 'mediaName'
    | 'mediaMime'
    | 'mediaSize'
    | 'mediaType'
  >
>;
export type ScheduleView = ScheduleRow & {
  contactName: string;
  contactNumber: string | null;
  channelName: string;
  userName: string | null;
  lastMessageStatus: string | null;
};

/** A column of the message of the schedule's latest occurrence sent. */
const lastMessage = <T>(column: typeof messages.status | typeof messages.error) =>
  sql<T>`(select ${column} from ${scheduledMessageSends} join ${messages} on ${messages.id} = ${scheduledMessageSends.messageId}
  where ${scheduledMessageSends.scheduleId} = ${scheduledMessages.id} order by ${scheduledMessageSends.occurrence} desc limit 1)`;
const lastMessageStatus = lastMessage<string | null>(messages.status);

/**
 * SPEC statuses pending, sent, failed, canceled. Stored, except that a one-off schedule whose message
 * the channel then refused (the send job marks the message failed) reads failed: computed at read
 * time from its message, so no later write can miss it.
 */
const statusSql = sql<ScheduleStatus>`(case when ${scheduledMessages.status} = 'sent' and ${lastMessageStatus} = 'failed' then 'failed' else ${scheduledMessages.status} end)`;

const selectViews = (db: Db) =>
  db
    .select({
      schedule: scheduledMessages,
      contactName: contacts.name,
      contactNumber: contacts.number,
      channelName: channels.name,
      userName: users.name,
      status: statusSql,
      lastMessageStatus,
      lastMessageError: lastMessage<string | null>(messages.error),
    })
    .from(scheduledMessages)
    .innerJoin(contacts, eq(contacts.id, scheduledMessages.contactId))
    .innerJoin(channels, eq(channels.id, scheduledMessages.channelId))
    .leftJoin(users, eq(users.id, scheduledMessages.userId));

const toView = (row: {
  schedule: ScheduleRow;
  contactName: string;
  contactNumber: string | null;
  channelName: string;
  userName: string | null;
  status: ScheduleStatus;
  lastMessageStatus: string | null;
  lastMessageError: string | null;
}): ScheduleView => ({
  ...row.schedule,
  status: row.status,
  error: row.schedule.error ?? (row.status === 'failed' ? row.lastMessageError : null),
  contactName: row.contactName,
  contactNumber: row.contactNumber,
  channelName: row.channelName,
  userName: row.userName,
  lastMessageStatus: row.lastMessageStatus,
});

export async function insertSchedule(db: Db, values: NewSchedule): Promise<ScheduleRow> {
  const [row] = await db.insert(scheduledMessages).values(values).returning();
  return row;
}

export async function findScheduleView(db: Db, tenantId: number, id: number): Promise<ScheduleView | undefined> {
  const [row] = await selectViews(db).where(and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.id, id)));
  return row ? toView(row) : undefined;
}

/** The schedule, locked until the end of the transaction (edits, cancel and sends are serialised). */
export async function lockSchedule(db: Db, tenantId: number, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.id, id)))
    .for('update');
  return row;
}

/** Applies the changes as a new version (any send job of the previous version becomes stale). */
export async function updateSchedule(db: Db, tenantId: number, id: number, changes: ScheduleChanges): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .update(scheduledMessages)
    .set({ ...changes, version: sql`${scheduledMessages.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.id, id)))
    .returning();
  return row;
}

/** Deletes the schedule (its sends' records go with it; the messages it sent stay in their tickets). */
export async function deleteSchedule(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(scheduledMessages)
    .where(and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.id, id)))
    .returning({ id: scheduledMessages.id });
  return rows.length > 0;
}

/** Whether some schedule of the tenant still names this stored file. */
export async function scheduleNamesMediaKey(db: Db, tenantId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: scheduledMessages.id })
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.mediaKey, key)))
    .limit(1);
  return Boolean(row);
}

export interface ScheduleFilter {
  statuses?: ScheduleStatus[];
  ticketId?: number;
  contactId?: number;
  /** A plain user's scope: the schedules this user created. */
  createdBy?: number;
}

export async function listScheduleViews(
  db: Db,
  tenantId: number,
  filter: ScheduleFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ScheduleView[]; total: number }> {
  const where: (SQL | undefined)[] = [eq(scheduledMessages.tenantId, tenantId)];
  if (filter.statuses?.length) where.push(inArray(statusSql, filter.statuses));
  if (filter.ticketId) where.push(eq(scheduledMessages.ticketId, filter.ticketId));
  if (filter.contactId) where.push(eq(scheduledMessages.contactId, filter.contactId));
  if (filter.createdBy) where.push(eq(scheduledMessages.userId, filter.createdBy));
  const condition = and(...where);
  // Pending first by their next date (soonest first); then the rest, newest first.
  const [rows, [totals]] = await Promise.all([
    selectViews(db)
      .where(condition)
      .orderBy(
        sql`case when ${scheduledMessages.status} = 'pending' then 0 else 1 end`,
        sql`case when ${scheduledMessages.status} = 'pending' then ${scheduledMessages.scheduleDate} end asc`,
        desc(scheduledMessages.updatedAt),
        desc(scheduledMessages.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(scheduledMessages).where(condition),
  ]);
  return { rows: rows.map(toView), total: Number(totals?.total ?? 0) };
}

/**
 * Claims one occurrence of a schedule: true when this transaction is the first to claim it. The
 * unique (schedule, occurrence) key makes any second claim (a job run twice) a no-op.
 */
export async function claimScheduleOccurrence(
  db: Db,
  tenantId: number,
  scheduleId: number,
  occurrence: number,
): Promise<number | undefined> {
  const [row] = await db
    .insert(scheduledMessageSends)
    .values({ tenantId, scheduleId, occurrence })
    .onConflictDoNothing({ target: [scheduledMessageSends.scheduleId, scheduledMessageSends.occurrence] })
    .returning({ id: scheduledMessageSends.id });
  return row?.id;
}

export async function recordOccurrenceMessage(db: Db, tenantId: number, sendId: number, sent: { messageId: string; ticketId: number }) {
  await db
    .update(scheduledMessageSends)
    .set(sent)
    .where(and(eq(scheduledMessageSends.tenantId, tenantId), eq(scheduledMessageSends.id, sendId)));
}
