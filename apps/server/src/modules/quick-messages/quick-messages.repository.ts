import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { quickMessages } from '../../platform/db/schema.js';

export type QuickMessageRow = typeof quickMessages.$inferSelect;

export interface QuickMessageMedia {
  mediaKey: string;
  mediaName: string;
  mediaMime: string;
  mediaSize: number;
  mediaType: string;
}
const NO_MEDIA = { mediaKey: null, mediaName: null, mediaMime: null, mediaSize: null, mediaType: null };

export type QuickMessageValues = {
  key: string;
  message: string;
  sendAsAudio: boolean;
  isActive: boolean;
  /** null: no file. */
  media: QuickMessageMedia | null;
};

export async function listQuickMessages(db: Db, tenantId: number, options: { activeOnly?: boolean } = {}): Promise<QuickMessageRow[]> {
  return db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.tenantId, tenantId), options.activeOnly ? eq(quickMessages.isActive, true) : undefined))
    .orderBy(asc(sql`lower(${quickMessages.key})`));
}

export async function findQuickMessageById(db: Db, tenantId: number, id: number): Promise<QuickMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.tenantId, tenantId), eq(quickMessages.id, id)));
  return row;
}

/** The quick messages whose key is `key` whatever its case (the unique index allows at most one). */
export async function findQuickMessagesByKey(db: Db, tenantId: number, key: string): Promise<QuickMessageRow[]> {
  return db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.tenantId, tenantId), sql`lower(${quickMessages.key}) = lower(${key})`));
}

export async function insertQuickMessage(db: Db, tenantId: number, userId: number, values: QuickMessageValues): Promise<QuickMessageRow> {
  const { media, ...rest } = values;
  const [row] = await db
    .insert(quickMessages)
    .values({ ...rest, ...(media ?? NO_MEDIA), tenantId, userId })
    .returning();
  return row;
}

export async function updateQuickMessageRow(
  db: Db,
  tenantId: number,
  id: number,
  values: Partial<QuickMessageValues>,
): Promise<QuickMessageRow | undefined> {
  const { media, ...rest } = values;
  const [row] = await db
    .update(quickMessages)
    .set({ ...rest, ...(media === undefined ? {} : (media ?? NO_MEDIA)), updatedAt: sql`now()` })
    .where(and(eq(quickMessages.tenantId, tenantId), eq(quickMessages.id, id)))
    .returning();
  return row;
}

export async function deleteQuickMessageRow(db: Db, tenantId: number, id: number): Promise<boolean> {
  return (
    (
      await db
        .delete(quickMessages)
        .where(and(eq(quickMessages.tenantId, tenantId), eq(quickMessages.id, id)))
        .returning({ id: quickMessages.id })
    ).length > 0
  );
}
