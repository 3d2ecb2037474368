import type { Task, TaskComment } from '@conversa/shared';
import type { TaskCommentView, TaskView } from './tasks.repository.js';

export function presentTask(row: TaskView): Task {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    limitDate: row.limitDate.toISOString(),
    ownerId: row.ownerId,
    owner: row.ownerId !== null ? { id: row.ownerId, name: row.ownerName ?? '' } : null,
    createdBy: row.createdById !== null ? { id: row.createdById, name: row.createdByName ?? '' } : null,
    priority: row.priority,
    status: row.status,
    recurrence: row.recurrence,
    repetitions: row.repetitions,
    occurrence: row.occurrence,
    ticketId: row.ticketId,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    commentCount: row.commentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTaskComment(row: TaskCommentView): TaskComment {
  return {
    id: row.id,
    taskId: row.taskId,
    comment: row.comment,
    author: row.userId !== null ? { id: row.userId, name: row.authorName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
  };
}
