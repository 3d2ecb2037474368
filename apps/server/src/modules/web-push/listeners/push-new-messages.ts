import { PUSH_BODY_MAX, type PushPayload } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { EventConsumer } from '../../../platform/events/consumers.js';
import { channelPushesMessages } from '../../channels/use-cases/channel-pushes-messages.js';
import { findTenantMessage } from '../../messages/use-cases/recent-ticket-messages.js';
import { getTicketView } from '../../tickets/use-cases/get-ticket-view.js';
import { findUserAsActor } from '../../users/use-cases/find-user-as-actor.js';
import { listSubscriptionsOfUsers } from '../web-push.repository.js';
import { pushAudience } from '../use-cases/push-audience.js';
import { tenantMayGetPushes } from '../use-cases/tenant-push-hint.js';

/** A media message without text: its kind as a symbol (the push reads the same in every language). */
const MEDIA_SYMBOLS: Record<string, string> = { image: '📷', video: '🎥', audio: '🎤', document: '📄', sticker: '💬' };

/** A transfer's push, in the product's language (the server knows no user's language; the app's toast is translated). */
const TRANSFER_PUSH = {
  title: 'Ticket transferido para você',
  body: (ticketId: number, contactName: string) => excerpt(`Ticket #${ticketId} de ${contactName} foi transferido para você.`),
};

function excerpt(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > PUSH_BODY_MAX ? `${clean.slice(0, PUSH_BODY_MAX - 1)}…` : clean;
}

/**
 * Web push (SPEC §7 service worker; issue 15): a customer's new message on a channel whose "web push"
 * option is on, an @mention in an internal note, and a ticket transferred to a user reach — as a notification of the browser, tab
 * closed — the users who may see the ticket and have no Conversa tab connected (push-audience.ts).
 * Durable consumer of the event log: after a crash the sweep relays the event again; a second push
 * carries the same notification tag (one per ticket), so the browser shows it once.
 */
export const pushNewMessagesConsumer: EventConsumer = {
  name: 'webPush.newMessages',
  // ticket.transferred, not the busy ticket.changed: this consumer sees only the transfers.
  types: ['message.created', 'note.created', 'ticket.transferred'],
  async handle(ctx: AppContext, event) {
    if (event.type === 'ticket.transferred') {
      // A ticket transferred to a user (not by themselves) reaches them, tab closed (a phone's lock screen).
      if (event.byUserId === event.toUserId || !(await tenantMayGetPushes(ctx, event.tenantId))) return;
      const view = await getTicketView(ctx.db, event.tenantId, event.ticketId);
      if (!view || view.userId !== event.toUserId) return;
      await queuePush(ctx, event.tenantId, await pushAudience(ctx, event.tenantId, event.ticketId, [event.toUserId]), {
        kind: 'transfer',
        ticketId: event.ticketId,
        title: TRANSFER_PUSH.title,
        body: TRANSFER_PUSH.body(event.ticketId, view.contactName),
        url: `/#/atendimento/${event.ticketId}`,
        tag: `transfer-${event.ticketId}`,
      });
      return;
    }
    if (event.type === 'message.created') {
      if (!event.inbound || !(await tenantMayGetPushes(ctx, event.tenantId))) return;
      const message = event.stored?.message ?? (await findTenantMessage(ctx.db, event.tenantId, event.messageId));
      if (!message || message.fromMe || message.ticketId === null) return;
      if (!(await channelPushesMessages(ctx.db, event.tenantId, message.channelId))) return;
      const view = event.stored?.view ?? (await getTicketView(ctx.db, event.tenantId, message.ticketId));
      if (!view) return;
      const text = excerpt(message.body);
      await queuePush(ctx, event.tenantId, await pushAudience(ctx, event.tenantId, message.ticketId), {
        kind: 'message',
        ticketId: message.ticketId,
        title: view.contactName,
        body: text || (message.mediaType ? (MEDIA_SYMBOLS[message.mediaType] ?? '📎') : ''),
        url: `/#/atendimento/${message.ticketId}`,
        tag: `ticket-${message.ticketId}`,
      });
      return;
    }
    if (event.type === 'note.created') {
      const mentioned = [...new Set(event.mentionedUserIds)].filter((userId) => userId !== event.authorId);
      if (mentioned.length === 0) return;
      const author = await findUserAsActor(ctx.db, event.tenantId, event.authorId);
      await queuePush(ctx, event.tenantId, await pushAudience(ctx, event.tenantId, event.ticketId, mentioned), {
        kind: 'mention',
        ticketId: event.ticketId,
        title: `@ ${author?.name ?? ''}`.trim(),
        body: excerpt(event.excerpt),
        url: `/#/atendimento/${event.ticketId}`,
        tag: `mention-${event.noteId}`,
      });
    }
  },
};

async function queuePush(ctx: AppContext, tenantId: number, userIds: number[], payload: PushPayload): Promise<void> {
  const subscriptions = await listSubscriptionsOfUsers(ctx.db, tenantId, userIds);
  if (subscriptions.length === 0) return;
  await ctx.jobs.send('webPush.send', { tenantId, subscriptionIds: subscriptions.map((s) => s.id), payload, try: 1 });
}
