import type { AppContext } from '../../../../app-context.js';
import type { DomainEvent } from '../../../../platform/events/domain-events.js';
import type { Realtime } from '../../../../platform/realtime/realtime.js';
import { rooms } from '../../../../platform/realtime/rooms.js';
import { visitorIdOfContactKey } from './visitor-auth.js';
import { presentVisitorMessage } from './webchat.presenter.js';
import { findMessageAudience } from './webchat.repository.js';
import { WEBCHAT_EVENTS, WEBCHAT_NAMESPACE } from './webchat.schemas.js';

/**
 * After commit, a new message of a web-chat ticket is pushed to all of the visitor's sockets: the
 * visitor's own (its other tabs show it; the sending tab gets its ack even if the HTTP answer was
 * lost), and Conversa's (agents, bot, greetings…), which web chat delivers by storing them
 * (ChannelAdapter.deliversOnStore). Messages of other channels are not the visitor's business.
 */
export function pushVisitorMessages(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe(async (event: DomainEvent) => {
    if (event.type !== 'message.created') return;
    const found = event.stored ?? (await findMessageAudience(ctx.db, event.tenantId, event.messageId));
    if (!found || found.channelType !== 'webchat') return;
    // A message queued for a send job (before deliversOnStore, or a resend) reaches the visitor through the adapter's send.
    if (found.message.fromMe && found.message.status === 'pending') return;
    const visitorId = visitorIdOfContactKey(found.contactKey);
    if (!visitorId) return;
    realtime.emit(WEBCHAT_NAMESPACE, [rooms.visitor(visitorId)], WEBCHAT_EVENTS.message, presentVisitorMessage(found.message, ctx.media));
  });
}
