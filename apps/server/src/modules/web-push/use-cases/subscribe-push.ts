import type { PushSubscriptionBody } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { upsertPushSubscription, type PushSubscriptionRow } from '../web-push.repository.js';
import { notePushSubscriber } from './tenant-push-hint.js';

/**
 * POST /push/subscriptions: this browser's push subscription, for the signed-in user, and the
 * language its pushes are worded in (the web app posts it again when the user changes language).
 * The server will POST to its endpoint, an address the client chose: it must be https (http only
 * where private networks are allowed: the local push-service simulator) and pass the outbound
 * address policy.
 */
export async function subscribePush(
  ctx: AppContext,
  actor: Actor,
  body: PushSubscriptionBody,
  userAgent: string | null,
): Promise<PushSubscriptionRow> {
  await assertPushEndpoint(ctx, body.endpoint);
  const row = await upsertPushSubscription(ctx.db, actor.tenantId, actor.userId, {
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
    language: body.language,
  });
  notePushSubscriber(ctx, actor.tenantId);
  return row;
}

/** A push service's address the server will POST to: https (http only where private networks are allowed) and the outbound address policy. */
export async function assertPushEndpoint(ctx: AppContext, endpoint: string, field = 'endpoint'): Promise<void> {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && !ctx.outbound.allowPrivateNetworks)
    throw new AppError('ERR_VALIDATION', 'A push service address is https.', { [field]: ['Must be an https URL.'] });
  const problem = await ctx.outbound.problemWith(endpoint);
  if (problem) throw new AppError('ERR_VALIDATION', problem, { [field]: [problem] });
}
