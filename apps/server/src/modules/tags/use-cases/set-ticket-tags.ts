import type { TagRef, TagsChangedLogPayload } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { tagsToSetOrFail } from '../tag-rules.js';
import { presentTagRef } from '../tags.presenter.js';
import { findTagsByIds, replaceTicketTags, ticketTagIds } from '../tags.repository.js';
import { recordTicketLog } from '../../tickets/use-cases/record-ticket-log.js';

/** Replaces a ticket's tags; any user who may see the ticket may tag it. A change is logged in the ticket's history ('tagsChanged'). */
export async function setTicketTags(ctx: AppContext, actor: Actor, ticketId: number, tagIds: number[]): Promise<TagRef[]> {
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    await assertCanSeeTicket(ctx, actor, ticketId, tx);
    const currentIds = await ticketTagIds(tx, tenantId, ticketId);
    const tags = await tagsToSetOrFail(tx, tenantId, tagIds, currentIds);
    const newIds = tags.map((tag) => tag.id);
    if (await replaceTicketTags(tx, tenantId, ticketId, newIds)) {
      const removedIds = currentIds.filter((id) => !newIds.includes(id));
      const removed = (await findTagsByIds(tx, tenantId, removedIds)).map(presentTagRef);
      const added = tags.filter((tag) => !currentIds.includes(tag.id)).map(presentTagRef);
      const payload: TagsChangedLogPayload = { added: sortByName(added), removed: sortByName(removed) };
      await recordTicketLog(tx, { tenantId, ticketId, userId: actor.userId, type: 'tagsChanged', payload: { ...payload } });
      events.push({ type: 'ticket.changed', tenantId, ticketId, action: 'update' });
    }
    return sortByName(tags.map(presentTagRef));
  });
}

export const sortByName = (tags: TagRef[]) => tags.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
