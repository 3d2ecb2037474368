import { PROTOCOLS_PAGE_SIZE, type ListProtocolsResponse } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTicketsCondition } from '../../tickets/use-cases/ticket-access.js';
import { assertCanListProtocols } from '../protocols.policy.js';
import { presentProtocol } from '../protocols.presenter.js';
import { listProtocolRows } from '../protocols.repository.js';

export interface ProtocolQuery {
  searchParam?: string;
  dateFrom?: string;
  dateTo?: string;
  pageNumber: number;
}

/** The tenant's protocols (of the tickets the supervisor may see), newest first, 40 a page. */
export async function listProtocols(ctx: AppContext, actor: Actor, query: ProtocolQuery): Promise<ListProtocolsResponse> {
  assertCanListProtocols(actor);
  const offset = (query.pageNumber - 1) * PROTOCOLS_PAGE_SIZE;
  const { rows, count } = await listProtocolRows(
    ctx.db,
    actor.tenantId,
    { ...query, visibility: await visibleTicketsCondition(ctx.db, actor) },
    { limit: PROTOCOLS_PAGE_SIZE, offset },
  );
  return { protocols: rows.map(presentProtocol), count, hasMore: offset + rows.length < count };
}
