import type { AppContext } from '../../../../app-context.js';
import type { ChannelRow } from '../../channels.repository.js';
import { historyImportSettingsOf } from '../../history-import.js';
import {
  importChatHistory,
  readPastMessages,
  type HistoryImportResult,
  type PastChat,
  type PastMessage,
} from '../../use-cases/import-chat-history.js';
import { bodyAndMediaOf, chatOf, contentOf, timestampOf, type EvolutionChat, type MessageContent } from './evolution.messages.js';
import { evolutionMessageSchema, type EvolutionMessage } from './evolution.schemas.js';

interface Candidate {
  data: EvolutionMessage;
  content: MessageContent;
  past: PastMessage;
}

/**
 * MESSAGES_SET: one chunk of the phone's history sync, as Evolution's 'messaging-history.set'
 * handler forwards it (whatsapp.baileys.service.ts: `sendDataWebhook(Events.MESSAGES_SET,
 * [...messagesRaw])`, each message through prepareMessage, without base64). With the channel's
 * importOldMessages on, its messages become past conversations (importChatHistory): grouped by
 * chat, groups only with importGroups, reduced to the day range and the newest historySyncLimit
 * per chat before any file is downloaded, and without the messages already stored (a repeated
 * chunk downloads and adds nothing). Answered once every chat is committed. Off: nothing stored.
 */
export async function importEvolutionHistory(
  ctx: AppContext,
  channel: ChannelRow,
  items: unknown[],
): Promise<HistoryImportResult | undefined> {
  const settings = historyImportSettingsOf(channel.settings);
  if (!settings.importOldMessages) return undefined;

  const byChat = new Map<string, { chat: EvolutionChat; candidates: Candidate[] }>();
  let invalid = 0;
  for (const item of items) {
    const parsed = evolutionMessageSchema.safeParse(item);
    if (!parsed.success) {
      // History is best effort: one odd message does not cost the chunk.
      invalid += 1;
      continue;
    }
    const data = parsed.data;
    const timestamp = timestampOf(data.messageTimestamp);
    const content = data.message ? contentOf(data.message) : undefined;
    if (!timestamp || !content) continue;
    const chat = await chatOf(ctx, channel, data, settings.importGroups === true);
    if (!chat) continue;
    const entry = byChat.get(chat.id) ?? { chat, candidates: [] };
    // A one-to-one chat is named after the customer's own push name, whichever message carries it.
    if (!entry.chat.contact.isGroup && entry.chat.contact.name === chat.id && chat.contact.name !== chat.id)
      entry.chat = { ...entry.chat, contact: chat.contact };
    entry.candidates.push({
      data,
      content,
      past: { externalId: data.key.id, body: content.body, timestamp, fromMe: data.key.fromMe === true, senderName: chat.senderName },
    });
    byChat.set(chat.id, entry);
  }
  if (invalid > 0) ctx.logger.warn({ channelId: channel.id, invalid }, 'evolution history messages not understood');

  const chats: PastChat[] = [];
  for (const { chat, candidates } of byChat.values()) {
    const messages = await readPastMessages(ctx, channel, candidates, (candidate) =>
      bodyAndMediaOf(ctx, channel, candidate.data, candidate.content, 'history'),
    );
    if (messages.length > 0) chats.push({ contact: chat.contact, messages });
  }
  return importChatHistory(ctx, channel, chats);
}
