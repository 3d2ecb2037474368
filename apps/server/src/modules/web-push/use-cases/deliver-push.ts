import type { PushPayload } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { sendPush } from '../push-sender.js';
import { deletePushSubscription, findPushSubscriptions, markPushed } from '../web-push.repository.js';

export const MAX_PUSH_TRIES = 4;
const RETRY_DELAY_SECONDS = [0, 15, 60, 300];

/**
 * Sends one push to each of these subscriptions, in order. A subscription the push service answers
 * 404/410 for is deleted (expired or revoked in the browser); one it cannot take now (network, 429,
 * 5xx) is tried again later, alone, up to MAX_PUSH_TRIES; one refused otherwise is left alone.
 */
export async function deliverPush(
  ctx: AppContext,
  data: { tenantId: number; subscriptionIds: number[]; payload: PushPayload; try: number },
): Promise<void> {
  const retry: number[] = [];
  for (const subscription of await findPushSubscriptions(ctx.db, data.tenantId, data.subscriptionIds)) {
    const outcome = await sendPush(ctx, subscription, data.payload);
    if (outcome === 'sent') await markPushed(ctx.db, data.tenantId, subscription.id);
    else if (outcome === 'gone') await deletePushSubscription(ctx.db, data.tenantId, subscription.id);
    else if (outcome === 'retry') retry.push(subscription.id);
  }
  if (retry.length && data.try < MAX_PUSH_TRIES) {
    const delay = RETRY_DELAY_SECONDS[data.try] ?? 300;
    await ctx.jobs.send(
      'webPush.send',
      { tenantId: data.tenantId, subscriptionIds: retry, payload: data.payload, try: data.try + 1 },
      { startAfter: new Date(Date.now() + delay * 1000) },
    );
  }
}
