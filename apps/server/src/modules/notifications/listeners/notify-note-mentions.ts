import type { AppContext } from '../../../app-context.js';
import type { EventConsumer } from '../../../platform/events/consumers.js';
import { visibleTicketIds } from '../../tickets/use-cases/ticket-access.js';
import { findUserAsActor } from '../../users/use-cases/find-user-as-actor.js';
import { notifyUsers } from '../use-cases/notify-users.js';

/**
 * The users @mentioned in an internal note are notified (the bell), with the note's start and a
 * link to its ticket — only those who may see that ticket (the tickets visibility policy), so a
 * mention never shows a note to someone the ticket is hidden from; the author is never notified.
 * Once per note and user (notifyUsers' source key), however often the event is relayed.
 */
export const noteMentionsConsumer: EventConsumer = {
  name: 'notifications.noteMentions',
  types: ['note.created'],
  async handle(ctx: AppContext, event) {
    if (event.type !== 'note.created' || event.mentionedUserIds.length === 0) return;
    const author = await findUserAsActor(ctx.db, event.tenantId, event.authorId);
    const recipients: number[] = [];
    for (const userId of new Set(event.mentionedUserIds)) {
      if (userId === event.authorId) continue;
      const user = await findUserAsActor(ctx.db, event.tenantId, userId);
      if (user && (await visibleTicketIds(ctx, user.actor, [event.ticketId])).has(event.ticketId)) recipients.push(userId);
    }
    if (recipients.length === 0) return;
    await notifyUsers(ctx, {
      tenantId: event.tenantId,
      userIds: recipients,
      content: { kind: 'note.mention', params: { author: author?.name ?? null, excerpt: event.excerpt } },
      link: `/atendimento/${event.ticketId}`,
      source: 'note.mention',
      sourceId: String(event.noteId),
    });
  },
};
