import type { z } from 'zod';
import { AppError } from '../../../platform/http/app-error.js';
import type { ChannelAdapter } from '../adapters/channel-adapter.js';
import {
  deleteThroughSession,
  disposeSessionQueue,
  editThroughSession,
  registerSessionDriver,
  sendThroughSession,
  startSession,
  stopSession,
  type SessionDriver,
} from './session-host.js';

/**
 * The adapter of a QR-code kind whose library runs in this server (baileys, whatsapp): the session
 * host holds the channel's session in exactly one server process and routes sends, edits and
 * deletions to it; the type's driver opens the library's connection and maps its events.
 */
export function sessionChannelAdapter<Settings>(driver: SessionDriver, settingsSchema: z.ZodType<Settings>): ChannelAdapter<Settings> {
  registerSessionDriver(driver);
  return {
    type: driver.type,
    settingsSchema,

    start: (ctx, channel) => startSession(ctx, channel),

    /** Disconnecting from Conversa logs the phone out too (a new QR code is needed to connect again). */
    stop: (ctx, channel) => stopSession(ctx, channel, { logout: true }),

    send: (ctx, channel, message) => sendThroughSession(ctx, channel, message),

    async editMessage(ctx, channel, message, body) {
      if (!message.externalId) throw new AppError('ERR_SENDING_WAPP_MSG', 'This message cannot be edited on WhatsApp.');
      await editThroughSession(ctx, channel, message.externalId, message.contact, body);
    },

    async deleteMessage(ctx, channel, message) {
      if (!message.externalId) throw new AppError('ERR_DELETE_WAPP_MSG', 'This message cannot be deleted on WhatsApp.');
      await deleteThroughSession(ctx, channel, message.externalId, message.contact);
    },

    forget: (ctx, channel) => disposeSessionQueue(ctx, channel.id),
  };
}
