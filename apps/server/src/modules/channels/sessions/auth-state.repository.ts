import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { channelAuthState } from '../../../platform/db/schema.js';

/** One channel's stored login (creds and signal keys of a QR-code session), serialised as text. */
export interface AuthStateScope {
  tenantId: number;
  channelId: number;
}

const entriesOf = (scope: AuthStateScope, category: string, keys: string[]) =>
  and(
    eq(channelAuthState.tenantId, scope.tenantId),
    eq(channelAuthState.channelId, scope.channelId),
    eq(channelAuthState.category, category),
    inArray(channelAuthState.key, keys),
  );

/** The values of `keys` in a category that exist (key → stored text). */
export async function readAuthState(db: Db, scope: AuthStateScope, category: string, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: channelAuthState.key, value: channelAuthState.value })
    .from(channelAuthState)
    .where(entriesOf(scope, category, keys));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Inserts or replaces many entries in one statement. */
export async function upsertAuthState(
  db: Db,
  scope: AuthStateScope,
  entries: { category: string; key: string; value: string }[],
): Promise<void> {
  // One statement cannot touch a row twice: the last value of a repeated key wins.
  const unique = [...new Map(entries.map((e) => [`${e.category}\u0000${e.key}`, e])).values()];
  if (unique.length === 0) return;
  await db
    .insert(channelAuthState)
    .values(unique.map((e) => ({ ...e, tenantId: scope.tenantId, channelId: scope.channelId })))
    .onConflictDoUpdate({
      target: [channelAuthState.channelId, channelAuthState.category, channelAuthState.key],
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

/** Deletes many entries of one category in one statement. */
export async function deleteAuthState(db: Db, scope: AuthStateScope, category: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(channelAuthState).where(entriesOf(scope, category, keys));
}

/** Forgets the channel's login entirely (logged out). */
export async function clearAuthState(db: Db, scope: AuthStateScope): Promise<void> {
  await db
    .delete(channelAuthState)
    .where(and(eq(channelAuthState.tenantId, scope.tenantId), eq(channelAuthState.channelId, scope.channelId)));
}

/** How many entries the channel has stored (tests and diagnostics). */
export async function countAuthState(db: Db, scope: AuthStateScope): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(channelAuthState)
    .where(and(eq(channelAuthState.tenantId, scope.tenantId), eq(channelAuthState.channelId, scope.channelId)));
  return row?.total ?? 0;
}
