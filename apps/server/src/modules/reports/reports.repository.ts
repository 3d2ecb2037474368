import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Profile } from '@conversa/shared';
import { reportExports, userQueues, users } from '../../platform/db/schema.js';

export type ReportExportRow = typeof reportExports.$inferSelect;
export type NewReportExport = Omit<typeof reportExports.$inferInsert, 'tenantId' | 'userId' | 'id'>;

/** The queues a user belongs to (a supervisor's scope in ticket reports). */
export async function findMemberQueueIds(db: Db, tenantId: number, userId: number): Promise<number[]> {
  const found = await db
    .select({ queueId: userQueues.queueId })
    .from(userQueues)
    .where(and(eq(userQueues.tenantId, tenantId), eq(userQueues.userId, userId)));
  return found.map((row) => row.queueId);
}

export async function insertReportExport(
  db: Db,
  tenantId: number,
  userId: number,
  id: string,
  values: NewReportExport,
): Promise<ReportExportRow> {
  const [row] = await db
    .insert(reportExports)
    .values({ ...values, id, tenantId, userId })
    .returning();
  return row;
}

/** One export of its maker: another user's (or another tenant's) is not found. */
export async function findUserReportExport(db: Db, tenantId: number, userId: number, id: string): Promise<ReportExportRow | undefined> {
  const [row] = await db
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.tenantId, tenantId), eq(reportExports.userId, userId), eq(reportExports.id, id)));
  return row;
}

export async function findReportExport(db: Db, tenantId: number, id: string): Promise<ReportExportRow | undefined> {
  const [row] = await db
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.tenantId, tenantId), eq(reportExports.id, id)));
  return row;
}

/** The user's latest exports, newest first. */
export async function listUserReportExports(db: Db, tenantId: number, userId: number, limit: number): Promise<ReportExportRow[]> {
  return db
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.tenantId, tenantId), eq(reportExports.userId, userId)))
    .orderBy(desc(reportExports.createdAt))
    .limit(limit);
}

export async function updateReportExport(
  db: Db,
  tenantId: number,
  id: string,
  values: Partial<Pick<ReportExportRow, 'status' | 'rowsDone' | 'rowsTotal' | 'fileKey' | 'error' | 'finishedAt'>>,
): Promise<ReportExportRow | undefined> {
  const [row] = await db
    .update(reportExports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(reportExports.tenantId, tenantId), eq(reportExports.id, id)))
    .returning();
  return row;
}

/** Exports made before `before` (their files go with them). */
export async function listReportExportsBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<Pick<ReportExportRow, 'id' | 'tenantId' | 'fileKey'>[]> {
  return db
    .select({ id: reportExports.id, tenantId: reportExports.tenantId, fileKey: reportExports.fileKey })
    .from(reportExports)
    .where(lt(reportExports.createdAt, before))
    .limit(limit);
}

export async function deleteReportExports(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(reportExports).where(inArray(reportExports.id, ids));
}

/** The profile a user has now (an export runs with its maker's current rights); undefined when the user is gone. */
export async function findUserProfile(db: Db, tenantId: number, userId: number): Promise<Profile | undefined> {
  const [row] = await db
    .select({ profile: users.profile })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.profile;
}
