import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { queryPrepared } from '../../platform/db/prepared.js';
import { columnsOf, rowByTenantAndId, rowOfJson } from '../../platform/db/raw-rows.js';
import { contactImports, contacts, contactTags, contactWallets, users } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/db/like.js';
import { eventPerRowInsert } from '../../platform/events/logged-by-statement.js';

export type ContactRow = typeof contacts.$inferSelect;
export type NewContact = Omit<typeof contacts.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

/** How an inbound event names its sender: a phone number, or an identity on a channel without numbers. */
export type ContactKey = { number: string } | { externalKey: string };

/** A contact's ids on the hub's Messenger / Instagram / WhatsApp (SPEC §3), recorded when a message names them. */
export type ContactChannelIds = Partial<Pick<NewContact, 'messengerId' | 'instagramPk' | 'hubWhatsappId'>>;

/**
 * Finds or creates the contact of an inbound message in one statement: the partial unique
 * indexes (tenant, number) and (tenant, external key) make concurrent first messages converge.
 */
export async function upsertContactByKey(
  db: Db,
  tenantId: number,
  key: ContactKey,
  details: { name: string; email?: string | null; ids?: ContactChannelIds; isGroup?: boolean },
): Promise<ContactRow> {
  const values = { tenantId, name: details.name, email: details.email ?? null, isGroup: details.isGroup ?? false, ...details.ids, ...key };
  // An existing contact keeps its ids; one it lacks is filled in.
  const set = {
    updatedAt: sql`${contacts.updatedAt}`,
    ...(details.ids?.messengerId ? { messengerId: sql`coalesce(${contacts.messengerId}, excluded.messenger_id)` } : {}),
    ...(details.ids?.instagramPk ? { instagramPk: sql`coalesce(${contacts.instagramPk}, excluded.instagram_pk)` } : {}),
    ...(details.ids?.hubWhatsappId ? { hubWhatsappId: sql`coalesce(${contacts.hubWhatsappId}, excluded.hub_whatsapp_id)` } : {}),
  };
  const [row] =
    'number' in key
      ? await db
          .insert(contacts)
          .values(values)
          .onConflictDoUpdate({ target: [contacts.tenantId, contacts.number], targetWhere: sql`${contacts.number} is not null`, set })
          .returning()
      : await db
          .insert(contacts)
          .values(values)
          .onConflictDoUpdate({
            target: [contacts.tenantId, contacts.externalKey],
            targetWhere: sql`${contacts.externalKey} is not null`,
            set,
          })
          .returning();
  return row;
}

export const findContactById = rowByTenantAndId<ContactRow>(contacts, 'contact_by_id');

export async function findContactByNumber(db: Db, tenantId: number, number: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.number, number)));
  return row;
}

/** The contact list's filter: searched by name, number or e-mail, or carrying any of `tagIds`. */
function contactFilter(tenantId: number, options: { search?: string; tagIds?: number[] }) {
  const filters = [eq(contacts.tenantId, tenantId)];
  if (options.search) {
    const pattern = containsPattern(options.search);
    filters.push(or(ilike(contacts.name, pattern), ilike(contacts.number, pattern), ilike(contacts.email, pattern))!);
  }
  if (options.tagIds?.length)
    filters.push(
      sql`exists (select 1 from ${contactTags} where ${and(eq(contactTags.tenantId, tenantId), eq(contactTags.contactId, contacts.id), inArray(contactTags.tagId, options.tagIds))})`,
    );
  return and(...filters);
}

/**
 * The ids of the tenant's contacts matching the contact list's filter (search, tags) or among
 * `contactIds`, as a subquery (`select id from contacts …`) for another module's INSERT … SELECT
 * (a campaign links them in one statement). Only through the use case contactSelection.
 */
export function contactIdsSelection(tenantId: number, target: { contactIds: number[] } | { search?: string; tagIds?: number[] }): SQL {
  const where =
    'contactIds' in target
      ? and(eq(contacts.tenantId, tenantId), sql`${contacts.id} = any(${`{${target.contactIds.join(',')}}`}::int[])`)
      : contactFilter(tenantId, target);
  return sql`select ${contacts.id} as id from ${contacts} where ${where}`;
}

/**
 * The tenant's contacts of these numbers, created (name as given) where the tenant has none: one
 * INSERT … ON CONFLICT DO NOTHING and one SELECT. Answers the contacts' ids.
 */
export async function ensureContactsByNumber(
  db: Db,
  tenantId: number,
  rows: Array<{ name: string; number: string; email: string | null }>,
): Promise<number[]> {
  const ids: number[] = [];
  // In chunks, under PostgreSQL's bound on a statement's parameters.
  for (let start = 0; start < rows.length; start += 5_000) {
    const chunk = rows.slice(start, start + 5_000);
    await db
      .insert(contacts)
      .values(chunk.map((row) => ({ tenantId, name: row.name, number: row.number, email: row.email })))
      .onConflictDoNothing({ target: [contacts.tenantId, contacts.number], where: sql`${contacts.number} is not null` });
    const found = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, tenantId),
          inArray(
            contacts.number,
            chunk.map((row) => row.number),
          ),
        ),
      );
    ids.push(...found.map((row) => row.id));
  }
  return ids;
}

