import type { FormData } from 'undici';
import { createOutboundForm } from '../../../../platform/http/outbound-http.js';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { setChannelStatus, type ChannelRow } from '../../channels.repository.js';
import type { ChannelAdapter, OutboundMessage, SendResult } from '../channel-adapter.js';
import { perApp } from '../../../../platform/app-state.js';
import { Throttle } from '../throttle.js';
import { callBot, normaliseTelegramError, TelegramApiError, TelegramRateLimitedError } from './telegram.client.js';
import { chatIdOfContactKey, parseTelegramExternalId, telegramExternalId } from './telegram.inbound.js';
import { schedulePoll } from './telegram-poll.job.js';
import { telegramWebhookRoutes } from './telegram.routes.js';
import { TELEGRAM_ALLOWED_UPDATES, TELEGRAM_LIMITS, telegramSettingsSchema, type TelegramSettings } from './telegram.schemas.js';
import { readTelegramSettings } from './telegram.settings.js';
import type { ErrorCode } from '@conversa/shared';

/** Sends spaced per bot (~30/s) and per chat (1/s) in this process. */
const throttle = new Throttle();
/** Until when Telegram asked a bot (channel) to wait (429 parameters.retry_after), in this process. */
const cooldownOf = perApp(() => new Map<number, number>());

interface SentMessage {
  message_id: number;
  chat: { id: number };
}

export const telegramWebhookUrl = (ctx: Pick<AppContext, 'appUrl'>, channel: Pick<ChannelRow, 'publicKey'>) =>
  `${ctx.appUrl.replace(/\/+$/, '')}/webhooks/telegram/${channel.publicKey}`;

async function setStatus(ctx: AppContext, channel: ChannelRow, status: 'connected' | 'disconnected'): Promise<void> {
  await setChannelStatus(ctx.db, channel.tenantId, channel.id, status, { qrcode: null, retries: 0 });
  ctx.events.publish([{ type: 'channel.session', tenantId: channel.tenantId, channelId: channel.id }]);
}

function startFailure(error: unknown, settings: TelegramSettings): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TelegramApiError) {
    if (error.errorCode === 401 || error.errorCode === 404) {
      return new AppError('ERR_WAPP_NOT_INITIALIZED', 'Telegram refused the bot token (401 Unauthorized): check the token BotFather gave.');
    }
    return new AppError('ERR_WAPP_NOT_INITIALIZED', `Telegram refused to connect the bot: ${error.description}`);
  }
  return new AppError('ERR_WAPP_NOT_INITIALIZED', `Could not reach the Telegram Bot API at ${settings.baseUrl}.`);
}

function chatIdOf(contact: OutboundMessage['contact']): string {
  const chatId = chatIdOfContactKey(contact.externalKey);
  // A contact of another channel type (moved here): no retry can fix it.
  if (!chatId) throw new AppError('ERR_WAPP_INVALID_CONTACT', 'This contact is not a Telegram chat.');
  return chatId;
}

/** A Bot API call of a channel: waits out a 429 retry_after and maps refusals to our codes. */
async function call<T>(
  ctx: AppContext,
  channel: ChannelRow,
  settings: TelegramSettings,
  method: string,
  params: Record<string, unknown> | FormData,
  failure: ErrorCode,
): Promise<T> {
  const cooldown = cooldownOf(ctx);
  const until = cooldown.get(channel.id) ?? 0;
  if (until > Date.now()) throw new TelegramRateLimitedError(Math.ceil((until - Date.now()) / 1000));
  try {
    return await callBot<T>(ctx, settings, method, params);
  } catch (error) {
    const normalised = normaliseTelegramError(error, failure);
    if (normalised instanceof TelegramRateLimitedError) cooldown.set(channel.id, Date.now() + normalised.retryAfterSeconds * 1000);
    throw normalised;
  }
}

