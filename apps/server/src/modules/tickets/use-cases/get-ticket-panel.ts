import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../../auth/actor.js';
import { listTicketPage, visibilitySql } from '../tickets.repository.js';
import { visibilityRuleFor } from './ticket-access.js';

/** How many tickets the panel shows at most (the busiest first are the most recently updated). */
export const PANEL_MAX_TICKETS = 1000;

/**
 * The ticket panel (SPEC /painel-atendimentos, admins): the open and pending tickets the web app
 * groups per agent (their open tickets) and per queue (its pending ones, and those without queue).
 * showAll (default) is the admin's view-all; false keeps to the admin's queues, own tickets and
 * tickets without queue (the one visibility rule). `scopeQueueIds`: the queues of that scope, null for all.
 */
export async function getTicketPanel(
  ctx: AppContext,
  actor: Actor,
  options: { showAll?: boolean },
): Promise<{ ticketsJson: string; total: number; truncated: boolean; scopeQueueIds: number[] | null }> {
  if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
  const rule = await visibilityRuleFor(ctx.db, actor, { showAll: options.showAll ?? true });
  const { json, returned, total } = await listTicketPage(ctx.db, actor.tenantId, {
    statuses: ['open', 'pending'],
    visibility: visibilitySql(rule),
    limit: PANEL_MAX_TICKETS,
    offset: 0,
  });
  return { ticketsJson: json, total, truncated: returned < total, scopeQueueIds: rule.all ? null : rule.queueIds };
}
