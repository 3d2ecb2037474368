import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { insertTicketLog, moveActiveTicketsBetweenChannels } from '../tickets.repository.js';

/**
 * Channel transfer (irreversible): the open and pending tickets of one channel continue on another.
 * A contact who already has an active ticket on the target keeps it; that source ticket is skipped.
 */
export async function moveChannelTickets(ctx: AppContext, actor: Actor, fromChannelId: number, toChannelId: number) {
  if (fromChannelId === toChannelId)
    throw new AppError('ERR_VALIDATION', 'Choose the new channel!', { toWhatsappId: ['Choose the new channel!'] });
  return transact(ctx, async (tx, events) => {
    if (!(await findChannelById(tx, actor.tenantId, fromChannelId)) || !(await findChannelById(tx, actor.tenantId, toChannelId)))
      throw new AppError('ERR_NO_WAPP_FOUND');
    const { moved, skipped } = await moveActiveTicketsBetweenChannels(tx, actor.tenantId, fromChannelId, toChannelId);
    for (const ticketId of moved) {
      await insertTicketLog(tx, {
        tenantId: actor.tenantId,
        ticketId,
        userId: actor.userId,
        type: 'channelChanged',
        payload: { fromChannelId, toChannelId },
      });
      events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update' });
    }
    return { moved: moved.length, skipped };
  });
}
