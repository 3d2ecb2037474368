import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CampaignContactStatus, CampaignStatus } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { campaignContacts, campaigns, contacts, messages, type CampaignMediaFile } from '../../platform/db/schema.js';
import {
  claimCounterColumns,
  claimCountersJoin,
  claimReportStatus,
  countPendingClaims,
  hasWaitingClaims,
  type ClaimTable,
} from '../../platform/db/send-claims.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export interface CampaignCounters {
  contactCount: number;
  sent: number;
  notSent: number;
  delivered: number;
  read: number;
}
export type CampaignView = CampaignRow & CampaignCounters;
export type { CampaignMediaFile };

const claims: ClaimTable = {
  table: campaignContacts,
  tenantId: campaignContacts.tenantId,
  parentId: campaignContacts.campaignId,
  status: campaignContacts.status,
  messageId: campaignContacts.messageId,
  claimedAt: campaignContacts.claimedAt,
};

const viewOf = (row: CampaignRow, raw: Partial<Record<keyof CampaignCounters, unknown>>): CampaignView => ({
  ...row,
  contactCount: Number(raw.contactCount ?? 0),
  sent: Number(raw.sent ?? 0),
  notSent: Number(raw.notSent ?? 0),
  delivered: Number(raw.delivered ?? 0),
  read: Number(raw.read ?? 0),
});

/** Its linked contacts; sent, not sent, delivered and read as claimCountersJoin counts them. */
const counterColumns = {
  contactCount: claimCounterColumns.total,
  sent: claimCounterColumns.sent,
  notSent: claimCounterColumns.notSent,
  delivered: claimCounterColumns.delivered,
  read: claimCounterColumns.read,
};

export async function listCampaignViews(db: Db, tenantId: number): Promise<CampaignView[]> {
  const rows = await db
    .select({ campaign: campaigns, ...counterColumns })
    .from(campaigns)
    .leftJoin(claimCountersJoin(claims, eq(campaignContacts.tenantId, tenantId)), sql`counters.parent_id = ${campaigns.id}`)
    .where(eq(campaigns.tenantId, tenantId))
    .orderBy(desc(campaigns.id));
  return rows.map(({ campaign, ...raw }) => viewOf(campaign, raw));
}

export async function findCampaignView(db: Db, tenantId: number, id: number): Promise<CampaignView | undefined> {
  const [row] = await db
    .select({ campaign: campaigns, ...counterColumns })
    .from(campaigns)
    .leftJoin(
      claimCountersJoin(claims, and(eq(campaignContacts.tenantId, tenantId), eq(campaignContacts.campaignId, id))),
      sql`counters.parent_id = ${campaigns.id}`,
    )
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
  return row ? viewOf(row.campaign, row) : undefined;
}

export async function findCampaign(
  db: Db,
  tenantId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CampaignRow | undefined> {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertCampaign(db: Db, values: NewCampaign): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row;
}

export async function updateCampaignRow(
  db: Db,
  tenantId: number,
  id: number,
  changes: Partial<NewCampaign>,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)))
    .returning();
  return row;
}

/** Moves the campaign from one of `from` to `to` in one statement; undefined when it was in none of them (a concurrent change won). */
export async function transitionCampaign(
  db: Db,
  tenantId: number,
  id: number,
  from: readonly CampaignStatus[],
  changes: Partial<NewCampaign> & { status: CampaignStatus },
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id), inArray(campaigns.status, [...from])))
    .returning();
  return row;
}

export async function deleteCampaignRow(db: Db, tenantId: number, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db
    .delete(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)))
    .returning();
  return row;
}

// ---- linked contacts ----

/**
 * Links the contacts of `selection` (a subquery of contact ids, from the contacts module) in one
 * INSERT … SELECT; those already linked stay as they are. Answers how many were added.
 */
