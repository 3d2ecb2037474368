import type { ChannelDefaultKind } from '@conversa/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { channelDefaults } from '../../platform/db/schema.js';

export type ChannelDefaultsRow = typeof channelDefaults.$inferSelect;

export async function listChannelDefaults(db: Db, tenantId: number): Promise<ChannelDefaultsRow[]> {
  return db.select().from(channelDefaults).where(eq(channelDefaults.tenantId, tenantId));
}

export async function findChannelDefaults(db: Db, tenantId: number, kind: ChannelDefaultKind): Promise<ChannelDefaultsRow | undefined> {
  const [row] = await db
    .select()
    .from(channelDefaults)
    .where(and(eq(channelDefaults.tenantId, tenantId), eq(channelDefaults.kind, kind)));
  return row;
}

export async function upsertChannelDefaults(
  db: Db,
  tenantId: number,
  kind: ChannelDefaultKind,
  values: Record<string, string>,
): Promise<ChannelDefaultsRow> {
  const [row] = await db
    .insert(channelDefaults)
    .values({ tenantId, kind, values })
    .onConflictDoUpdate({ target: [channelDefaults.tenantId, channelDefaults.kind], set: { values, updatedAt: sql`now()` } })
    .returning();
  return row;
}
