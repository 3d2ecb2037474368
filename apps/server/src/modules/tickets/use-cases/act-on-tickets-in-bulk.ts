import type { BulkTicketAction, BulkTicketsResult } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../../auth/actor.js';
import { findDemandOfTenant } from '../../demands/use-cases/demand-of-tenant.js';
import { findQueueById } from '../../queues/use-cases/find-queue-by-id.js';
import { existingTicketIds } from '../tickets.repository.js';
import { inBlocks } from './resolve-tickets-in-bulk.js';
import { assertUserOfTenant } from './ticket-access.js';
import { updateTicket, type UpdateTicketInput } from './update-ticket.js';

export interface BulkTicketsInput {
  ticketIds: number[];
  action: BulkTicketAction;
  queueId?: number;
  userId?: number;
  demandId?: number;
}

/**
 * The ticket panel's mass actions (admins, SPEC §6 and §9): each selected ticket goes through the one
 * ticket action (its rules, logs and pushes), in blocks of 10; one refused ticket does not stop the
 * others. Answers what was done and, per refused ticket, why.
 */
export async function actOnTicketsInBulk(ctx: AppContext, actor: Actor, input: BulkTicketsInput): Promise<BulkTicketsResult> {
  if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
  const ids = [...new Set(input.ticketIds)];
  await assertReferencesOfTenant(ctx, actor.tenantId, ids, input);
  const change = actionInput(input);
  const outcomes = await inBlocks(ids, (id) => updateTicket(ctx, actor, id, change));
  const results = outcomes.map((outcome, index) => {
    if (outcome.status === 'fulfilled') return { ticketId: ids[index], ok: true };
    const error = outcome.reason instanceof AppError ? outcome.reason : new AppError('ERR_INTERNAL');
    if (!(outcome.reason instanceof AppError)) ctx.logger.warn({ err: outcome.reason, ticketId: ids[index] }, 'bulk ticket action failed');
    return { ticketId: ids[index], ok: false, error: error.code, message: error.message };
  });
  const done = results.filter((r) => r.ok).length;
  return { done, refused: results.length - done, results };
}

/**
 * Every id of the request must be the tenant's before anything is done: another tenant's ticket,
 * queue, user or reason is as unknown as a missing one (404, nothing changed).
 */
async function assertReferencesOfTenant(ctx: AppContext, tenantId: number, ids: number[], input: BulkTicketsInput): Promise<void> {
  const found = new Set(await existingTicketIds(ctx.db, tenantId, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw new AppError('ERR_NO_TICKET_FOUND', `No ticket found with ID ${missing.join(', ')}.`, {
      ticketIds: [`Unknown ticket: ${missing.join(', ')}`],
    });
  if (input.queueId !== undefined && !(await findQueueById(ctx.db, tenantId, input.queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
  if (input.userId !== undefined) await assertUserOfTenant(ctx.db, tenantId, input.userId);
  if (input.demandId !== undefined && !(await findDemandOfTenant(ctx.db, tenantId, input.demandId)))
    throw new AppError('ERR_NO_DEMAND_FOUND');
}

function actionInput(input: BulkTicketsInput): UpdateTicketInput {
  switch (input.action) {
    case 'transfer':
      return { isTransference: true, queueId: input.queueId, userId: input.userId };
    case 'return':
      return { status: 'pending', userId: null };
    case 'resolve':
      // SPEC §4 force close: no farewell, no rating; the reason when one is given (or required).
      return { status: 'closed', force: true, demandId: input.demandId };
  }
}