export async function listContacts(
  db: Db,
  tenantId: number,
  options: { search?: string; limit: number; offset: number; tagIds?: number[] },
): Promise<{ rows: ContactRow[]; total: number }> {
  const where = contactFilter(tenantId, options);
  const [rows, [totals]] = await Promise.all([
    db.select().from(contacts).where(where).orderBy(asc(contacts.name), asc(contacts.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(contacts).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function insertContact(db: Db, tenantId: number, values: NewContact): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

const CONTACT_COLUMNS = columnsOf(contacts);

/**
 * insertContact with its `contact.changed` (create) written to the event log by the same statement,
 * outside any transaction: one round trip where a transaction took four (begin, the insert, the
 * log's record, commit). The logged payload is the event without its `stored` rows, as the log
 * keeps every event. Answers the row and the event's log id, for the caller's relay.
 */
export async function insertContactLogged(db: Db, tenantId: number, values: NewContact): Promise<{ contact: ContactRow; eventId: string }> {
  const insert = db
    .insert(contacts)
    .values({ ...values, tenantId })
    .returning();
  const [row] = await queryPrepared<{ contact: unknown; eventId: string }>(
    db,
    'insert_contact_logged',
    sql`with c as (${insert.getSQL()}),
      ev as (${sql.raw(eventPerRowInsert('c', 'contact.changed', { contactId: 'c.id', action: "'create'" }))})
      select to_jsonb(c) as "contact", (select id::text from ev) as "eventId" from c`,
  );
  return { contact: rowOfJson<ContactRow>(CONTACT_COLUMNS, row.contact), eventId: row.eventId };
}

export async function updateContact(db: Db, tenantId: number, id: number, values: Partial<NewContact>): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)))
    .returning();
  return row;
}

/**
 * Sets the contact's additional information `name` to `value` in one statement: the entries of that
 * name are replaced by one at the end (up to 50 entries kept). False when the tenant has no such contact.
 */
export async function setContactInfoEntry(db: Db, tenantId: number, id: number, name: string, value: string): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({
      extraInfo: sql`coalesce((select jsonb_agg(entry) from jsonb_array_elements(${contacts.extraInfo}) entry where entry->>'name' <> ${name}), '[]'::jsonb) || jsonb_build_array(jsonb_build_object('name', ${name}::text, 'value', ${value}::text))`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.id, id),
        // Parenthesised: `and()` does not wrap its parts, and an unwrapped `or` would escape the tenant.
        sql`(jsonb_array_length(${contacts.extraInfo}) < 50 or ${contacts.extraInfo} @> ${JSON.stringify([{ name }])}::jsonb)`,
      ),
    )
    .returning({ id: contacts.id });
  return rows.length > 0;
}

export async function deleteContact(db: Db, tenantId: number, id: number): Promise<boolean> {
  return (
    (
      await db
        .delete(contacts)
        .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)))
        .returning({ id: contacts.id })
    ).length > 0
  );
}

/** Whether the contact is in some agent's wallet, as a SQL condition; the arguments are SQL expressions (parameters, columns), never values. */
export function walletExistsSql(tenant: string, contact: string): string {
  return `exists (select 1 from contact_wallets cw where cw.tenant_id = ${tenant} and cw.contact_id = ${contact})`;
}

export async function listContactWalletUserIds(db: Db, tenantId: number, contactId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: contactWallets.userId })
    .from(contactWallets)
    .where(and(eq(contactWallets.tenantId, tenantId), eq(contactWallets.contactId, contactId)))
    .orderBy(asc(contactWallets.userId));
  return rows.map((r) => r.userId);
}

/** Wallet owners of several contacts at once (a page of the list). */
export async function listWalletUserIdsByContact(db: Db, tenantId: number, contactIds: number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return result;
  const rows = await db
    .select({ contactId: contactWallets.contactId, userId: contactWallets.userId })
    .from(contactWallets)
    .where(and(eq(contactWallets.tenantId, tenantId), inArray(contactWallets.contactId, contactIds)))
    .orderBy(asc(contactWallets.contactId), asc(contactWallets.userId));
  for (const row of rows) result.get(row.contactId)?.push(row.userId);
  return result;
}

/** Which of these user ids are users of the tenant. */
export async function findTenantUserIds(db: Db, tenantId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
  return rows.map((r) => r.id);
}

/** Replaces the wallet owners of a contact (the caller checked that they are users of the tenant). */
export async function setContactWallets(db: Db, tenantId: number, contactId: number, userIds: number[]): Promise<void> {
  await db.delete(contactWallets).where(and(eq(contactWallets.tenantId, tenantId), eq(contactWallets.contactId, contactId)));
  await addContactWallets(db, tenantId, contactId, userIds);
}

/** Wallet owners of a contact that has none yet (a new one; the caller checked them too). */
export async function addContactWallets(db: Db, tenantId: number, contactId: number, userIds: number[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length) await db.insert(contactWallets).values(unique.map((userId) => ({ tenantId, contactId, userId })));
}

