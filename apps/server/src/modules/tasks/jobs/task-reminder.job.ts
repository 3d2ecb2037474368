import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { notifyUsers } from '../../notifications/use-cases/notify-users.js';
import { findTaskRow } from '../tasks.repository.js';

/**
 * The owner's reminder on a task's limit date: sent (with startAfter) in the transaction that set
 * the date, so it survives restarts. Ignored when the task is gone, finished, or changed since
 * (another version: that change scheduled its own reminder). The notification is unique per task
 * version, so a job run twice reminds once.
 */
export const taskReminderJob = defineJob({
  name: 'tasks.reminder',
  schema: z.object({ tenantId: z.number().int(), taskId: z.number().int(), version: z.number().int() }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  async handler(ctx, data) {
    const task = await findTaskRow(ctx.db, data.tenantId, data.taskId);
    if (!task || task.finishedAt || task.version !== data.version || task.ownerId === null) return;
    await notifyUsers(ctx, {
      tenantId: data.tenantId,
      userIds: [task.ownerId],
      content: { kind: 'task.reminder', params: { task: task.name } },
      link: `/tarefas?task=${task.id}`,
      source: 'task.reminder',
      sourceId: `${task.id}:${task.version}`,
    });
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'tasks.reminder': z.input<typeof taskReminderJob.schema>;
  }
}
