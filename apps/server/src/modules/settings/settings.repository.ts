import { and, eq, sql, type SQL } from 'drizzle-orm';
import { SETTING_DEFINITIONS, type SettingKey } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { type Bindable, queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import { settings } from '../../platform/db/schema.js';

/** Every known setting of the tenant, stored value or default. */
export async function readSettings(db: Db, tenantId: number): Promise<Record<SettingKey, string>> {
  const rows = await queryFixed<{ key: string; value: string }>(db, TENANT_SETTINGS, [tenantId]);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    (Object.keys(SETTING_DEFINITIONS) as SettingKey[]).map((key) => [key, stored.get(key) ?? SETTING_DEFINITIONS[key].default]),
  ) as Record<SettingKey, string>;
}

/** Read by every ticket list and visibility check: a fixed prepared statement. */
const TENANT_SETTINGS: FixedStatement = { name: 'tenant_settings', text: 'select key, value from settings where tenant_id = $1' };

export async function readSetting(db: Db, tenantId: number, key: SettingKey): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.key, key)))
    .limit(1);
  return row?.value ?? SETTING_DEFINITIONS[key].default;
}

/** Probe (see InboundAutomationStep): the stored value of a setting, null when unset (settingOrDefault reads it). */
export function settingProbe(tenantId: Bindable<number>, key: SettingKey): SQL {
  return sql`select ${settings.value} from ${settings} where ${settings.tenantId} = ${tenantId} and ${settings.key} = ${key}`;
}

export function settingOrDefault(key: SettingKey, stored: string | null | undefined): string {
  return stored ?? SETTING_DEFINITIONS[key].default;
}

export async function writeSetting(db: Db, tenantId: number, key: SettingKey, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ tenantId, key, value })
    .onConflictDoUpdate({ target: [settings.tenantId, settings.key], set: { value, updatedAt: sql`now()` } });
}

/** Serialises setting changes of one tenant within a transaction (the exclusivity rule reads then writes). */
export async function lockSettings(db: Db, tenantId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7240002, ${tenantId})`);
}

/** Tenants where a setting has a stored value other than `except` (background jobs). */
export async function listTenantsWithSetting(db: Db, key: SettingKey, except: string): Promise<{ tenantId: number; value: string }[]> {
  return db
    .select({ tenantId: settings.tenantId, value: settings.value })
    .from(settings)
    .where(and(eq(settings.key, key), sql`${settings.value} <> ${except}`));
}
