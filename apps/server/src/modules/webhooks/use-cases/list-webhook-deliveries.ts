import { WEBHOOK_DELIVERY_PAGE_SIZE, type WebhookDeliveryState } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { findWebhookTarget } from '../../external-api/use-cases/webhook-targets.js';
import { listDeliveries, type WebhookDeliveryRow } from '../webhooks.repository.js';

/** A page of a configuration's deliveries, newest first, optionally of one state (404 for a configuration not of the tenant). */
export async function listWebhookDeliveries(
  ctx: AppContext,
  actor: Actor,
  apiConfigId: string,
  query: { page: number; status?: WebhookDeliveryState },
): Promise<{ deliveries: WebhookDeliveryRow[]; hasMore: boolean }> {
  await findWebhookTarget(ctx, actor.tenantId, apiConfigId);
  const rows = await listDeliveries(
    ctx.db,
    actor.tenantId,
    apiConfigId,
    query.status,
    (query.page - 1) * WEBHOOK_DELIVERY_PAGE_SIZE,
    WEBHOOK_DELIVERY_PAGE_SIZE + 1,
  );
  return { deliveries: rows.slice(0, WEBHOOK_DELIVERY_PAGE_SIZE), hasMore: rows.length > WEBHOOK_DELIVERY_PAGE_SIZE };
}
