import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findWebhookTarget } from '../../external-api/use-cases/webhook-targets.js';
import { markForResend, type WebhookDeliveryRow } from '../webhooks.repository.js';
import { wakeWebhookDrain } from './drain-webhook-deliveries.js';

/**
 * "Reenviar": the delivery becomes pending, due now, with a new retry window, and its
 * configuration's drain is woken (delivered or failed ones are sent again; a pending one is tried now instead of after its
 * backoff). It still waits for an earlier pending event of its ticket.
 */
export async function resendWebhookDelivery(
  ctx: AppContext,
  actor: Actor,
  apiConfigId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRow> {
  await findWebhookTarget(ctx, actor.tenantId, apiConfigId);
  return transact(ctx, async (tx) => {
    const row = await markForResend(tx, actor.tenantId, apiConfigId, deliveryId, ctx.env.WEBHOOK_RETRY_WINDOW_SECONDS);
    if (!row) throw new AppError('ERR_NO_WEBHOOK_DELIVERY_FOUND');
    await wakeWebhookDrain(ctx, actor.tenantId, apiConfigId, { tx });
    return row;
  });
}
