import type { AppContext } from '../../../app-context.js';
import { purgeSettledDeliveries } from '../webhooks.repository.js';

/** Delivered and failed deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS go (pending ones stay until settled). */
export function purgeWebhookDeliveries(ctx: AppContext): Promise<number> {
  return purgeSettledDeliveries(ctx.db, new Date(Date.now() - ctx.env.WEBHOOK_DELIVERY_RETENTION_DAYS * 86_400_000));
}
