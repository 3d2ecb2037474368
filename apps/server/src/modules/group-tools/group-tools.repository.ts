import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { GroupFailureReason } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { groupActions, groupBans, groupBatches, groupSettings, groupWords, users } from '../../platform/db/schema.js';

export type GroupBanRow = typeof groupBans.$inferSelect;
export type GroupWordRow = typeof groupWords.$inferSelect;
export type GroupSettingsRow = typeof groupSettings.$inferSelect;
export type GroupBatchRow = typeof groupBatches.$inferSelect;
export type GroupActionRow = typeof groupActions.$inferSelect;
export type GroupActionView = GroupActionRow & { userName: string | null };
export type NewGroupAction = Omit<typeof groupActions.$inferInsert, 'id' | 'createdAt'>;

// ---- ban list ----

export async function listGroupBans(db: Db, tenantId: number, channelId?: number): Promise<GroupBanRow[]> {
  return db
    .select()
    .from(groupBans)
    .where(and(eq(groupBans.tenantId, tenantId), channelId === undefined ? undefined : eq(groupBans.channelId, channelId)))
    .orderBy(desc(groupBans.id));
}

/** Inserts a ban; undefined when the same number is already banned there (unique channel + number + group). */
export async function insertGroupBan(db: Db, values: typeof groupBans.$inferInsert): Promise<GroupBanRow | undefined> {
  const [row] = await db.insert(groupBans).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteGroupBan(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(groupBans)
    .where(and(eq(groupBans.tenantId, tenantId), eq(groupBans.id, id)))
    .returning({ id: groupBans.id });
  return rows.length > 0;
}

/** Which of `numbers` are banned from the group (by a ban of that group or of all the channel's groups). */
export async function findBannedNumbers(
  db: Db,
  tenantId: number,
  channelId: number,
  groupJid: string,
  numbers: string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .select({ number: groupBans.number })
    .from(groupBans)
    .where(
      and(
        eq(groupBans.tenantId, tenantId),
        eq(groupBans.channelId, channelId),
        inArray(groupBans.number, numbers),
        or(isNull(groupBans.groupJid), eq(groupBans.groupJid, groupJid)),
      ),
    );
  return new Set(rows.map((row) => row.number));
}

// ---- word list ----

export async function listGroupWords(db: Db, tenantId: number, channelId?: number): Promise<GroupWordRow[]> {
  return db
    .select()
    .from(groupWords)
    .where(and(eq(groupWords.tenantId, tenantId), channelId === undefined ? undefined : eq(groupWords.channelId, channelId)))
    .orderBy(asc(groupWords.word));
}

export async function insertGroupWord(db: Db, values: typeof groupWords.$inferInsert): Promise<GroupWordRow | undefined> {
  const [row] = await db.insert(groupWords).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteGroupWord(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(groupWords)
    .where(and(eq(groupWords.tenantId, tenantId), eq(groupWords.id, id)))
    .returning({ id: groupWords.id });
  return rows.length > 0;
}

// ---- settings ----

export async function findGroupSettings(db: Db, tenantId: number, channelId: number): Promise<GroupSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(groupSettings)
    .where(and(eq(groupSettings.tenantId, tenantId), eq(groupSettings.channelId, channelId)));
  return row;
}

export async function upsertGroupSettings(
  db: Db,
  tenantId: number,
  channelId: number,
  values: Pick<GroupSettingsRow, 'greeting' | 'farewell' | 'wordAction' | 'wordWarning'>,
): Promise<GroupSettingsRow> {
  const [row] = await db
    .insert(groupSettings)
    .values({ tenantId, channelId, ...values })
    .onConflictDoUpdate({
      target: groupSettings.channelId,
      set: { ...values, updatedAt: new Date() },
      setWhere: eq(groupSettings.tenantId, tenantId),
    })
    .returning();
  return row;
}

// ---- actions (the log and the claims) ----

/** Claims an action by its key (unique per channel): the row, or undefined when the key was claimed before (nothing to do). */
export async function claimGroupAction(db: Db, values: NewGroupAction): Promise<GroupActionRow | undefined> {
  const [row] = await db.insert(groupActions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertGroupActions(db: Db, values: NewGroupAction[]): Promise<void> {
  for (let i = 0; i < values.length; i += 500) await db.insert(groupActions).values(values.slice(i, i + 500));
}

export async function finishGroupAction(
  db: Db,
  tenantId: number,
  id: number,
  outcome: {
    status: 'done' | 'failed' | 'running' | 'waiting';
    reason?: GroupFailureReason | null;
    detail?: string | null;
    messageId?: string | null;
  },
): Promise<void> {
  const finished = outcome.status === 'done' || outcome.status === 'failed';
  await db
    .update(groupActions)
    .set({
      status: outcome.status,
      reason: outcome.reason ?? null,
      ...(outcome.detail !== undefined ? { detail: outcome.detail?.slice(0, 1_000) ?? null } : {}),
      ...(outcome.messageId !== undefined ? { messageId: outcome.messageId } : {}),
      finishedAt: finished ? new Date() : null,
    })
    .where(and(eq(groupActions.tenantId, tenantId), eq(groupActions.id, id)));
}

const actionView = { action: groupActions, userName: users.name };

export async function listGroupActions(
  db: Db,
  tenantId: number,
  filter: { channelId?: number; batchId?: number; limit: number; offset: number },
): Promise<GroupActionView[]> {
  const rows = await db
    .select(actionView)
    .from(groupActions)
    .leftJoin(users, eq(users.id, groupActions.userId))
    .where(
      and(
        eq(groupActions.tenantId, tenantId),
        filter.channelId === undefined ? undefined : eq(groupActions.channelId, filter.channelId),
        filter.batchId === undefined ? undefined : eq(groupActions.batchId, filter.batchId),
      ),
    )
    .orderBy(desc(groupActions.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return rows.map((row) => ({ ...row.action, userName: row.userName }));
}

// ---- bulk actions ----

export async function insertGroupBatch(db: Db, values: typeof groupBatches.$inferInsert): Promise<GroupBatchRow> {
  const [row] = await db.insert(groupBatches).values(values).returning();
  return row;
}

export async function findGroupBatch(db: Db, tenantId: number, id: number, { lock = false } = {}): Promise<GroupBatchRow | undefined> {
  const query = db
    .select()
    .from(groupBatches)
    .where(and(eq(groupBatches.tenantId, tenantId), eq(groupBatches.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function finishGroupBatch(db: Db, tenantId: number, id: number): Promise<void> {
  await db
    .update(groupBatches)
    .set({ status: 'finished', finishedAt: new Date() })
    .where(and(eq(groupBatches.tenantId, tenantId), eq(groupBatches.id, id), eq(groupBatches.status, 'processing')));
}

export async function listBatchItems(db: Db, tenantId: number, batchId: number): Promise<GroupActionView[]> {
  const rows = await db
    .select(actionView)
    .from(groupActions)
    .leftJoin(users, eq(users.id, groupActions.userId))
    .where(and(eq(groupActions.tenantId, tenantId), eq(groupActions.batchId, batchId)))
    .orderBy(asc(groupActions.id));
  return rows.map((row) => ({ ...row.action, userName: row.userName }));
}

/**
 * The batch's next item to act on, locked (SKIP LOCKED: a second runner never takes the same one):
 * a waiting one, or one left running by a runner that died after handing it to WhatsApp.
 */
export async function lockNextBatchItem(tx: Db, tenantId: number, batchId: number): Promise<GroupActionRow | undefined> {
  const [row] = await tx
    .select()
    .from(groupActions)
    .where(
      and(eq(groupActions.tenantId, tenantId), eq(groupActions.batchId, batchId), inArray(groupActions.status, ['waiting', 'running'])),
    )
    .orderBy(asc(groupActions.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function hasOpenBatchItems(db: Db, tenantId: number, batchId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: groupActions.id })
    .from(groupActions)
    .where(
      and(eq(groupActions.tenantId, tenantId), eq(groupActions.batchId, batchId), inArray(groupActions.status, ['waiting', 'running'])),
    )
    .limit(1);
  return row !== undefined;
}

/** When the batch last asked WhatsApp for something (its delay counts from there). */
export async function lastBatchActionAt(db: Db, tenantId: number, batchId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${groupActions.finishedAt})` })
    .from(groupActions)
    .where(and(eq(groupActions.tenantId, tenantId), eq(groupActions.batchId, batchId)));
  return row?.at ? new Date(row.at) : null;
}
