import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { farewellMessages, users } from '../../platform/db/schema.js';

export type FarewellMessageRow = typeof farewellMessages.$inferSelect;
export type FarewellMessageView = FarewellMessageRow & { username: string | null };

const viewColumns = {
  id: farewellMessages.id,
  tenantId: farewellMessages.tenantId,
  message: farewellMessages.message,
  userId: farewellMessages.userId,
  createdAt: farewellMessages.createdAt,
  updatedAt: farewellMessages.updatedAt,
  username: users.name,
};

export async function listFarewellMessages(db: Db, tenantId: number): Promise<FarewellMessageView[]> {
  return db
    .select(viewColumns)
    .from(farewellMessages)
    .leftJoin(users, eq(users.id, farewellMessages.userId))
    .where(eq(farewellMessages.tenantId, tenantId))
    .orderBy(asc(farewellMessages.id));
}

export async function findFarewellMessage(db: Db, tenantId: number, id: number): Promise<FarewellMessageView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(farewellMessages)
    .leftJoin(users, eq(users.id, farewellMessages.userId))
    .where(and(eq(farewellMessages.tenantId, tenantId), eq(farewellMessages.id, id)));
  return row;
}

export async function insertFarewellMessage(
  db: Db,
  values: { tenantId: number; message: string; userId: number },
): Promise<FarewellMessageRow> {
  const [row] = await db.insert(farewellMessages).values(values).returning();
  return row;
}

/** The editor becomes the message's user (SPEC §3 Farewell: message, user, date). */
export async function updateFarewellMessage(
  db: Db,
  tenantId: number,
  id: number,
  values: { message: string; userId: number },
): Promise<boolean> {
  const rows = await db
    .update(farewellMessages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(farewellMessages.tenantId, tenantId), eq(farewellMessages.id, id)))
    .returning({ id: farewellMessages.id });
  return rows.length > 0;
}

export async function deleteFarewellMessage(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(farewellMessages)
    .where(and(eq(farewellMessages.tenantId, tenantId), eq(farewellMessages.id, id)))
    .returning({ id: farewellMessages.id });
  return rows.length > 0;
}
