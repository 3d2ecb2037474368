import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MassSendRecipientStatus, MassSendStatus } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { channels, contacts, massSendRecipients, massSends, messages, smsMessages, users } from '../../platform/db/schema.js';
import {
  claimCounterColumns,
  claimCountersJoin,
  claimReportStatus,
  countPendingClaims,
  hasWaitingClaims,
  type ClaimTable,
} from '../../platform/db/send-claims.js';

export type MassSendRow = typeof massSends.$inferSelect;
export type NewMassSend = typeof massSends.$inferInsert;
export interface MassSendCounters {
  recipientCount: number;
  processed: number;
  sent: number;
  notSent: number;
  delivered: number;
  read: number;
}
export type MassSendView = MassSendRow & MassSendCounters & { channelName: string | null; userName: string | null };

const claims: ClaimTable = {
  table: massSendRecipients,
  tenantId: massSendRecipients.tenantId,
  parentId: massSendRecipients.massSendId,
  status: massSendRecipients.status,
  messageId: massSendRecipients.messageId,
  smsId: massSendRecipients.smsId,
  claimedAt: massSendRecipients.claimedAt,
};

/** processed = handed to the channel (claimed); the others as claimCountersJoin says. */
const viewColumns = {
  massSend: massSends,
  channelName: channels.name,
  userName: users.name,
  recipientCount: claimCounterColumns.total,
  processed: claimCounterColumns.claimed,
  sent: claimCounterColumns.sent,
  notSent: claimCounterColumns.notSent,
  delivered: claimCounterColumns.delivered,
  read: claimCounterColumns.read,
};

type ViewRecord = { massSend: MassSendRow; channelName: string | null; userName: string | null } & Record<keyof MassSendCounters, unknown>;
const viewOf = ({ massSend, channelName, userName, ...counters }: ViewRecord): MassSendView => ({
  ...massSend,
  channelName,
  userName,
  recipientCount: Number(counters.recipientCount),
  processed: Number(counters.processed),
  sent: Number(counters.sent),
  notSent: Number(counters.notSent),
  delivered: Number(counters.delivered),
  read: Number(counters.read),
});

function views(db: Db, tenantId: number, counterWhere: SQL | undefined, where: SQL | undefined) {
  return db
    .select(viewColumns)
    .from(massSends)
    .leftJoin(claimCountersJoin(claims, counterWhere), sql`counters.parent_id = ${massSends.id}`)
    .leftJoin(channels, and(eq(channels.id, massSends.channelId), eq(channels.tenantId, tenantId)))
    .leftJoin(users, eq(users.id, massSends.createdById))
    .where(and(eq(massSends.tenantId, tenantId), where));
}

/** The tenant's mass sends, newest first (only those `createdById` made, when given). */
export async function listMassSendViews(
  db: Db,
  tenantId: number,
  options: { createdById?: number; limit: number },
): Promise<MassSendView[]> {
  const rows = await views(
    db,
    tenantId,
    eq(massSendRecipients.tenantId, tenantId),
    options.createdById === undefined ? undefined : eq(massSends.createdById, options.createdById),
  )
    .orderBy(desc(massSends.id))
    .limit(options.limit);
  return rows.map(viewOf);
}

export async function findMassSendView(db: Db, tenantId: number, id: number): Promise<MassSendView | undefined> {
  const [row] = await views(
    db,
    tenantId,
    and(eq(massSendRecipients.tenantId, tenantId), eq(massSendRecipients.massSendId, id)),
    eq(massSends.id, id),
  );
  return row ? viewOf(row) : undefined;
}

