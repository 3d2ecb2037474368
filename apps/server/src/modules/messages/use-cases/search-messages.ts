import type { Message } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { visibilitySql } from '../../tickets/use-cases/visibility-sql.js';
import { visibilityRuleFor } from '../../tickets/use-cases/ticket-access.js';
import { presentMessage } from '../messages.presenter.js';
import { searchMessages as searchMessageRows } from '../messages.repository.js';

export const SEARCH_PAGE_SIZE = 30;

/** Full-text-ish search over the messages of the tickets the actor may see. */
export async function searchMessages(
  ctx: AppContext,
  actor: Actor,
  input: { searchParam: string; ticketId?: number; pageNumber: number },
): Promise<{ messages: Message[]; hasMore: boolean }> {
  const rule = await visibilityRuleFor(ctx.db, actor, { showAll: true });
  const rows = await searchMessageRows(ctx.db, actor.tenantId, {
    search: input.searchParam,
    visibility: visibilitySql(rule),
    ticketId: input.ticketId,
    limit: SEARCH_PAGE_SIZE + 1,
    offset: (input.pageNumber - 1) * SEARCH_PAGE_SIZE,
  });
  return {
    messages: rows.slice(0, SEARCH_PAGE_SIZE).map((r) => presentMessage(r.message, ctx.media)),
    hasMore: rows.length > SEARCH_PAGE_SIZE,
  };
}
