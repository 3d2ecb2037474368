import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { clearUnreadOfVisibleTickets, visibilitySql } from '../tickets.repository.js';
import { visibilityRuleFor } from './ticket-access.js';

/** Sets the unread counter to 0 on every open or pending ticket the actor sees. */
export async function markTicketsRead(
  ctx: AppContext,
  actor: Actor,
  options: { queuesIds?: number[]; showAll?: boolean },
): Promise<number> {
  const rule = await visibilityRuleFor(ctx.db, actor, { showAll: options.showAll });
  return transact(ctx, async (tx, events) => {
    const ids = await clearUnreadOfVisibleTickets(tx, actor.tenantId, visibilitySql(rule), options.queuesIds);
    for (const ticketId of ids) events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update' });
    return ids.length;
  });
}
