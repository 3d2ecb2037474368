import { z } from 'zod';
import type { AppContext } from '../../../../app-context.js';
import { defineJob } from '../../../../platform/jobs/define-job.js';
import { advanceChannelSettingsCursor, findChannelById, type ChannelRow } from '../../channels.repository.js';
import { callBot, TelegramApiError } from './telegram.client.js';
import { ingestTelegramUpdate } from './telegram.inbound.js';
import { TELEGRAM_ALLOWED_UPDATES, telegramUpdateSchema, type TelegramSettings } from './telegram.schemas.js';
import { readTelegramSettings } from './telegram.settings.js';

/** Where the next getUpdates starts: the last processed update_id + 1, kept in the channel's settings. */
export const POLL_OFFSET_KEY = 'pollOffset';
const POLL_JOB = 'telegram.poll';
/** Wait before polling again after a refusal (409 Conflict, 5xx, network). */
const BACKOFF_SECONDS = 5;

export const pollSingletonKey = (channelId: number) => `telegram-poll:${channelId}`;

/** Enqueues the channel's next poll; the queue keeps at most one waiting and one running per channel. */
export async function schedulePoll(ctx: AppContext, channel: Pick<ChannelRow, 'id' | 'tenantId'>, delaySeconds = 0): Promise<void> {
  await ctx.jobs.send(
    POLL_JOB,
    { tenantId: channel.tenantId, channelId: channel.id },
    { singletonKey: pollSingletonKey(channel.id), ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}) },
  );
}

function storedOffset(channel: ChannelRow): number | undefined {
  const value = channel.settings?.[POLL_OFFSET_KEY];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function pollingSettings(ctx: AppContext, channel: ChannelRow | undefined): TelegramSettings | undefined {
  if (!channel || channel.type !== 'telegram' || channel.status !== 'connected') return undefined;
  try {
    const settings = readTelegramSettings(ctx, channel);
    return settings.mode === 'polling' ? settings : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One long poll of a Telegram channel in polling mode: getUpdates from the persisted offset, each
 * Update through the webhook's parser, the offset advanced after each one is committed, then the
 * next poll enqueued — while the channel stays connected in polling mode (stop ends the loop). The
 * 'stately' queue and a singletonKey per channel keep two nodes from polling one bot at once; a 409
 * Conflict (another getUpdates elsewhere, or a webhook set) waits and tries again.
 */
export const telegramPollJob = defineJob({
  name: POLL_JOB,
  schema: z.object({ tenantId: z.number().int(), channelId: z.number().int() }),
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: BACKOFF_SECONDS,
  concurrency: 20,
  pollingIntervalSeconds: 1,
  async handler(ctx, { tenantId, channelId }) {
    let channel = await findChannelById(ctx.db, tenantId, channelId);
    const settings = pollingSettings(ctx, channel);
    if (!channel || !settings) return;
    let delay = 0;
    try {
      const offset = storedOffset(channel);
      const raw = await callBot<unknown[]>(ctx, settings, 'getUpdates', {
        ...(offset !== undefined ? { offset } : {}),
        timeout: settings.pollTimeoutSeconds,
        allowed_updates: TELEGRAM_ALLOWED_UPDATES,
      });
      // Stopped or switched to webhook while this poll waited: leave the updates unconfirmed.
      channel = await findChannelById(ctx.db, tenantId, channelId);
      if (!pollingSettings(ctx, channel) || !channel) return;
      for (const item of Array.isArray(raw) ? raw : []) {
        const parsed = telegramUpdateSchema.safeParse(item);
        if (!parsed.success) {
          const id = (item as { update_id?: unknown } | null)?.update_id;
          ctx.logger.warn({ channelId, updateId: id }, 'telegram getUpdates: unreadable update skipped');
          if (typeof id === 'number' && Number.isSafeInteger(id))
            await advanceChannelSettingsCursor(ctx.db, tenantId, channelId, POLL_OFFSET_KEY, id + 1);
          continue;
        }
        await ingestTelegramUpdate(ctx, channel, settings, parsed.data);
        await advanceChannelSettingsCursor(ctx.db, tenantId, channelId, POLL_OFFSET_KEY, parsed.data.update_id + 1);
      }
    } catch (error) {
      if (error instanceof TelegramApiError && (error.errorCode === 401 || error.errorCode === 404)) {
        ctx.logger.warn({ channelId, err: error }, 'telegram getUpdates: the token was refused; polling stops');
        return;
      }
      if (error instanceof TelegramApiError && error.errorCode === 409) {
        ctx.logger.warn({ channelId, description: error.description }, 'telegram getUpdates: 409 Conflict; polling again later');
      } else {
        ctx.logger.warn({ channelId, err: error }, 'telegram getUpdates failed; polling again later');
      }
      delay = error instanceof TelegramApiError && error.errorCode === 429 ? (error.retryAfter ?? BACKOFF_SECONDS) : BACKOFF_SECONDS;
    }
    await schedulePoll(ctx, { id: channelId, tenantId }, delay);
  },
});

declare module '../../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    [POLL_JOB]: z.input<typeof telegramPollJob.schema>;
  }
}
