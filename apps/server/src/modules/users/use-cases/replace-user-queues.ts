import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { listQueues } from '../../queues/use-cases/list-queues.js';
import { setUserQueues } from '../../queues/use-cases/set-user-queues.js';

/** Sets the queues a user attends; every id must be a queue of the tenant. */
export async function replaceUserQueues(tx: Db, tenantId: number, userId: number, queueIds: number[]): Promise<void> {
  const known = new Set((await listQueues(tx, tenantId)).map((q) => q.id));
  const unknown = queueIds.filter((id) => !known.has(id));
  if (unknown.length) throw new AppError('ERR_NO_QUEUE_FOUND', undefined, { queueIds: [`Unknown queue ids: ${unknown.join(', ')}`] });
  await setUserQueues(tx, tenantId, userId, [...new Set(queueIds)]);
}
