import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Profile } from '@conversa/shared';
import { reportExportOrder, reportExports, userQueues, users } from '../../platform/db/schema.js';

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

/** A statement selecting every row of a report as (position, row_id) in the asked order (the definitions' repositories build it). */
export type ReportOrderSql = SQL;

/**
 * Fixes an export's row order: `ordered` selects every row of the report as (position, row_id),
 * position 1..n in the asked order; one statement sorts them all (a previous try's order is
 * replaced). Answers how many rows it holds.
 */
export async function fixReportExportOrder(db: Db, tenantId: number, exportId: string, ordered: ReportOrderSql): Promise<number> {
  await clearReportExportOrder(db, tenantId, exportId);
  const result = (await db.execute(sql`
    insert into report_export_order (export_id, tenant_id, position, row_id)
    select ${exportId}::uuid, ${tenantId}::int, o.position, o.row_id from (${ordered}) o`)) as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** The next `limit` rows of an export's order after `position`. */
export async function findReportExportOrderAfter(
  db: Db,
  tenantId: number,
  exportId: string,
  position: number,
  limit: number,
): Promise<Array<{ position: number; rowId: number }>> {
  return db
    .select({ position: reportExportOrder.position, rowId: reportExportOrder.rowId })
    .from(reportExportOrder)
    .where(
      and(eq(reportExportOrder.tenantId, tenantId), eq(reportExportOrder.exportId, exportId), gt(reportExportOrder.position, position)),
    )
    .orderBy(asc(reportExportOrder.position))
    .limit(limit);
}

export async function clearReportExportOrder(db: Db, tenantId: number, exportId: string): Promise<void> {
  await db.delete(reportExportOrder).where(and(eq(reportExportOrder.tenantId, tenantId), eq(reportExportOrder.exportId, exportId)));
}
