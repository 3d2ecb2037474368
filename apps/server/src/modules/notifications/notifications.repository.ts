import type { NotificationContent } from '@conversa/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notificationBroadcasts, notifications, tenants, users } from '../../platform/db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One notification (its kind and params) per recipient among `userIds` that is a user of the tenant, in one statement;
 * a recipient who already has this source's notification is skipped (the unique key). Answers the
 * users actually notified.
 */
export async function insertNotificationsForUsers(
  db: Db,
  tenantId: number,
  input: { userIds: number[]; content: NotificationContent; link: string | null; source: string; sourceId: string },
): Promise<number[]> {
  if (!input.userIds.length) return [];
  const ids = `{${[...new Set(input.userIds)].join(',')}}`;
  const result = await db.execute(sql`
    insert into ${notifications} (tenant_id, user_id, kind, params, link, source, source_id)
    select u.tenant_id, u.id, ${input.content.kind}, ${JSON.stringify(input.content.params)}::jsonb, ${input.link}, ${input.source}, ${input.sourceId}
      from ${users} u where u.tenant_id = ${tenantId} and u.id = any(${ids}::int[])
    on conflict (source, source_id, user_id) do nothing
    returning user_id as "userId"`);
  return rowsOf<{ userId: number }>(result).map((row) => Number(row.userId));
}

/** A broadcast to every user of one tenant, or of all tenants: one INSERT … SELECT, whatever the count. Answers the count per tenant. */
export async function insertBroadcastNotifications(
  db: Db,
  input: { broadcastId: number; targetTenantId: number | null; message: string },
): Promise<{ tenantId: number; recipients: number }[]> {
  const result = await db.execute(sql`
    with inserted as (
      insert into ${notifications} (tenant_id, user_id, message, source, source_id)
      select u.tenant_id, u.id, ${input.message}, 'broadcast', ${String(input.broadcastId)}
        from ${users} u
       where ${input.targetTenantId === null ? sql`true` : sql`u.tenant_id = ${input.targetTenantId}`}
      on conflict (source, source_id, user_id) do nothing
      returning tenant_id
    )
    select tenant_id as "tenantId", count(*)::int as "recipients" from inserted group by tenant_id`);
  return rowsOf<{ tenantId: number; recipients: number }>(result).map((row) => ({
    tenantId: Number(row.tenantId),
    recipients: Number(row.recipients),
  }));
}

export async function listUserNotifications(db: Db, tenantId: number, userId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: Db, tenantId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return Number(row?.unread ?? 0);
}

/** Unread counts of several users of a tenant (those with none are absent). */
export async function countUnreadByUser(db: Db, tenantId: number, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const ids = `{${userIds.join(',')}}`;
  const result = await db.execute(sql`
    select user_id as "userId", count(*)::int as "unread" from ${notifications}
     where tenant_id = ${tenantId} and user_id = any(${ids}::int[]) and is_read = false
     group by user_id`);
  return new Map(rowsOf<{ userId: number; unread: number }>(result).map((row) => [Number(row.userId), Number(row.unread)]));
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: Db, tenantId: number, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, tenantId: number, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export type BroadcastRow = typeof notificationBroadcasts.$inferSelect & { tenantName: string | null; senderName: string | null };

export async function insertBroadcast(
  db: Db,
  tenantId: number,
  values: { targetTenantId: number | null; senderId: number; message: string },
): Promise<typeof notificationBroadcasts.$inferSelect> {
  const [row] = await db
    .insert(notificationBroadcasts)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function setBroadcastRecipients(db: Db, tenantId: number, id: number, recipients: number): Promise<void> {
  await db
    .update(notificationBroadcasts)
    .set({ recipients })
    .where(and(eq(notificationBroadcasts.tenantId, tenantId), eq(notificationBroadcasts.id, id)));
}

export async function listBroadcasts(db: Db, tenantId: number, limit: number): Promise<BroadcastRow[]> {
  const rows = await db
    .select({ broadcast: notificationBroadcasts, tenantName: tenants.name, senderName: users.name })
    .from(notificationBroadcasts)
    .leftJoin(tenants, eq(tenants.id, notificationBroadcasts.targetTenantId))
    .leftJoin(users, eq(users.id, notificationBroadcasts.senderId))
    .where(eq(notificationBroadcasts.tenantId, tenantId))
    .orderBy(desc(notificationBroadcasts.createdAt), desc(notificationBroadcasts.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.broadcast, tenantName: row.tenantName, senderName: row.senderName }));
}

export async function tenantExists(db: Db, tenantId: number): Promise<boolean> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  return Boolean(row);
}
