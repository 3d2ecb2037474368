import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { clearTicketsOfFlow, deleteFlowRow, lockFlow } from '../chatbot.repository.js';

/**
 * DELETE /chat-flow/{id}: the flow and its versions go; conversations in it leave the bot (their
 * positions go by cascade, their pending timers then find nothing); channels that used it have no flow.
 */
export async function deleteFlow(ctx: AppContext, actor: Actor, flowId: number): Promise<void> {
  await transact(ctx, async (tx, events) => {
    if (!(await lockFlow(tx, actor.tenantId, flowId))) throw new AppError('ERR_NO_FLOW_FOUND');
    const ticketIds = await clearTicketsOfFlow(tx, actor.tenantId, flowId);
    await deleteFlowRow(tx, actor.tenantId, flowId);
    for (const ticketId of ticketIds) events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update' });
  });
}