export async function linkContacts(db: Db, tenantId: number, campaignId: number, selection: SQL): Promise<number> {
  const result = await db.execute(sql`
    insert into ${campaignContacts} (tenant_id, campaign_id, contact_id)
    select ${tenantId}, ${campaignId}, s.id from (${selection}) s
    on conflict do nothing`);
  return Number(
    (result as { affectedRows?: number; rowCount?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
  );
}

/** Unlinks contacts that were not sent to yet (all of them without `contactId`). Answers how many. */
export async function unlinkContacts(db: Db, tenantId: number, campaignId: number, contactId?: number): Promise<number> {
  const rows = await db
    .delete(campaignContacts)
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.status, 'waiting'),
        contactId === undefined ? undefined : eq(campaignContacts.contactId, contactId),
      ),
    )
    .returning({ contactId: campaignContacts.contactId });
  return rows.length;
}

export async function countLinkedContacts(db: Db, tenantId: number, campaignId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignContacts)
    .where(and(eq(campaignContacts.tenantId, tenantId), eq(campaignContacts.campaignId, campaignId)));
  return Number(row?.n ?? 0);
}

/** The report status of a linked contact: waiting, skipped, or its message's status. */
const reportStatus = claimReportStatus<CampaignContactStatus>(claims);

export interface CampaignContactLine {
  contactId: number;
  name: string;
  number: string | null;
  status: CampaignContactStatus;
  messageNumber: number | null;
  sentAt: Date | null;
  error: string | null;
}

const lineColumns = {
  contactId: campaignContacts.contactId,
  name: contacts.name,
  number: contacts.number,
  status: reportStatus,
  messageNumber: campaignContacts.messageNumber,
  sentAt: campaignContacts.claimedAt,
  error: sql<string | null>`coalesce(${campaignContacts.error}, ${messages.error})`,
};

/** A page of the campaign's contacts with their report status (by name), or all of them (an export) without a limit. */
export async function listCampaignContactLines(
  db: Db,
  tenantId: number,
  campaignId: number,
  options: { status?: CampaignContactStatus; limit?: number; offset?: number },
): Promise<{ lines: CampaignContactLine[]; total: number }> {
  const where = and(
    eq(campaignContacts.tenantId, tenantId),
    eq(campaignContacts.campaignId, campaignId),
    options.status ? sql`${reportStatus} = ${options.status}` : undefined,
  );
  const base = () =>
    db
      .select(lineColumns)
      .from(campaignContacts)
      .innerJoin(contacts, eq(contacts.id, campaignContacts.contactId))
      .leftJoin(messages, eq(messages.id, campaignContacts.messageId))
      .where(where)
      .orderBy(asc(contacts.name), asc(contacts.id));
  const [lines, [totals]] = await Promise.all([
    options.limit === undefined
      ? base()
      : base()
          .limit(options.limit)
          .offset(options.offset ?? 0),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaignContacts)
      .leftJoin(messages, eq(messages.id, campaignContacts.messageId))
      .where(where),
  ]);
  return { lines: lines.map((line) => ({ ...line, messageNumber: line.messageNumber ?? null })), total: Number(totals?.n ?? 0) };
}

// ---- sending ----

/**
 * Up to `limit` contacts still waiting, locked for this transaction (SKIP LOCKED: two runners of the
 * same campaign never take the same contact): the transaction claims each (markClaimed or
 * markSkipped) before it commits.
 */
export async function lockWaitingContacts(db: Db, tenantId: number, campaignId: number, limit: number) {
  return db
    .select({ contactId: campaignContacts.contactId, blocked: contacts.blocked, isGroup: contacts.isGroup })
    .from(campaignContacts)
    .innerJoin(contacts, eq(contacts.id, campaignContacts.contactId))
    .where(
      and(eq(campaignContacts.tenantId, tenantId), eq(campaignContacts.campaignId, campaignId), eq(campaignContacts.status, 'waiting')),
    )
    .orderBy(asc(campaignContacts.contactId))
    .limit(limit)
    .for('update', { of: campaignContacts, skipLocked: true });
}

/**
 * The claims of one batch, in one statement: each contact's one send is the message queued in this
 * same transaction. Answers how many rows changed (still waiting ones only).
 */
