import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ChannelStatus } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { rowByTenantAndId } from '../../platform/db/raw-rows.js';
import { channels } from '../../platform/db/schema.js';

export type ChannelRow = typeof channels.$inferSelect;
export type NewChannel = Omit<typeof channels.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export async function listChannels(db: Db, tenantId: number): Promise<ChannelRow[]> {
  return db.select().from(channels).where(eq(channels.tenantId, tenantId)).orderBy(asc(channels.name), asc(channels.id));
}

export const findChannelById = rowByTenantAndId<ChannelRow>(channels, 'channel_by_id');

/** Public entry points (widget embed, webhooks) know only the unguessable key; it yields the tenant. */
export async function findChannelByPublicKey(db: Db, publicKey: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.publicKey, publicKey));
  return row;
}

export async function findDefaultChannel(db: Db, tenantId: number): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.isDefault, true)));
  return row;
}

export async function countChannels(db: Db, tenantId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(channels).where(eq(channels.tenantId, tenantId));
  return row?.total ?? 0;
}

export async function insertChannel(db: Db, tenantId: number, values: NewChannel): Promise<ChannelRow> {
  const [row] = await db
    .insert(channels)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function updateChannel(db: Db, tenantId: number, id: number, values: Partial<NewChannel>): Promise<ChannelRow | undefined> {
  const [row] = await db
    .update(channels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, id)))
    .returning();
  return row;
}

export async function clearDefaultChannel(db: Db, tenantId: number): Promise<void> {
  await db
    .update(channels)
    .set({ isDefault: false })
    .where(and(eq(channels.tenantId, tenantId), eq(channels.isDefault, true)));
}

export async function setChannelStatus(
  db: Db,
  tenantId: number,
  id: number,
  status: ChannelStatus,
  extra: { qrcode?: string | null; retries?: number } = {},
) {
  return updateChannel(db, tenantId, id, { status, ...extra });
}

export async function deleteChannel(db: Db, tenantId: number, id: number): Promise<boolean> {
  return (
    (
      await db
        .delete(channels)
        .where(and(eq(channels.tenantId, tenantId), eq(channels.id, id)))
        .returning({ id: channels.id })
    ).length > 0
  );
}

/** Makes the oldest channel of the tenant the default (after the default was deleted); undefined when none is left. */
export async function promoteOldestChannelToDefault(db: Db, tenantId: number): Promise<ChannelRow | undefined> {
  const [oldest] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(eq(channels.tenantId, tenantId))
    .orderBy(asc(channels.id))
    .limit(1);
  if (!oldest) return undefined;
  return updateChannel(db, tenantId, oldest.id, { isDefault: true });
}

/**
 * Advances a numeric cursor kept in a channel's settings (e.g. the Telegram getUpdates offset):
 * never moves it backwards, so a late writer cannot make a provider redeliver.
 */
export async function advanceChannelSettingsCursor(db: Db, tenantId: number, id: number, key: string, value: number): Promise<void> {
  await db
    .update(channels)
    .set({
      settings: sql`jsonb_set(${channels.settings}, array[${key}]::text[], to_jsonb(greatest(coalesce((${channels.settings} ->> ${key})::bigint, 0), ${value}::bigint)))`,
    })
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, id)));
}

/** Platform maintenance across tenants (sealing secrets stored in clear): each channel's id, tenant and settings. */
export async function listChannelSettingsOfAllTenants(db: Db): Promise<Array<Pick<ChannelRow, 'id' | 'tenantId' | 'settings'>>> {
  return db.select({ id: channels.id, tenantId: channels.tenantId, settings: channels.settings }).from(channels).orderBy(asc(channels.id));
}

/** Replaces a channel's settings only if nobody changed them since `expected` was read; false otherwise. */
export async function replaceChannelSettingsIfUnchanged(
  db: Db,
  tenantId: number,
  id: number,
  expected: Record<string, unknown>,
  next: Record<string, unknown>,
): Promise<boolean> {
  const rows = await db
    .update(channels)
    .set({ settings: next })
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, id), sql`${channels.settings} = ${JSON.stringify(expected)}::jsonb`))
    .returning({ id: channels.id });
  return rows.length > 0;
}

/** Probe (see InboundAutomationStep): the channel's auto-close keyword, or null. */
export function autoCloseKeywordProbe(tenantId: number, channelId: number): SQL {
  return sql`select ${channels.autoCloseKeyword} from ${channels} where ${channels.tenantId} = ${tenantId} and ${channels.id} = ${channelId}`;
}
