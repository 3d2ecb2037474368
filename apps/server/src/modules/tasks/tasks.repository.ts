import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaskPriority, TaskStatus } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { taskComments, tasks, users } from '../../platform/db/schema.js';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskView = TaskRow & { status: TaskStatus; ownerName: string | null; createdByName: string | null; commentCount: number };
export type TaskCommentView = typeof taskComments.$inferSelect & { authorName: string | null };

export interface TaskValues {
  name: string;
  description: string;
  limitDate: Date;
  ownerId: number;
  priority: TaskPriority;
  recurrence: number;
  repetitions: number;
  ticketId: number | null;
}

/** SPEC §4: finished once finished; delayed when the limit date has passed; pending otherwise. Computed at read time. */
const statusSql = sql<TaskStatus>`case when ${tasks.finishedAt} is not null then 'finished' when ${tasks.limitDate} < now() then 'delayed' else 'pending' end`;

const owner = alias(users, 'task_owner');
const creator = alias(users, 'task_creator');

const viewColumns = {
  task: tasks,
  status: statusSql,
  ownerName: owner.name,
  createdByName: creator.name,
  commentCount: sql<number>`(select count(*)::int from ${taskComments} where ${taskComments.taskId} = ${tasks.id})`,
};

const toView = (row: {
  task: TaskRow;
  status: TaskStatus;
  ownerName: string | null;
  createdByName: string | null;
  commentCount: number;
}): TaskView => ({
  ...row.task,
  status: row.status,
  ownerName: row.ownerName,
  createdByName: row.createdByName,
  commentCount: Number(row.commentCount),
});

const selectViews = (db: Db) =>
  db.select(viewColumns).from(tasks).leftJoin(owner, eq(owner.id, tasks.ownerId)).leftJoin(creator, eq(creator.id, tasks.createdById));

export async function findTaskView(db: Db, tenantId: number, id: number): Promise<TaskView | undefined> {
  const [row] = await selectViews(db).where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
  return row ? toView(row) : undefined;
}

export async function findTaskRow(db: Db, tenantId: number, id: number): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
  return row;
}

export interface TaskFilter {
  statuses?: TaskStatus[];
  priorities?: TaskPriority[];
  ownerIds?: number[];
  ticketId?: number;
  search?: string;
  /** A plain user's scope: tasks this user owns or created. */
  ownOrCreatedBy?: number;
}

function filterSql(tenantId: number, filter: TaskFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(tasks.tenantId, tenantId)];
  if (filter.statuses?.length) where.push(inArray(statusSql, filter.statuses));
  if (filter.priorities?.length) where.push(inArray(tasks.priority, filter.priorities));
  if (filter.ownerIds?.length) where.push(inArray(tasks.ownerId, filter.ownerIds));
  if (filter.ticketId) where.push(eq(tasks.ticketId, filter.ticketId));
  if (filter.search) where.push(ilike(tasks.name, containsPattern(filter.search)));
  if (filter.ownOrCreatedBy !== undefined)
    where.push(or(eq(tasks.ownerId, filter.ownOrCreatedBy), eq(tasks.createdById, filter.ownOrCreatedBy)));
  return and(...where);
}

/** Open tasks first, by limit date; finished ones after, the latest finished first. */
const listOrder = [
  asc(isNotNull(tasks.finishedAt)),
  asc(sql`case when ${tasks.finishedAt} is null then ${tasks.limitDate} end`),
  desc(tasks.finishedAt),
  asc(tasks.id),
];

export async function listTaskViews(
  db: Db,
  tenantId: number,
  filter: TaskFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TaskView[]; total: number }> {
  const where = filterSql(tenantId, filter);
  const [rows, [totals]] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(...listOrder)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(tasks).where(where),
  ]);
  return { rows: rows.map(toView), total: totals?.total ?? 0 };
}

export async function insertTask(
  db: Db,
  tenantId: number,
  values: TaskValues & { createdById: number | null; seriesId?: string; occurrence?: number },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .insert(tasks)
    .values({ ...values, tenantId })
    .onConflictDoNothing({ target: [tasks.seriesId, tasks.occurrence] })
    .returning();
  return row;
}

/** Edits a task; every edit is a new version (a reminder sent for an older one is stale). */
export async function updateTaskRow(db: Db, tenantId: number, id: number, values: Partial<TaskValues>): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ ...values, version: sql`${tasks.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)))
    .returning();
  return row;
}

/**
 * Finishes an unfinished task. Of two concurrent calls, the second waits for the first's row lock,
 * then finds the task finished and changes nothing (undefined): finishing happens once.
 */
export async function finishTaskRow(db: Db, tenantId: number, id: number): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ finishedAt: sql`now()`, version: sql`${tasks.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id), isNull(tasks.finishedAt)))
    .returning();
  return row;
}

export async function deleteTaskRow(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

export async function insertTaskComment(
  db: Db,
  tenantId: number,
  values: { taskId: number; userId: number; comment: string },
): Promise<TaskCommentView> {
  const [row] = await db
    .insert(taskComments)
    .values({ ...values, tenantId })
    .returning();
  const [author] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, values.userId)));
  return { ...row, authorName: author?.name ?? null };
}

export async function listTaskComments(db: Db, tenantId: number, taskId: number): Promise<TaskCommentView[]> {
  const rows = await db
    .select({ comment: taskComments, authorName: users.name })
    .from(taskComments)
    .leftJoin(users, eq(users.id, taskComments.userId))
    .where(and(eq(taskComments.tenantId, tenantId), eq(taskComments.taskId, taskId)))
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
  return rows.map((row) => ({ ...row.comment, authorName: row.authorName }));
}
