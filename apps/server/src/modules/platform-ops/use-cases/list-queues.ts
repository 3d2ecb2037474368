import type { QueueStats } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { presentQueue } from '../platform-ops.presenter.js';
import { listQueueStats } from '../platform-ops.repository.js';

/** The task-queue monitor (SPEC §9, /tenantsQueue): every pg-boss queue with its jobs by state and the restart advice. */
export async function listQueues(ctx: AppContext, actor: Actor): Promise<QueueStats[]> {
  assertPlatformOperator(actor);
  const rows = await listQueueStats(ctx.db);
  return rows.map((row) => presentQueue(row, ctx.jobs.isRegistered(row.name) ? 'job' : 'session'));
}