export async function findMassSend(
  db: Db,
  tenantId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<MassSendRow | undefined> {
  const query = db
    .select()
    .from(massSends)
    .where(and(eq(massSends.tenantId, tenantId), eq(massSends.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertMassSend(db: Db, values: NewMassSend): Promise<MassSendRow> {
  const [row] = await db.insert(massSends).values(values).returning();
  return row;
}

/** Moves the mass send from one of `from` in one statement; undefined when it was in none of them (a concurrent change won). */
export async function transitionMassSend(
  db: Db,
  tenantId: number,
  id: number,
  from: readonly MassSendStatus[],
  changes: Partial<NewMassSend> & { status: MassSendStatus },
): Promise<MassSendRow | undefined> {
  const [row] = await db
    .update(massSends)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(massSends.tenantId, tenantId), eq(massSends.id, id), inArray(massSends.status, [...from])))
    .returning();
  return row;
}

export async function setNextSendAt(db: Db, tenantId: number, id: number, at: Date): Promise<void> {
  await db
    .update(massSends)
    .set({ nextSendAt: at })
    .where(and(eq(massSends.tenantId, tenantId), eq(massSends.id, id)));
}

// ---- recipients ----

const affected = (result: unknown) =>
  Number((result as { rowCount?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);

/**
 * The typed numbers (already normalised and unique), in their order, each with the tenant's
 * contact of that number when there is one. Answers how many were added.
 */
export async function insertNumberRecipients(db: Db, tenantId: number, massSendId: number, numbers: readonly string[]): Promise<number> {
  let added = 0;
  // In chunks, under PostgreSQL's bound on a statement's parameters.
  for (let start = 0; start < numbers.length; start += 5_000) {
    const chunk = numbers.slice(start, start + 5_000);
    const result = await db.execute(sql`
      insert into ${massSendRecipients} (tenant_id, mass_send_id, number, contact_id, position)
      select ${tenantId}, ${massSendId}, n.number, c.id, ${start} + n.position
        from unnest(${`{${chunk.join(',')}}`}::text[]) with ordinality as n(number, position)
        left join ${contacts} c on c.tenant_id = ${tenantId} and c.number = n.number
      on conflict do nothing`);
    added += affected(result);
  }
  return added;
}

/**
 * The contacts of `selection` (a subquery of contact ids, from the contacts module) that have a
 * number and are not groups, by name. Answers how many were added.
 */
export async function insertSelectionRecipients(db: Db, tenantId: number, massSendId: number, selection: SQL): Promise<number> {
  const result = await db.execute(sql`
    insert into ${massSendRecipients} (tenant_id, mass_send_id, number, contact_id, position)
    select ${tenantId}, ${massSendId}, c.number, c.id, row_number() over (order by c.name, c.id)
      from ${contacts} c
     where c.tenant_id = ${tenantId} and c.id in (${selection}) and c.number is not null and not c.is_group
    on conflict do nothing`);
  return affected(result);
}

/**
 * The next waiting recipient, locked for this transaction (SKIP LOCKED: two runners of one mass
 * send never take the same one): the transaction claims or skips it before it commits.
 */
export async function lockNextWaitingRecipient(db: Db, tenantId: number, massSendId: number) {
  const [row] = await db
    .select({
      number: massSendRecipients.number,
      contactId: massSendRecipients.contactId,
      blocked: contacts.blocked,
      isGroup: contacts.isGroup,
    })
    .from(massSendRecipients)
    .leftJoin(contacts, eq(contacts.id, massSendRecipients.contactId))
    .where(
      and(
        eq(massSendRecipients.tenantId, tenantId),
        eq(massSendRecipients.massSendId, massSendId),
        eq(massSendRecipients.status, 'waiting'),
      ),
    )
    .orderBy(asc(massSendRecipients.position))
    .limit(1)
    .for('update', { of: massSendRecipients, skipLocked: true });
  return row;
}
export type WaitingRecipient = NonNullable<Awaited<ReturnType<typeof lockNextWaitingRecipient>>>;

const recipientKey = (tenantId: number, key: { massSendId: number; number: string }) =>
  and(
    eq(massSendRecipients.tenantId, tenantId),
    eq(massSendRecipients.massSendId, key.massSendId),
    eq(massSendRecipients.number, key.number),
    eq(massSendRecipients.status, 'waiting'),
  );

/** The claim: the recipient's one send is the message (or the SMS) queued in this same transaction. */
export async function markRecipientClaimed(
  db: Db,
  tenantId: number,
  key: { massSendId: number; number: string },
  send: { messageId: string | null; smsId: string | null; contactId: number | null },
): Promise<void> {
  await db
    .update(massSendRecipients)
    .set({ status: 'claimed', messageId: send.messageId, smsId: send.smsId, contactId: send.contactId, claimedAt: sql`now()` })
    .where(recipientKey(tenantId, key));
}

export async function markRecipientSkipped(
  db: Db,
  tenantId: number,
  key: { massSendId: number; number: string },
  error: string,
): Promise<void> {
  await db
    .update(massSendRecipients)
    .set({ status: 'skipped', error, claimedAt: sql`now()` })
    .where(recipientKey(tenantId, key));
}

/** How many of its most recent claims (the last `window`) still wait for the channel. */
export const countInFlight = (db: Db, tenantId: number, massSendId: number, window: number) =>
  countPendingClaims(db, claims, tenantId, massSendId, window);

export const hasWaitingRecipients = (db: Db, tenantId: number, massSendId: number) => hasWaitingClaims(db, claims, tenantId, massSendId);

const reportStatus = claimReportStatus<MassSendRecipientStatus>(claims);

export interface RecipientLine {
  number: string;
  contactId: number | null;
  name: string | null;
  status: MassSendRecipientStatus;
  sentAt: Date | null;
  error: string | null;
}

/** A page of the recipients in sending order with their report status, or all of them (an export) without a limit. */
export async function listRecipientLines(
  db: Db,
  tenantId: number,
  massSendId: number,
  options: { status?: MassSendRecipientStatus; limit?: number; offset?: number },
): Promise<{ lines: RecipientLine[]; total: number }> {
  const where = and(
    eq(massSendRecipients.tenantId, tenantId),
    eq(massSendRecipients.massSendId, massSendId),
    options.status ? sql`${reportStatus} = ${options.status}` : undefined,
  );
  const base = () =>
    db
      .select({
        number: massSendRecipients.number,
        contactId: massSendRecipients.contactId,
        name: contacts.name,
        status: reportStatus,
        sentAt: massSendRecipients.claimedAt,
        error: sql<string | null>`coalesce(${massSendRecipients.error}, ${messages.error}, ${smsMessages.error})`,
      })
      .from(massSendRecipients)
      .leftJoin(contacts, and(eq(contacts.id, massSendRecipients.contactId), eq(contacts.tenantId, tenantId)))
      .leftJoin(messages, eq(messages.id, massSendRecipients.messageId))
      .leftJoin(smsMessages, eq(smsMessages.id, massSendRecipients.smsId))
      .where(where)
      .orderBy(asc(massSendRecipients.position));
  const [lines, [totals]] = await Promise.all([
    options.limit === undefined
      ? base()
      : base()
          .limit(options.limit)
          .offset(options.offset ?? 0),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(massSendRecipients)
      .leftJoin(messages, eq(messages.id, massSendRecipients.messageId))
      .leftJoin(smsMessages, eq(smsMessages.id, massSendRecipients.smsId))
      .where(where),
  ]);
  return { lines, total: Number(totals?.n ?? 0) };
}
