import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { rooms } from '../../../../platform/realtime/rooms.js';
import { findMessageById } from '../../../messages/use-cases/find-message-by-id.js';
import { setChannelStatus, type ChannelRow } from '../../channels.repository.js';
import type { ChannelAdapter, OutboundMessage, SendResult } from '../channel-adapter.js';
import { visitorIdOfContactKey } from './visitor-auth.js';
import { presentVisitorMessage } from './webchat.presenter.js';
import { WEBCHAT_EVENTS, WEBCHAT_NAMESPACE, webchatSettingsSchema, type WebchatSettings } from './webchat.schemas.js';

/** Sockets of a channel's visitors (server-assigned, so a stopped channel can drop them). */
export const webchatChannelRoom = (tenantId: number, channelId: number) => `tenant:${tenantId}:webchat:${channelId}`;

function visitorOf(contact: OutboundMessage['contact']): string {
  const visitorId = visitorIdOfContactKey(contact.externalKey);
  // Not a web-chat visitor (a contact moved here from another channel): no retry can fix it.
  if (!visitorId) throw new AppError('ERR_WAPP_INVALID_CONTACT', 'This contact is not a web-chat visitor.');
  return visitorId;
}

async function setStatus(ctx: AppContext, channel: ChannelRow, status: 'connected' | 'disconnected'): Promise<void> {
  await setChannelStatus(ctx.db, channel.tenantId, channel.id, status, { qrcode: null, retries: 0 });
  ctx.events.publish([{ type: 'channel.session', tenantId: channel.tenantId, channelId: channel.id }]);
}

/** Pushes to the visitor's sockets; a visitor offline (or a process without sockets) catches up from history. */
function pushToVisitor(ctx: AppContext, visitorId: string, event: string, payload: unknown): void {
  ctx.realtime?.emit(WEBCHAT_NAMESPACE, [rooms.visitor(visitorId)], event, payload);
}

/**
 * The web-chat channel: the "provider" is Conversa itself. Visitors reach the shared inbound
 * pipeline through the web-chat routes; agents' messages are delivered to the visitor's socket
 * room. The channel has no session to open: started means connected.
 */
export const webchatAdapter: ChannelAdapter<WebchatSettings> = {
  type: 'webchat',
  settingsSchema: webchatSettingsSchema,
  // Stored and pushed (push-visitor-messages): delivery to the visitor's room is the send. A contact
  // that is no visitor (moved here from another channel) goes to the send job, which refuses it.
  deliversOnStore: (contact) => visitorIdOfContactKey(contact.externalKey) !== undefined,

  async start(ctx, channel) {
    await setStatus(ctx, channel, 'connected');
  },

  async stop(ctx, channel) {
    await setStatus(ctx, channel, 'disconnected');
    ctx.realtime?.disconnectRoom(WEBCHAT_NAMESPACE, webchatChannelRoom(channel.tenantId, channel.id));
  },

  async send(ctx, channel, message): Promise<SendResult> {
    const visitorId = visitorOf(message.contact);
    const row = await findMessageById(ctx.db, channel.tenantId, message.messageId);
    if (!row) throw new AppError('ERR_NO_MESSAGE_FOUND');
    // A resend (or a message queued before deliversOnStore): pushed to the visitor's room.
    pushToVisitor(ctx, visitorId, WEBCHAT_EVENTS.message, presentVisitorMessage(row, ctx.media, { status: 'sent' }));
    return { externalId: `out:${message.messageId}`, status: 'sent' };
  },

  async editMessage(ctx, channel, message, body) {
    const visitorId = visitorOf(message.contact);
    const row = await findMessageById(ctx.db, channel.tenantId, message.messageId);
    if (row) pushToVisitor(ctx, visitorId, WEBCHAT_EVENTS.messageUpdate, presentVisitorMessage(row, ctx.media, { body, edited: true }));
  },

  async deleteMessage(ctx, channel, message) {
    const visitorId = visitorOf(message.contact);
    const row = await findMessageById(ctx.db, channel.tenantId, message.messageId);
    if (row) pushToVisitor(ctx, visitorId, WEBCHAT_EVENTS.messageUpdate, presentVisitorMessage(row, ctx.media, { deleted: true }));
  },
};