/** Inserts a contact unless the tenant already has its number: undefined then (the unique index decides, so concurrent imports agree). */
export async function insertContactIfAbsent(
  db: Db,
  tenantId: number,
  values: NewContact & { number: string },
): Promise<ContactRow | undefined> {
  const [row] = await db
    .insert(contacts)
    .values({ ...values, tenantId })
    .onConflictDoNothing({ target: [contacts.tenantId, contacts.number], where: sql`${contacts.number} is not null` })
    .returning();
  return row;
}

/** A page of the tenant's contacts in a stable order (name, id) after the given position, for exports. */
export async function listContactsAfter(
  db: Db,
  tenantId: number,
  after: { name: string; id: number } | undefined,
  limit: number,
): Promise<ContactRow[]> {
  const position = after ? sql`(${contacts.name}, ${contacts.id}) > (${after.name}, ${after.id})` : undefined;
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), position))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(limit);
}

// ---- contact imports ----

export type ContactImportRow = typeof contactImports.$inferSelect;
export type ImportedRow = { row: number; name: string; number: string; email: string };
/** `code` names the reason for the web app (rows recorded before it existed have only `reason`). */
export type RejectedRow = { row: number; code?: string; reason: string };

export async function insertContactImport(
  db: Db,
  tenantId: number,
  values: { id: string; userId: number; fileName: string; rows: ImportedRow[] },
): Promise<ContactImportRow> {
  const [row] = await db
    .insert(contactImports)
    .values({ ...values, tenantId, total: values.rows.length })
    .returning();
  return row;
}

export async function findContactImport(db: Db, tenantId: number, id: string): Promise<ContactImportRow | undefined> {
  const [row] = await db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.tenantId, tenantId), eq(contactImports.id, id)));
  return row;
}

/**
 * Records one processed batch: the position reached, the contacts imported and the rows rejected.
 * The last batch also drops the stored rows. Answers the totals after the batch.
 */
export async function recordContactImportProgress(
  db: Db,
  tenantId: number,
  id: string,
  batch: { done: number; imported: number; rejected: RejectedRow[]; finished: boolean },
): Promise<{ done: number; imported: number; rejected: number } | undefined> {
  const [row] = await db
    .update(contactImports)
    .set({
      done: batch.done,
      imported: sql`${contactImports.imported} + ${batch.imported}`,
      rejected: sql`${contactImports.rejected} || ${JSON.stringify(batch.rejected)}::jsonb`,
      status: batch.finished ? 'finished' : 'running',
      ...(batch.finished ? { rows: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(contactImports.tenantId, tenantId), eq(contactImports.id, id)))
    .returning({
      done: contactImports.done,
      imported: contactImports.imported,
      rejected: sql<number>`jsonb_array_length(${contactImports.rejected})`,
    });
  return row;
}

export async function markContactImportFailed(db: Db, tenantId: number, id: string): Promise<void> {
  await db
    .update(contactImports)
    .set({ status: 'failed', rows: null, updatedAt: sql`now()` })
    .where(and(eq(contactImports.tenantId, tenantId), eq(contactImports.id, id)));
}

/**
 * Wallets in bulk, in one statement: the tenant's contacts among `contactIds` or matching the
 * list's filter get `userIds` added to their wallet users ('add'), or in place of them ('replace').
 * Answers how many contacts matched and the ids of those whose wallets changed.
 */
export async function assignWalletsInBulk(
  db: Db,
  tenantId: number,
  target: { contactIds: number[] } | { search?: string; tagIds?: number[] },
  userIds: number[],
  mode: 'add' | 'replace',
): Promise<{ matched: number; changedContactIds: number[] }> {
  const where =
    'contactIds' in target
      ? and(eq(contacts.tenantId, tenantId), inArray(contacts.id, target.contactIds))
      : contactFilter(tenantId, target);
  const users = `{${userIds.join(',')}}`;
  const result = await db.execute(sql`
    with matched as (select ${contacts.id} as id from ${contacts} where ${where}),
    removed as (
      delete from ${contactWallets} w using matched m
       where ${mode === 'replace' ? sql`true` : sql`false`} and w.tenant_id = ${tenantId} and w.contact_id = m.id
         and not (w.user_id = any(${users}::int[]))
      returning w.contact_id
    ),
    added as (
      insert into ${contactWallets} (tenant_id, contact_id, user_id)
      select ${tenantId}, m.id, u.user_id from matched m cross join unnest(${users}::int[]) as u(user_id)
      on conflict do nothing
      returning contact_id
    )
    select (select count(*)::int from matched) as "matched",
           coalesce((select array_agg(distinct c.contact_id) from (select contact_id from removed union select contact_id from added) c), '{}') as "changed"`);
  const [row] = (result as { rows: { matched: number; changed: number[] | string }[] }).rows;
  const changed = typeof row.changed === 'string' ? row.changed.replace(/[{}]/g, '').split(',').filter(Boolean) : row.changed;
  return { matched: Number(row.matched), changedContactIds: changed.map(Number) };
}

/** The ids among `ids` that are contacts of the tenant. */
export async function findTenantContactIds(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids)));
  return rows.map((row) => row.id);
}
