import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import type { ChannelRow } from '../../channels.repository.js';
import { historyImportSettingsOf } from '../../history-import.js';
import {
  importChatHistory,
  readPastMessages,
  type HistoryImportResult,
  type PastChat,
  type PastMessage,
} from '../../use-cases/import-chat-history.js';
import { bodyAndMediaOf, contactOf, contentOf, senderNameOf, type MeowMessageContent } from './meow.messages.js';
import { meowHistorySyncEventSchema, meowWebMessageInfoSchema } from './meow.schemas.js';

interface Candidate {
  content: MeowMessageContent;
  past: PastMessage;
}

function timestampOf(value: number | string | null | undefined): Date | undefined {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : undefined;
}

/**
 * HistorySync: one chunk of the phone's history sync, as WuzAPI posts whatsmeow's
 * events.HistorySync (wmiau.go: `postmap["type"] = "HistorySync"`, `postmap["event"] = rawEvt`,
 * JSON-encoded by Go: { Data: { syncType, conversations: [{ ID, name, messages: [{ message:
 * WebMessageInfo }] }], pushnames } }). With the channel's importOldMessages on, its conversations
 * become past conversations (importChatHistory): groups only with importGroups (named after the
 * conversation's name, the group's subject), reduced to the day range and the newest
 * historySyncLimit per chat before any file is downloaded, and without the messages already
 * stored (a repeated chunk downloads and adds nothing). Files are fetched through WuzAPI's
 * /chat/download* (history carries none inline); one that cannot be is said in the text.
 * Answered once every chat is committed. Off: undefined, nothing stored.
 */
export async function importMeowHistory(ctx: AppContext, channel: ChannelRow, event: unknown): Promise<HistoryImportResult | undefined> {
  const settings = historyImportSettingsOf(channel.settings);
  if (!settings.importOldMessages) return undefined;
  const parsed = meowHistorySyncEventSchema.safeParse(event);
  if (!parsed.success)
    throw new AppError('ERR_VALIDATION', 'Invalid HistorySync event.', {
      event: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    });
  const { conversations, pushnames } = parsed.data.Data;
  const pushNameOf = new Map((pushnames ?? []).filter((p) => p.ID && p.pushname?.trim()).map((p) => [p.ID!, p.pushname!.trim()]));

  const chats: PastChat[] = [];
  let invalid = 0;
  for (const conversation of conversations ?? []) {
    const candidates: Candidate[] = [];
    let customerName: string | undefined;
    for (const item of conversation.messages ?? []) {
      const message = meowWebMessageInfoSchema.safeParse(item.message);
      if (!message.success) {
        // History is best effort: one odd message does not cost the chunk.
        invalid += 1;
        continue;
      }
      const { key, pushName, participant } = message.data;
      const fromMe = key.fromMe === true;
      const timestamp = timestampOf(message.data.messageTimestamp);
      const content = message.data.message ? contentOf(message.data.message) : undefined;
      if (!timestamp || !content) continue;
      // A one-to-one chat is named after the customer's own push name (not the phone's, on its own messages).
      if (!fromMe && pushName?.trim()) customerName ??= pushName.trim();
      candidates.push({
        content,
        past: {
          externalId: key.ID,
          body: content.body,
          timestamp,
          fromMe,
          senderName: senderNameOf(fromMe, pushName, [key.participant, participant]),
        },
      });
    }
    if (candidates.length === 0) continue;
    const contact = await contactOf(ctx, channel, conversation.ID, {
      alternates: [conversation.pnJID],
      name: customerName ?? pushNameOf.get(conversation.ID) ?? conversation.name ?? conversation.displayName,
      groupName: conversation.name,
      groups: settings.importGroups === true,
    });
    if (!contact) continue;
    for (const candidate of candidates) if (!contact.isGroup) candidate.past.senderName = undefined;

    const messages = await readPastMessages(ctx, channel, candidates, (candidate) =>
      bodyAndMediaOf(ctx, channel, candidate.past.externalId, candidate.content, undefined, 'history'),
    );
    if (messages.length > 0) chats.push({ contact, messages });
  }
  if (invalid > 0) ctx.logger.warn({ channelId: channel.id, invalid }, 'wuzapi history messages not understood');
  return importChatHistory(ctx, channel, chats);
}
