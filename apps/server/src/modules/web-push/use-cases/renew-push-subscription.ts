import { timingSafeEqual } from 'node:crypto';
import type { PushRenewBody } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findPushSubscriptionByEndpoint, replacePushSubscription, type PushSubscriptionRow } from '../web-push.repository.js';
import { assertPushEndpoint } from './subscribe-push.js';

function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given.replace(/=+$/, ''));
  const b = Buffer.from(stored.replace(/=+$/, ''));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /push/subscriptions/renew, from the service worker's `pushsubscriptionchange`: the push
 * service replaced this browser's subscription (expiry, key rotation), so the worker subscribed
 * again and tells the server, which replaces the old endpoint with the new one for the same user.
 * The worker has no session token: the old endpoint with its authentication secret (RFC 8291's
 * 16-byte `auth`, made by the browser and told only to this server) is the proof. Any mismatch
 * answers 404 ERR_NO_PUSH_SUBSCRIPTION_FOUND, as an unknown endpoint does (nothing to tell apart).
 */
export async function renewPushSubscription(ctx: AppContext, body: PushRenewBody): Promise<PushSubscriptionRow> {
  const row = await findPushSubscriptionByEndpoint(ctx.db, body.oldEndpoint);
  if (!row || !sameSecret(body.oldAuth, row.auth)) throw new AppError('ERR_NO_PUSH_SUBSCRIPTION_FOUND');
  await assertPushEndpoint(ctx, body.subscription.endpoint, 'subscription.endpoint');
  const renewed = await replacePushSubscription(ctx.db, row, {
    endpoint: body.subscription.endpoint,
    p256dh: body.subscription.keys.p256dh,
    auth: body.subscription.keys.auth,
    // The worker does not know the app's language: the subscription keeps its own unless told.
    ...(body.subscription.language ? { language: body.subscription.language } : {}),
  });
  if (!renewed) throw new AppError('ERR_NO_PUSH_SUBSCRIPTION_FOUND');
  return renewed;
}
