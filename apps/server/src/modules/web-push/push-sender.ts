import { PUSH_TTL_SECONDS, type PushPayload } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import type { PushSubscriptionRow } from './web-push.repository.js';

/** What the push service answered: delivered (201), gone (404/410: the subscription is dead), retry later, or refused. */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'refused';

/**
 * One push to one browser (RFC 8030 Web Push, payload encrypted per RFC 8291 `aes128gcm`, VAPID per
 * RFC 8292), by the `web-push` library's request builder, sent through the outbound HTTP client: the
 * endpoint (chosen by the browser) is reached under the outbound address policy like any address a
 * tenant sets. Network failures, 429 and 5xx are worth a retry; 404 and 410 mean the subscription
 * expired or was revoked.
 */
export async function sendPush(ctx: AppContext, subscription: PushSubscriptionRow, payload: PushPayload): Promise<PushOutcome> {
  // Loaded by the first push, not at start.
  const { default: webpush } = await import('web-push');
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: {
        subject: ctx.secrets.vapid.subject,
        publicKey: ctx.secrets.vapid.publicKey,
        privateKey: ctx.secrets.vapid.privateKey,
      },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  let status: number;
  try {
    const response = await ctx.http(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ?? undefined,
    });
    status = response.status;
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    ctx.logger.warn({ err: error, subscriptionId: subscription.id }, 'push service unreachable');
    return 'retry';
  }
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  ctx.logger.warn({ status, subscriptionId: subscription.id }, 'push refused by the push service');
  return 'refused';
}
