import type { z } from 'zod';
import { AppError } from '../../../platform/http/app-error.js';
import type { ChannelAdapter } from '../adapters/channel-adapter.js';
import type { GroupAdmin, GroupSummary, ParticipantOutcome } from '../adapters/group-admin.js';
import {
  deleteThroughSession,
  disposeSessionQueue,
  editThroughSession,
  groupThroughSession,
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
export function sessionChannelAdapter<Settings>(
  driver: SessionDriver,
  settingsSchema: z.ZodType<Settings>,
  options: { groups?: boolean } = {},
): ChannelAdapter<Settings> {
  registerSessionDriver(driver);
  return {
    ...(options.groups ? { groups: sessionGroupAdmin } : {}),
    type: driver.type,
    settingsSchema,

    start: (ctx, channel) => startSession(ctx, channel),

    /** Disconnecting from Conversa logs the phone out too (a new QR code is needed to connect again). */
    stop: (ctx, channel) => stopSession(ctx, channel, { logout: true }),

    /** Closes the connection wherever it is held (the phone stays paired) and opens it again. */
    async restart(ctx, channel) {
      await stopSession(ctx, channel, { logout: false });
      await startSession(ctx, channel);
    },

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

/** Group operations of a session kind whose live session implements them (LiveSession.groups), routed to the session's holder. */
const sessionGroupAdmin: GroupAdmin = {
  listGroups: async (ctx, channel) => (await groupThroughSession(ctx, channel, { kind: 'list' })) as GroupSummary[],
  changeParticipants: async (ctx, channel, groupJid, numbers, change) =>
    (await groupThroughSession(ctx, channel, { kind: 'participants', groupJid, numbers, change })) as ParticipantOutcome[],
  updateGroup: async (ctx, channel, groupJid, change) => {
    await groupThroughSession(ctx, channel, { kind: 'update', groupJid, change });
  },
  deleteForEveryone: async (ctx, channel, groupJid, message) => {
    await groupThroughSession(ctx, channel, { kind: 'delete', groupJid, message });
  },
};
