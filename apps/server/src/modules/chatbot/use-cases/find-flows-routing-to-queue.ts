import { flowRoutes, type FlowDefinition } from '@conversa/shared/chatbot';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findQueueById } from '../../queues/use-cases/find-queue-by-id.js';
import { listFlowDefinitions } from '../chatbot.repository.js';

/**
 * The tenant's flows whose published version or draft routes tickets to the queue (a route to the
 * queue, or to a user in it). Deleting the queue leaves those routes pointing nowhere: a ticket that
 * takes one stays pending where it is until the flow is changed and published again.
 */
export async function findFlowsRoutingToQueue(db: Db, tenantId: number, queueId: number): Promise<{ id: number; name: string }[]> {
  const routesToQueue = (definition: Record<string, unknown> | null) => {
    if (definition === null) return false;
    try {
      return flowRoutes(definition as FlowDefinition).some(
        ({ route }) => (route.kind === 'queue' || route.kind === 'user') && route.queueId === queueId,
      );
    } catch {
      // A stored draft of another shape (written before a schema change) names no route it can be read for.
      return false;
    }
  };
  if (!(await findQueueById(db, tenantId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
  const flows = await listFlowDefinitions(db, tenantId);
  return flows.filter((flow) => routesToQueue(flow.published) || routesToQueue(flow.draft)).map(({ id, name }) => ({ id, name }));
}
