import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import { contacts, contactVariables } from '../../platform/db/schema.js';

export type ContactVariableRow = typeof contactVariables.$inferSelect;

export async function listContactVariableRows(db: Db, tenantId: number): Promise<ContactVariableRow[]> {
  return db
    .select()
    .from(contactVariables)
    .where(eq(contactVariables.tenantId, tenantId))
    .orderBy(asc(sql`lower(${contactVariables.name})`), asc(contactVariables.id));
}

/** Read before validating every text that may use variables: a fixed prepared statement. */
const VARIABLE_NAMES: FixedStatement = { name: 'contact_variable_names', text: 'select name from contact_variables where tenant_id = $1' };

export async function listContactVariableNames(db: Db, tenantId: number): Promise<string[]> {
  return (await queryFixed<{ name: string }>(db, VARIABLE_NAMES, [tenantId])).map((row) => row.name);
}

export async function findContactVariableRow(db: Db, tenantId: number, id: number): Promise<ContactVariableRow | undefined> {
  const [row] = await db
    .select()
    .from(contactVariables)
    .where(and(eq(contactVariables.tenantId, tenantId), eq(contactVariables.id, id)));
  return row;
}

export async function insertContactVariableRow(
  db: Db,
  tenantId: number,
  input: { name: string; description: string | null },
): Promise<ContactVariableRow> {
  const [row] = await db
    .insert(contactVariables)
    .values({ tenantId, ...input })
    .returning();
  return row;
}

export async function updateContactVariableRow(
  db: Db,
  tenantId: number,
  id: number,
  input: { description: string | null },
): Promise<ContactVariableRow | undefined> {
  const [row] = await db
    .update(contactVariables)
    .set({ description: input.description, updatedAt: sql`now()` })
    .where(and(eq(contactVariables.tenantId, tenantId), eq(contactVariables.id, id)))
    .returning();
  return row;
}

export async function deleteContactVariableRow(db: Db, tenantId: number, id: number): Promise<ContactVariableRow | undefined> {
  const [row] = await db
    .delete(contactVariables)
    .where(and(eq(contactVariables.tenantId, tenantId), eq(contactVariables.id, id)))
    .returning();
  return row;
}

/** Contacts of the tenant whose additional information has an entry of this name (jsonb containment). */
export async function countContactsWithInfo(db: Db, tenantId: number, name: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), sql`${contacts.extraInfo} @> ${JSON.stringify([{ name }])}::jsonb`));
  return row?.count ?? 0;
}