export async function markClaimed(
  db: Db,
  tenantId: number,
  campaignId: number,
  sends: { contactId: number; messageId: string; messageNumber: number }[],
): Promise<number> {
  if (sends.length === 0) return 0;
  // Array literals of ints and UUIDs (nothing to quote), as the other unnest statements pass them.
  const list = (values: (number | string)[]) => `{${values.join(',')}}`;
  const result = await db.execute(sql`
    update ${campaignContacts} cc
       set status = 'claimed', message_id = s.message_id, message_number = s.message_number, claimed_at = now()
      from unnest(${list(sends.map((send) => send.contactId))}::int[], ${list(sends.map((send) => send.messageId))}::uuid[],
                  ${list(sends.map((send) => send.messageNumber))}::int[]) as s(contact_id, message_id, message_number)
     where cc.tenant_id = ${tenantId} and cc.campaign_id = ${campaignId} and cc.contact_id = s.contact_id and cc.status = 'waiting'`);
  return Number((result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0);
}

export async function markSkipped(db: Db, tenantId: number, key: { campaignId: number; contactId: number }, error: string): Promise<void> {
  await db
    .update(campaignContacts)
    .set({ status: 'skipped', error, claimedAt: sql`now()` })
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        eq(campaignContacts.campaignId, key.campaignId),
        eq(campaignContacts.contactId, key.contactId),
        eq(campaignContacts.status, 'waiting'),
      ),
    );
}

/**
 * How many of the campaign's most recent sends (the last `window` claimed) still wait for the
 * channel: the runner keeps at most that many queued, so a pause stops the campaign within them.
 */
export const countInFlight = (db: Db, tenantId: number, campaignId: number, window: number) =>
  countPendingClaims(db, claims, tenantId, campaignId, window);

export const hasWaitingContacts = (db: Db, tenantId: number, campaignId: number) => hasWaitingClaims(db, claims, tenantId, campaignId);

/** When the campaign last claimed a contact: its delay counts from there. */
export async function lastClaimAt(db: Db, tenantId: number, campaignId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: campaignContacts.claimedAt })
    .from(campaignContacts)
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        eq(campaignContacts.campaignId, campaignId),
        sql`${campaignContacts.claimedAt} is not null`,
      ),
    )
    .orderBy(desc(campaignContacts.claimedAt))
    .limit(1);
  return row?.at ?? undefined;
}

/**
 * findReplyQueue's rule as a SQL condition (whether such a queue exists), for a statement that must
 * tell whether a campaign may claim a reply without reading it. The arguments are SQL expressions
 * (a statement's parameters or columns), never values.
 */
export function replyQueueExistsSql(tenant: string, contact: string, channel: string, days: number): string {
  return `exists (
    select 1 from campaign_contacts cc join campaigns cp on cp.id = cc.campaign_id
    where cc.tenant_id = ${tenant} and cc.contact_id = ${contact} and cc.status = 'claimed'
      and cc.claimed_at > now() - make_interval(days => ${days}) and cp.channel_id = ${channel} and cp.queue_id is not null)`;
}

/**
 * The queue a campaign names for the contact's reply on this channel: that of the latest campaign
 * that sent to them there in the last `days` days and has a queue; undefined otherwise.
 */
export async function findReplyQueue(
  db: Db,
  tenantId: number,
  contactId: number,
  channelId: number,
  days: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ queueId: campaigns.queueId })
    .from(campaignContacts)
    .innerJoin(campaigns, eq(campaigns.id, campaignContacts.campaignId))
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        eq(campaignContacts.contactId, contactId),
        eq(campaignContacts.status, 'claimed'),
        sql`${campaignContacts.claimedAt} > now() - make_interval(days => ${days})`,
        eq(campaigns.channelId, channelId),
        sql`${campaigns.queueId} is not null`,
      ),
    )
    .orderBy(desc(campaignContacts.claimedAt))
    .limit(1);
  return row?.queueId ?? undefined;
}
