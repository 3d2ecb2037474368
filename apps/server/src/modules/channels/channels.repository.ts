import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ChannelStatus } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { rowByTenantAndId } from '../../platform/db/raw-rows.js';
import { channels, channelSessionLeases, tenants, tickets } from '../../platform/db/schema.js';
import type { Bindable } from '../../platform/db/prepared.js';

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

/** How many channels each of these tenants has (a tenant without channels is left out). */
export async function countChannelsByTenant(db: Db, tenantIds: number[]): Promise<Map<number, number>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db
    .select({ tenantId: channels.tenantId, total: count() })
    .from(channels)
    .where(inArray(channels.tenantId, tenantIds))
    .groupBy(channels.tenantId);
  return new Map(rows.map((row) => [row.tenantId, row.total]));
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
export function autoCloseKeywordProbe(tenantId: Bindable<number>, channelId: Bindable<number>): SQL {
  return sql`select ${channels.autoCloseKeyword} from ${channels} where ${channels.tenantId} = ${tenantId} and ${channels.id} = ${channelId}`;
}

/** A channel as the sessions monitor shows it (raw values: timestamps as the driver gives them). */
export interface ChannelSessionRow {
  id: number;
  tenantId: number;
  tenantName: string;
  name: string;
  type: ChannelRow['type'];
  status: ChannelStatus;
  number: string | null;
  updatedAt: unknown;
  node: string | null;
  nodeSince: unknown;
  lastActivityAt: unknown;
}

/** The sessions monitor's page size: every channel of a platform fits (the channel limit per tenant is small). */
export const CHANNEL_SESSIONS_LIMIT = 2000;

/**
 * Channels with their session facts, in one statement: the live lease's holder (QR-code kinds)
 * and the newest ticket message on each. `tenantId` null: every tenant (the platform's monitor).
 */
export async function listChannelSessions(
  db: Db,
  filter: { tenantId: number | null; status?: ChannelStatus },
): Promise<ChannelSessionRow[]> {
  const result = await db.execute(sql`
    select c.id, c.tenant_id as "tenantId", tn.name as "tenantName", c.name, c.type, c.status, c.number,
           c.updated_at as "updatedAt", l.owner as node, l.acquired_at as "nodeSince",
           (select max(t.last_message_at) from ${tickets} t where t.tenant_id = c.tenant_id and t.channel_id = c.id) as "lastActivityAt"
      from ${channels} c
      join ${tenants} tn on tn.id = c.tenant_id
      left join ${channelSessionLeases} l on l.channel_id = c.id and l.expires_at >= now()
     where ${filter.tenantId === null ? sql`true` : sql`c.tenant_id = ${filter.tenantId}`}
       and ${filter.status ? sql`c.status = ${filter.status}` : sql`true`}
     order by c.tenant_id, c.name, c.id
     limit ${CHANNEL_SESSIONS_LIMIT}`);
  return (result as { rows: ChannelSessionRow[] }).rows.map((row) => ({ ...row, id: Number(row.id), tenantId: Number(row.tenantId) }));
}
