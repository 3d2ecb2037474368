import type { TagRef } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { tagsToSetOrFail } from '../tag-rules.js';
import { presentTagRef } from '../tags.presenter.js';
import { replaceTicketTags, ticketTagIds } from '../tags.repository.js';

/** Replaces a ticket's tags; any user who may see the ticket may tag it. */
export async function setTicketTags(ctx: AppContext, actor: Actor, ticketId: number, tagIds: number[]): Promise<TagRef[]> {
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    await assertCanSeeTicket(ctx, actor, ticketId, tx);
    const tags = await tagsToSetOrFail(tx, tenantId, tagIds, await ticketTagIds(tx, tenantId, ticketId));
    if (
      await replaceTicketTags(
        tx,
        tenantId,
        ticketId,
        tags.map((tag) => tag.id),
      )
    )
      events.push({ type: 'ticket.changed', tenantId, ticketId, action: 'update' });
    return sortByName(tags.map(presentTagRef));
  });
}

export const sortByName = (tags: TagRef[]) => tags.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
