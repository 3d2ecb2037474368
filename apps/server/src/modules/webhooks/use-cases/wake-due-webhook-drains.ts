import type { AppContext } from '../../../app-context.js';
import { findConfigsWithDueDeliveries } from '../webhooks.repository.js';
import { wakeWebhookDrain } from './drain-webhook-deliveries.js';

/** Configurations woken per sweep (the next sweep takes the rest). */
const SWEEP_LIMIT = 1_000;

/**
 * Wakes the drain of every configuration with a delivery due and free now. Drains wake themselves
 * (on new deliveries, on a resend, for the next retry); this catches what no wake-up covers: a
 * database failure between a record and the next wake-up, and deliveries queued before drains existed.
 */
export async function wakeDueWebhookDrains(ctx: AppContext): Promise<number> {
  const configs = await findConfigsWithDueDeliveries(ctx.db, SWEEP_LIMIT);
  for (const { tenantId, apiConfigId } of configs) await wakeWebhookDrain(ctx, tenantId, apiConfigId);
  return configs.length;
}