/** Agents' edits and deletions answer at once: a rate limit is ERR_LIMIT_MAX for them. */
function forAgent(error: unknown): unknown {
  return error instanceof TelegramRateLimitedError
    ? new AppError('ERR_LIMIT_MAX', `Telegram asks to wait ${error.retryAfterSeconds} s.`)
    : error;
}

function mediaMethod(media: NonNullable<OutboundMessage['media']>): { method: string; field: string } {
  if (media.type === 'image' && /^image\/(jpeg|png|webp)$/.test(media.mime)) return { method: 'sendPhoto', field: 'photo' };
  if (media.type === 'video' && media.mime === 'video/mp4') return { method: 'sendVideo', field: 'video' };
  // sendVoice takes OGG/Opus, MP3 and M4A: a file sent as audio (quick message) goes out as a voice message.
  if (media.type === 'audio' && (/^audio\/(ogg|opus)/.test(media.mime) || (media.voice && /^audio\/(mpeg|mp4|x-m4a)/.test(media.mime))))
    return { method: 'sendVoice', field: 'voice' };
  if (media.type === 'audio' && /^audio\/(mpeg|mp4|x-m4a)/.test(media.mime)) return { method: 'sendAudio', field: 'audio' };
  return { method: 'sendDocument', field: 'document' };
}

/**
 * Telegram bots (Bot API): updates by webhook with the secret-token header (or by long polling
 * with getUpdates, in the 'telegram.poll' job, when the server has no public URL), replies by
 * sendMessage / sendPhoto / sendDocument / sendVoice / sendAudio / sendVideo. Telegram reports no
 * delivery or read receipts to bots, so sent messages stay at 'sent'.
 */
