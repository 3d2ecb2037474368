import type { TicketStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listTicketPage, visibilitySql } from '../tickets.repository.js';
import { readSettings } from '../../settings/use-cases/read-settings.js';
import { seesAsAdmin } from '../tickets.policy.js';
import { visibilityRuleFor } from './ticket-access.js';

export const TICKETS_PAGE_SIZE = 40;

export interface TicketFilter {
  searchParam?: string;
  pageNumber: number;
  status: TicketStatus[];
  /** Undefined: the profile's default (admins and supervisors see all). */
  showAll?: boolean;
  count?: number;
  queuesIds?: number[];
  whatsappIds?: number[];
  selectedUser?: number;
  withUnreadMessages: boolean;
  isNotAssignedUser: boolean;
  includeNotQueueDefined: boolean;
  /** The kanbanFiltro preference (SPEC §3): only tickets in these lanes. */
  laneIds?: number[];
  /** Tickets carrying any of these tags (the web's tagFiltro preference). */
  tagIds?: number[];
}

/**
 * The attendance filter of SPEC §3 over the tickets the actor may see (SPEC §6 and settings).
 * `ticketsJson` is the page's tickets as the API presents them (presentTicket), as JSON text.
 */
export async function listTickets(
  ctx: AppContext,
  actor: Actor,
  filter: TicketFilter,
): Promise<{ ticketsJson: string; count: number; hasMore: boolean }> {
  const settings = await readSettings(ctx.db, actor.tenantId);
  const rule = await visibilityRuleFor(ctx.db, actor, { showAll: filter.showAll, includeNoQueue: filter.includeNotQueueDefined });
  // ticketListLimit (SPEC §3 ticket-list limit, Whazing limiteTickets): the page size, and its maximum, for non-admins.
  const cap = seesAsAdmin(actor, settings) ? undefined : Number(settings.ticketListLimit) || TICKETS_PAGE_SIZE;
  const limit = cap === undefined ? (filter.count ?? TICKETS_PAGE_SIZE) : Math.min(filter.count ?? cap, cap);
  const offset = (filter.pageNumber - 1) * limit;
  const { json, returned, total } = await listTicketPage(ctx.db, actor.tenantId, {
    statuses: filter.status,
    visibility: visibilitySql(rule),
    searchParam: filter.searchParam,
    queueIds: filter.queuesIds,
    channelIds: filter.whatsappIds,
    userId: filter.selectedUser,
    withUnreadMessages: filter.withUnreadMessages,
    notAssigned: filter.isNotAssignedUser,
    laneIds: filter.laneIds,
    tagIds: filter.tagIds,
    limit,
    offset,
  });
  return { ticketsJson: json, count: total, hasMore: offset + returned < total };
}
