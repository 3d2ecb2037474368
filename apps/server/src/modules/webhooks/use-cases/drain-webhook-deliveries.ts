import type { ReadableStream } from 'node:stream/web';
import { WEBHOOK_HEADERS } from '@conversa/shared';
import type { Response } from 'undici';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { webhookTargetForAttempt } from '../../external-api/use-cases/webhook-targets.js';
import { retryDelaySeconds } from '../webhook-backoff.js';
import { signWebhook } from '../webhook-signature.js';
import {
  claimDueDeliveries,
  findNextDrainTime,
  recordAttempts,
  type AttemptOutcome,
  type ClaimedDelivery,
} from '../webhooks.repository.js';
import { webhookEventId } from '../webhooks.presenter.js';

/** How much of a receiver's answer is kept (the log shows it; nothing more is stored). */
const EXCERPT_CHARS = 500;
/** An attempt holds its delivery this long beyond the request's timeout (a crashed attempt's claim runs out). */
const CLAIM_MARGIN_SECONDS = 20;
/** How soon a delivery waiting for an earlier event of its ticket (still being relayed) looks again. */
const UNHANDLED_EVENT_WAIT_MS = 200;
/** Deliveries one drain takes and POSTs at once (then records in one statement, and takes the next ones). */
export const WEBHOOK_DRAIN_BATCH = 50;
/** Batches of one drain in flight at once. */
const WEBHOOK_DRAIN_ROUNDS = 4;

/** The start of the answer's body; the rest is not read. */
async function excerptOf(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body cut off after the status: the status decides.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return text ? text.slice(0, EXCERPT_CHARS) : null;
}

/** What went wrong, in words for the log (undici hides the reason, e.g. the address policy's refusal, in `cause`). */
function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'Timed out: no answer in time.';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return message.slice(0, EXCERPT_CHARS);
}

/** One POST of the delivery's body, signed with the configuration's current secret. */
async function post(ctx: AppContext, url: string, secret: string, delivery: ClaimedDelivery): Promise<AttemptOutcome> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  try {
    const response = await ctx.http(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Conversa-Webhooks/1',
        [WEBHOOK_HEADERS.event]: delivery.eventType,
        [WEBHOOK_HEADERS.eventId]: webhookEventId(delivery),
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, delivery.body),
      },
      body: delivery.body,
      signal: AbortSignal.timeout(ctx.env.WEBHOOK_TIMEOUT_MS),
    });
    const responseExcerpt = await excerptOf(response);
    const delivered = response.status >= 200 && response.status < 300;
    return { delivered, statusCode: response.status, error: delivered ? null : `HTTP ${response.status}`, responseExcerpt };
  } catch (error) {
    return { delivered: false, statusCode: null, error: reasonOf(error), responseExcerpt: null };
  }
}

/**
 * Wakes the drain of a configuration's deliveries (the `webhooks.drain` job, one queued and one
 * running per configuration on the whole platform): now, or at `startAfter`; a drain already queued
 * for later is moved up. In `tx`: it exists if and only if the transaction commits.
 */
export async function wakeWebhookDrain(
  ctx: AppContext,
  tenantId: number,
  apiConfigId: string,
  options: { tx?: Db; startAfter?: Date } = {},
): Promise<void> {
  await ctx.jobs.send('webhooks.drain', { tenantId, apiConfigId }, { singletonKey: apiConfigId, hasten: true, ...options });
}

/**
 * Sends a configuration's due deliveries (the `webhooks.drain` job). In WEBHOOK_DRAIN_ROUNDS
 * overlapping rounds, repeatedly: takes up to WEBHOOK_DRAIN_BATCH deliveries that may go now (claimDueDeliveries: due, free, first of their
 * ticket, no earlier event of the ticket still being relayed), POSTs them at once, each signed with
 * the configuration's current secret (outbound address policy at connection time: a name that now
 * resolves to a private address is refused; WEBHOOK_TIMEOUT_MS), and records the outcomes in one
 * statement (2xx delivered; otherwise another attempt after the backoff, or failed past the retry
 * window). A settled delivery lets the next one of its ticket go in the following round. When
 * nothing more may go, the drain wakes itself for the next due time. At least once: a crash after a
 * POST and before the record sends it again once its claim runs out (receivers dedupe by event id).
 */
export async function drainWebhookDeliveries(ctx: AppContext, tenantId: number, apiConfigId: string): Promise<void> {
  const claimSeconds = Math.ceil(ctx.env.WEBHOOK_TIMEOUT_MS / 1000) + CLAIM_MARGIN_SECONDS;
  let deleted = false;
  // Rounds overlap (a slow receiver's answers do not hold the next batch back); claims never share a
  // delivery, and a ticket's next delivery is not taken while its earlier one is still pending.
  // A round that took a full batch starts another one (up to WEBHOOK_DRAIN_ROUNDS): a short queue
  // costs no empty claims.
  const running = new Set<Promise<void>>();
  const startRound = () => {
    if (running.size >= WEBHOOK_DRAIN_ROUNDS) return;
    const round = rounds().finally(() => running.delete(round));
    running.add(round);
  };
  const rounds = async () => {
    for (;;) {
      const claimed = await claimDueDeliveries(ctx.db, tenantId, apiConfigId, WEBHOOK_DRAIN_BATCH, claimSeconds);
      if (!claimed.length || deleted) return;
      const full = claimed.length === WEBHOOK_DRAIN_BATCH;
      if (full) startRound();
      const target = await webhookTargetForAttempt(ctx, tenantId, apiConfigId);
      if (!target) {
        deleted = true; // the configuration was deleted (its deliveries with it)
        return;
      }
      const attempts = await Promise.all(
        claimed.map(async (delivery) => {
          const outcome: AttemptOutcome =
            target.active && target.webhookUrl
              ? await post(ctx, target.webhookUrl, target.secret, delivery)
              : {
                  delivered: false,
                  statusCode: null,
                  error: 'Not sent: the API configuration is inactive or has no webhook URL.',
                  responseExcerpt: null,
                };
          if (!outcome.delivered)
            ctx.logger.info({ deliveryId: delivery.id, apiConfigId, error: outcome.error }, 'webhook delivery attempt failed');
          return { id: delivery.id, outcome, retrySeconds: retryDelaySeconds(delivery.attempts + 1, ctx.env.WEBHOOK_RETRY_FIRST_SECONDS) };
        }),
      );
      await recordAttempts(ctx.db, tenantId, attempts);
      // What was not claimable then (made since: each new delivery wakes the drain again) goes in the
      // next drain; only a full batch, or a settled delivery of a ticket (its next one may go now), calls for another claim.
      if (!full && claimed.every((delivery) => delivery.ticketId === null)) return;
    }
  };
  startRound();
  while (running.size > 0) await Promise.all([...running]);
  if (deleted) return;
  const next = await findNextDrainTime(ctx.db, tenantId, apiConfigId);
  if (!next) return;
  // Due but not taken: held by a crashed drain until its claim runs out (then `next` is later), or
  // waiting for an earlier event of its ticket that is still being relayed: look again shortly.
  const startAfter = next.getTime() > Date.now() ? next : new Date(Date.now() + UNHANDLED_EVENT_WAIT_MS);
  await wakeWebhookDrain(ctx, tenantId, apiConfigId, { startAfter });
}