export const telegramAdapter: ChannelAdapter<TelegramSettings> = {
  type: 'telegram',
  settingsSchema: telegramSettingsSchema,

  async start(ctx, channel) {
    const settings = readTelegramSettings(ctx, channel);
    try {
      await callBot(ctx, settings, 'getMe');
      if (settings.mode === 'polling') {
        // getUpdates answers 409 while a webhook is set; pending updates stay for the poller.
        await callBot(ctx, settings, 'deleteWebhook', { drop_pending_updates: false });
      } else {
        await callBot(ctx, settings, 'setWebhook', {
          url: telegramWebhookUrl(ctx, channel),
          secret_token: settings.webhookSecret,
          allowed_updates: TELEGRAM_ALLOWED_UPDATES,
        });
      }
    } catch (error) {
      await setStatus(ctx, channel, 'disconnected');
      throw startFailure(error, settings);
    }
    await setStatus(ctx, channel, 'connected');
    // The poll loop runs while the channel is connected in polling mode (telegram-poll.job.ts).
    if (settings.mode === 'polling') await schedulePoll(ctx, channel);
  },

  async stop(ctx, channel) {
    try {
      await callBot(ctx, readTelegramSettings(ctx, channel), 'deleteWebhook');
    } catch (error) {
      // A revoked token or an unreachable server must not keep the channel "connected" here.
      ctx.logger.warn({ err: error, channelId: channel.id }, 'telegram deleteWebhook failed');
    }
    await setStatus(ctx, channel, 'disconnected');
  },

  async send(ctx, channel, message): Promise<SendResult> {
    const settings = readTelegramSettings(ctx, channel);
    const chatId = chatIdOf(message.contact);
    const quoted = parseTelegramExternalId(message.quotedExternalId ?? null);
    const reply = quoted && quoted.chatId === chatId ? { message_id: quoted.messageId, allow_sending_without_reply: true } : undefined;

    const sendText = async (text: string, withReply: boolean) => {
      await throttle.wait(`telegram:${channel.id}`, TELEGRAM_LIMITS.perBotPerSecond);
      await throttle.wait(`telegram:${channel.id}:${chatId}`, TELEGRAM_LIMITS.perChatPerSecond);
      // Telegram takes no client message id and sends no status callbacks: an interrupted send stays unconfirmed for the agent.
      await message.claimSend?.();
      try {
        return await call<SentMessage>(
          ctx,
          channel,
          settings,
          'sendMessage',
          { chat_id: chatId, text, ...(withReply && reply ? { reply_parameters: reply } : {}) },
          'ERR_SENDING_WAPP_MSG',
        );
      } finally {
        throttle.spaceFromNow(`telegram:${channel.id}:${chatId}`, TELEGRAM_LIMITS.perChatPerSecond);
      }
    };

    if (!message.media) {
      if (message.body.length > TELEGRAM_LIMITS.textChars)
        throw new AppError('ERR_VALIDATION', `Telegram messages have at most ${TELEGRAM_LIMITS.textChars} characters.`);
      const sent = await sendText(message.body, true);
      return { externalId: telegramExternalId(sent.chat.id, sent.message_id), status: 'sent' };
    }

    const content = await ctx.media.read(message.media.key);
    if (!content) throw new AppError('ERR_SENDING_WAPP_MSG', 'The file of this message is missing.');
    const { method, field } = mediaMethod(message.media);
    const captioned = message.body.length > 0 && message.body.length <= TELEGRAM_LIMITS.captionChars;
    const form = await createOutboundForm();
    form.append('chat_id', chatId);
    if (captioned) form.append('caption', message.body);
    if (reply) form.append('reply_parameters', JSON.stringify(reply));
    form.append(field, new Blob([new Uint8Array(content)], { type: message.media.mime }), message.media.name);
    await throttle.wait(`telegram:${channel.id}`, TELEGRAM_LIMITS.perBotPerSecond);
    await throttle.wait(`telegram:${channel.id}:${chatId}`, TELEGRAM_LIMITS.perChatPerSecond);
    await message.claimSend?.();
    let sent: SentMessage;
    try {
      sent = await call<SentMessage>(ctx, channel, settings, method, form, 'ERR_SENDING_WAPP_MSG');
    } finally {
      throttle.spaceFromNow(`telegram:${channel.id}:${chatId}`, TELEGRAM_LIMITS.perChatPerSecond);
    }
    // A caption longer than Telegram takes follows the file as a text message.
    if (message.body.length > 0 && !captioned) await sendText(message.body.slice(0, TELEGRAM_LIMITS.textChars), false);
    return { externalId: telegramExternalId(sent.chat.id, sent.message_id), status: 'sent' };
  },

  async editMessage(ctx, channel, message, body) {
    const settings = readTelegramSettings(ctx, channel);
    const target = parseTelegramExternalId(message.externalId);
    if (!target) throw new AppError('ERR_FETCH_WAPP_MSG', 'This message was never sent to Telegram.');
    const params = { chat_id: target.chatId, message_id: target.messageId };
    try {
      await call(ctx, channel, settings, 'editMessageText', { ...params, text: body }, 'ERR_SENDING_WAPP_MSG');
    } catch (error) {
      // A file's text is its caption.
      if (error instanceof AppError && /no text in the message to edit/i.test(error.message)) {
        await call(ctx, channel, settings, 'editMessageCaption', { ...params, caption: body }, 'ERR_SENDING_WAPP_MSG').catch(
          (e: unknown) => {
            throw forAgent(e);
          },
        );
        return;
      }
      throw forAgent(error);
    }
  },

  async deleteMessage(ctx, channel, message) {
    const settings = readTelegramSettings(ctx, channel);
    const target = parseTelegramExternalId(message.externalId);
    if (!target) throw new AppError('ERR_DELETE_WAPP_MSG', 'This message was never sent to Telegram.');
    try {
      await call(ctx, channel, settings, 'deleteMessage', { chat_id: target.chatId, message_id: target.messageId }, 'ERR_DELETE_WAPP_MSG');
    } catch (error) {
      throw forAgent(error);
    }
  },

  webhookRoutes: telegramWebhookRoutes,
};
