import { NOTIFICATION_TEXTS, PUSH_BODY_MAX, type Language, type PushPayload } from '@conversa/shared';
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

function excerpt(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > PUSH_BODY_MAX ? `${clean.slice(0, PUSH_BODY_MAX - 1)}…` : clean;
}

/**
 * Web push (SPEC §7 service worker; issue 15): a customer's new message on a channel whose "web push"
 * option is on, an @mention in an internal note, and a ticket transferred to a user reach — as a notification of the browser, tab
 * closed — the users who may see the ticket and have no Conversa tab connected (push-audience.ts).
 * What the platform says itself (a transfer, a mention's title) is worded in each browser's
 * subscription language, with the web app's words (@conversa/shared notification-texts).
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
      await queuePush(ctx, event.tenantId, await pushAudience(ctx, event.tenantId, event.ticketId, [event.toUserId]), (language) => ({
        kind: 'transfer',
        ticketId: event.ticketId,
        title: NOTIFICATION_TEXTS[language].transferTitle,
        body: excerpt(NOTIFICATION_TEXTS[language].transferBody(event.ticketId, view.contactName)),
        url: `/#/atendimento/${event.ticketId}`,
        tag: `transfer-${event.ticketId}`,
      }));
      return;
    }
    if (event.type === 'message.created') {
      if (!event.inbound || !(await tenantMayGetPushes(ctx, event.tenantId))) return;
      const message = event.stored?.message ?? (await findTenantMessage(ctx.db, event.tenantId, event.messageId));
      if (!message || message.fromMe || message.ticketId === null) return;
      if (!(await channelPushesMessages(ctx.db, event.tenantId, message.channelId))) return;
      const view = event.stored?.view ?? (await getTicketView(ctx.db, event.tenantId, message.ticketId));
      if (!view) return;
      const ticketId = message.ticketId;
      const payload: PushPayload = {
        kind: 'message',
        ticketId,
        title: view.contactName,
        body: excerpt(message.body) || (message.mediaType ? (MEDIA_SYMBOLS[message.mediaType] ?? '📎') : ''),
        url: `/#/atendimento/${ticketId}`,
        tag: `ticket-${ticketId}`,
      };
      // The customer's own words: the same push in every language.
      await queuePush(ctx, event.tenantId, await pushAudience(ctx, event.tenantId, ticketId), () => payload);
      return;
    }
    if (event.type === 'note.created') {
      const mentioned = [...new Set(event.mentionedUserIds)].filter((userId) => userId !== event.authorId);
      if (mentioned.length === 0) return;
      const author = await findUserAsActor(ctx.db, event.tenantId, event.authorId);
      await queuePush(ctx, event.tenantId, await pushAudience(ctx, event.tenantId, event.ticketId, mentioned), (language) => ({
        kind: 'mention',
        ticketId: event.ticketId,
        title: excerpt(NOTIFICATION_TEXTS[language].mentionTitle(author?.name ?? NOTIFICATION_TEXTS[language].someone)),
        body: excerpt(event.excerpt),
        url: `/#/atendimento/${event.ticketId}`,
        tag: `mention-${event.noteId}`,
      }));
    }
  },
};

/**
 * One push job per language among the users' subscriptions: each browser gets the push worded in
 * its own subscription's language (one user's browsers may differ).
 */
async function queuePush(
  ctx: AppContext,
  tenantId: number,
  userIds: number[],
  payloadIn: (language: Language) => PushPayload,
): Promise<void> {
  const byLanguage = new Map<Language, number[]>();
  for (const subscription of await listSubscriptionsOfUsers(ctx.db, tenantId, userIds)) {
    byLanguage.set(subscription.language, [...(byLanguage.get(subscription.language) ?? []), subscription.id]);
  }
  for (const [language, subscriptionIds] of byLanguage) {
    await ctx.jobs.send('webPush.send', { tenantId, subscriptionIds, payload: payloadIn(language), try: 1 });
  }
}
