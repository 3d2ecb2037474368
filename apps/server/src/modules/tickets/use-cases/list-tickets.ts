import type { TicketStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listTicketViews, visibilitySql, type TicketView } from '../tickets.repository.js';
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
}

/** The attendance filter of SPEC §3 over the tickets the actor may see (SPEC §6 and settings). */
export async function listTickets(ctx: AppContext, actor: Actor, filter: TicketFilter): Promise<{ tickets: TicketView[]; count: number; hasMore: boolean }> {
  const rule = await visibilityRuleFor(ctx.db, actor, { showAll: filter.showAll, includeNoQueue: filter.includeNotQueueDefined });
  const limit = filter.count ?? TICKETS_PAGE_SIZE;
  const offset = (filter.pageNumber - 1) * limit;
  const { rows, total } = await listTicketViews(ctx.db, actor.tenantId, {
    statuses: filter.status,
    visibility: visibilitySql(rule),
    searchParam: filter.searchParam,
    queueIds: filter.queuesIds,
    channelIds: filter.whatsappIds,
    userId: filter.selectedUser,
    withUnreadMessages: filter.withUnreadMessages,
    notAssigned: filter.isNotAssignedUser,
    limit,
    offset,
  });
  return { tickets: rows, count: total, hasMore: offset + rows.length < total };
}
