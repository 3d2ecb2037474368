import type { ReadableStream } from 'node:stream/web';
import { WEBHOOK_HEADERS } from '@conversa/shared';
import type { Response } from 'undici';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { webhookTargetForAttempt } from '../../external-api/use-cases/webhook-targets.js';
import { retryDelaySeconds } from '../webhook-backoff.js';
import { signWebhook } from '../webhook-signature.js';
import {
  claimDelivery,
  findDelivery,
  findFirstPendingOfTicket,
  recordAttempt,
  type AttemptOutcome,
  waitsForUnhandledEvent,
  type WebhookDeliveryRow,
} from '../webhooks.repository.js';
import { webhookEventId } from '../webhooks.presenter.js';

/** How much of a receiver's answer is kept (the log shows it; nothing more is stored). */
const EXCERPT_CHARS = 500;
/** An attempt holds its delivery this long beyond the request's timeout (a crashed attempt's claim runs out). */
const CLAIM_MARGIN_SECONDS = 20;
/** How soon a delivery waiting for an earlier event of its ticket (still being relayed) looks again. */
const UNHANDLED_EVENT_WAIT_MS = 200;

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
async function post(ctx: AppContext, url: string, secret: string, delivery: WebhookDeliveryRow): Promise<AttemptOutcome> {
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
 * One attempt of a delivery (the `webhooks.deliver` job). It runs only when the delivery is pending,
 * due, not held by another attempt, and first of its ticket for its configuration (no earlier
 * delivery pending, no earlier event of the ticket still being turned into deliveries); then it POSTs
 * the body (outbound address policy at connection time: a name that now resolves to a private
 * address is refused; WEBHOOK_TIMEOUT_MS), records the outcome (2xx delivered; otherwise another
 * attempt after the backoff, or failed past the retry window) and, once the delivery is settled,
 * queues the next pending delivery of the same ticket. At least once: a crash after the POST and
 * before the record makes it run again (receivers dedupe by event id).
 */
export async function attemptWebhookDelivery(ctx: AppContext, tenantId: number, deliveryId: string): Promise<void> {
  const claimSeconds = Math.ceil(ctx.env.WEBHOOK_TIMEOUT_MS / 1000) + CLAIM_MARGIN_SECONDS;
  const delivery = await claimDelivery(ctx.db, tenantId, deliveryId, claimSeconds);
  if (!delivery) {
    // Held by an attempt elsewhere: look again when its claim runs out (a crashed one's never renews).
    // Settled, not due (its own job is scheduled) or waiting for an earlier one (which wakes it): nothing to do.
    const current = await findDelivery(ctx.db, tenantId, deliveryId);
    if (current?.state !== 'pending') return;
    if (current.claimedUntil && current.claimedUntil > new Date())
      await ctx.jobs.send('webhooks.deliver', { tenantId, deliveryId }, { startAfter: current.claimedUntil });
    // An earlier event of its ticket is being handled (relayed concurrently): look again shortly.
    else if (current.ticketId !== null && (await waitsForUnhandledEvent(ctx.db, tenantId, deliveryId)))
      await ctx.jobs.send('webhooks.deliver', { tenantId, deliveryId }, { startAfter: new Date(Date.now() + UNHANDLED_EVENT_WAIT_MS) });
    return;
  }
  const target = await webhookTargetForAttempt(ctx, tenantId, delivery.apiConfigId);
  if (!target) return; // the configuration was deleted (its deliveries with it)
  const outcome: AttemptOutcome =
    target.active && target.webhookUrl
      ? await post(ctx, target.webhookUrl, target.secret, delivery)
      : {
          delivered: false,
          statusCode: null,
          error: 'Not sent: the API configuration is inactive or has no webhook URL.',
          responseExcerpt: null,
        };
  const retrySeconds = retryDelaySeconds(delivery.attempts + 1, ctx.env.WEBHOOK_RETRY_FIRST_SECONDS);
  // An event of no ticket delivered: one statement, nothing follows it.
  if (outcome.delivered && delivery.ticketId === null) {
    await recordAttempt(ctx.db, tenantId, deliveryId, outcome, retrySeconds);
    return;
  }
  await transact(ctx, async (tx) => {
    const recorded = await recordAttempt(tx, tenantId, deliveryId, outcome, retrySeconds);
    if (!recorded) return;
    if (recorded.state === 'pending') {
      await ctx.jobs.send('webhooks.deliver', { tenantId, deliveryId }, { tx, startAfter: recorded.nextAttemptAt });
      return;
    }
    if (recorded.ticketId === null) return;
    // Settled: the ticket's next event may go.
    const next = await findFirstPendingOfTicket(tx, recorded.apiConfigId, recorded.ticketId);
    if (next)
      await ctx.jobs.send('webhooks.deliver', { tenantId: next.tenantId, deliveryId: next.id }, { tx, startAfter: next.nextAttemptAt });
  });
  if (!outcome.delivered)
    ctx.logger.info({ deliveryId, apiConfigId: delivery.apiConfigId, error: outcome.error }, 'webhook delivery attempt failed');
}
