import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { insertEvaluation, readRatingSettings } from '../ratings.repository.js';

/**
 * Inside the resolve's transaction: sends the tenant's rating request and opens the evaluation the
 * ticket now waits for (it closes once the customer answers; see answer-rating.step.ts).
 */
export async function requestRating(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  target: { tenantId: number; ticketId: number; agentId: number | null; queueId: number | null },
): Promise<void> {
  const settings = await readRatingSettings(tx, target.tenantId);
  await insertEvaluation(tx, { tenantId: target.tenantId, ticketId: target.ticketId, userId: target.agentId, queueId: target.queueId });
  await queueAutomatedMessage(ctx, tx, events, { tenantId: target.tenantId, ticketId: target.ticketId }, { body: settings.requestMessage });
}
