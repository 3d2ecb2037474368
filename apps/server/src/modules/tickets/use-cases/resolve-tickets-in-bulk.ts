import type { TicketStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listTicketIdsByStatus } from '../tickets.repository.js';
import { updateTicket } from './update-ticket.js';

/** SPEC §9: mass close/resolve works in blocks of 10 tickets. */
export const BULK_BLOCK_SIZE = 10;

/**
 * Runs `work` on the tickets in blocks of BULK_BLOCK_SIZE (each ticket in its own transaction, so one
 * refusal does not undo the others), one block after the other; answers each ticket's outcome in order.
 */
export async function inBlocks<T>(ids: number[], work: (id: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  const outcomes: PromiseSettledResult<T>[] = [];
  for (let start = 0; start < ids.length; start += BULK_BLOCK_SIZE) {
    outcomes.push(...(await Promise.allSettled(ids.slice(start, start + BULK_BLOCK_SIZE).map(work))));
  }
  return outcomes;
}

/**
 * Resolves every ticket of a status in blocks of 10, without farewell nor rating (the system-wide
 * mass resolve: not held by demandRequiredOnClose). Returns how many were resolved.
 */
export async function resolveTicketsInBulk(ctx: AppContext, actor: Actor, status: TicketStatus, maxTickets = 10_000): Promise<number> {
  let resolved = 0;
  const failed = new Set<number>();
  while (resolved + failed.size < maxTickets) {
    const ids = (await listTicketIdsByStatus(ctx.db, actor.tenantId, status, BULK_BLOCK_SIZE + failed.size))
      .filter((id) => !failed.has(id))
      .slice(0, BULK_BLOCK_SIZE);
    if (ids.length === 0) break;
    const results = await inBlocks(ids, (id) => updateTicket(ctx, actor, id, { status: 'closed', force: true, skipDemandRule: true }));
    results.forEach((result, index) => (result.status === 'fulfilled' ? resolved++ : failed.add(ids[index])));
  }
  return resolved;
}
