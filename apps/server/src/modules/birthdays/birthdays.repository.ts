import { and, asc, count, eq, gt, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { birthdaySends, channels, contacts, tenants, tickets } from '../../platform/db/schema.js';

/** The month-day ('MM-dd') of a stored birthday: what the (tenant, month-day) index of contacts holds. */
const monthDay = sql<string>`right(${contacts.birthday}, 5)`;

/** The channel of a contact's latest ticket: the channel the daily job greets them on. */
const latestChannelId = (tenantId: number) =>
  // Qualified by hand: drizzle leaves a subquery's columns unqualified, and a bare "id" there is the ticket's.
  sql<
    number | null
  >`(select t.channel_id from ${tickets} t where t.tenant_id = ${tenantId} and t.contact_id = "contacts"."id" order by t.id desc limit 1)`;

export type BirthdayDays = { monthDays: string[] } | { month: number };

function daysCondition(days: BirthdayDays): SQL {
  if ('monthDays' in days) return inArray(monthDay, days.monthDays);
  const month = String(days.month).padStart(2, '0');
  return and(gte(monthDay, `${month}-01`), lte(monthDay, `${month}-31`))!;
}

/** A page of the tenant's contacts whose birthday falls on those days, in calendar order, with this year's greeting if any. */
export async function listBirthdayRows(
  db: Db,
  tenantId: number,
  days: BirthdayDays,
  year: number,
  page: { limit: number; offset: number },
) {
  const where = and(eq(contacts.tenantId, tenantId), isNotNull(contacts.birthday), eq(contacts.isGroup, false), daysCondition(days));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: contacts.id,
        name: contacts.name,
        number: contacts.number,
        birthday: sql<string>`${contacts.birthday}`,
        channelId: latestChannelId(tenantId),
        greetedAt: birthdaySends.createdAt,
        greetedChannelId: birthdaySends.channelId,
      })
      .from(contacts)
      .leftJoin(birthdaySends, and(eq(birthdaySends.contactId, contacts.id), eq(birthdaySends.year, year)))
      .where(where)
      .orderBy(asc(monthDay), asc(contacts.name), asc(contacts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(contacts).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export type BirthdayRow = Awaited<ReturnType<typeof listBirthdayRows>>['rows'][number];

/** The tenants that have a channel with a birthday message, with their time zones (the daily job's round). */
export async function listTenantsWithBirthdayMessages(db: Db): Promise<{ tenantId: number; timeZone: string }[]> {
  return db
    .selectDistinct({ tenantId: tenants.id, timeZone: tenants.timeZone })
    .from(tenants)
    .innerJoin(channels, eq(channels.tenantId, tenants.id))
    .where(and(eq(tenants.status, 'active'), isNotNull(channels.birthdayMessage)))
    .orderBy(asc(tenants.id));
}

/**
 * Contacts to greet now: a birthday on those days, not blocked, not a group, not greeted this
 * year, whose channel (that of their latest ticket) has a birthday message and an hour already
 * reached (`hour`, the tenant's clock).
 */
export async function findDueBirthdayContacts(
  db: Db,
  tenantId: number,
  due: { monthDays: string[]; year: number; hour: number },
  page: { after: number; limit: number },
) {
  const latest = db
    .select({ contactId: contacts.id, channelId: latestChannelId(tenantId).as('channel_id') })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        gt(contacts.id, page.after),
        isNotNull(contacts.birthday),
        inArray(monthDay, due.monthDays),
        eq(contacts.blocked, false),
        eq(contacts.isGroup, false),
        sql`not exists (select 1 from ${birthdaySends} where ${birthdaySends.contactId} = ${contacts.id} and ${birthdaySends.year} = ${due.year})`,
      ),
    )
    .as('latest');
  return db
    .select({
      contactId: latest.contactId,
      channelId: channels.id,
      queueId: channels.queueId,
      birthdayMessage: sql<string>`${channels.birthdayMessage}`,
    })
    .from(latest)
    .innerJoin(channels, and(eq(channels.id, latest.channelId), eq(channels.tenantId, tenantId)))
    .where(and(isNotNull(channels.birthdayMessage), lte(channels.birthdayHour, due.hour)))
    .orderBy(asc(latest.contactId))
    .limit(page.limit);
}

/** The contact a manual greeting is for. */
export async function findBirthdayContact(db: Db, tenantId: number, contactId: number) {
  const [row] = await db
    .select({ id: contacts.id, birthday: contacts.birthday, isGroup: contacts.isGroup, blocked: contacts.blocked })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  return row;
}

/** The channel a manual greeting is sent on, with its birthday message. */
export async function findBirthdayChannel(db: Db, tenantId: number, channelId: number) {
  const [row] = await db
    .select({ id: channels.id, queueId: channels.queueId, birthdayMessage: channels.birthdayMessage })
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, channelId)));
  return row;
}

/**
 * Claims the contact's greeting of `year`: true when this transaction took it, false when it was
 * taken already (a concurrent claim waits for the other transaction and then finds it taken).
 */
export async function claimBirthdaySend(
  tx: Db,
  tenantId: number,
  claim: { contactId: number; year: number; channelId: number; userId: number | null },
): Promise<boolean> {
  const rows = await tx
    .insert(birthdaySends)
    .values({ tenantId, ...claim })
    .onConflictDoNothing({ target: [birthdaySends.contactId, birthdaySends.year] })
    .returning({ contactId: birthdaySends.contactId });
  return rows.length === 1;
}

export async function setBirthdaySendMessage(tx: Db, tenantId: number, claim: { contactId: number; year: number; messageId: string }) {
  await tx
    .update(birthdaySends)
    .set({ messageId: claim.messageId })
    .where(and(eq(birthdaySends.tenantId, tenantId), eq(birthdaySends.contactId, claim.contactId), eq(birthdaySends.year, claim.year)));
}

export async function findBirthdaySend(db: Db, tenantId: number, contactId: number, year: number) {
  const [row] = await db
    .select()
    .from(birthdaySends)
    .where(and(eq(birthdaySends.tenantId, tenantId), eq(birthdaySends.contactId, contactId), eq(birthdaySends.year, year)));
  return row;
}

export async function findTenantTimeZone(db: Db, tenantId: number): Promise<string | undefined> {
  const [row] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.timeZone;
}
