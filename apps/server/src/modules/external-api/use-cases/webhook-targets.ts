import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findApiConfigRow, listWebhookTargets as listWebhookTargetRows } from '../external-api.repository.js';
import { ensureWebhookSecrets, openWebhookSecret } from './webhook-settings.js';

/** What the webhooks module needs of a configuration (it uses this module through these use cases only). */
export interface WebhookTarget {
  id: string;
  tenantId: number;
  active: boolean;
  webhookUrl: string | null;
}

/** The tenant's active configurations with a webhook URL: each gets a delivery of every event. */
export async function listWebhookTargets(ctx: AppContext, tenantId: number): Promise<WebhookTarget[]> {
  return (await listWebhookTargetRows(ctx.db, tenantId)).map(({ id, active, webhookUrl }) => ({ id, tenantId, active, webhookUrl }));
}

/** A configuration of the tenant (404 ERR_NO_API_CONFIG_FOUND otherwise: another tenant's id is unknown here). */
export async function findWebhookTarget(ctx: AppContext, tenantId: number, id: string): Promise<WebhookTarget> {
  const row = await findApiConfigRow(ctx.db, tenantId, id);
  if (!row) throw new AppError('ERR_NO_API_CONFIG_FOUND');
  return { id: row.id, tenantId, active: row.active, webhookUrl: row.webhookUrl };
}

/** A configuration as an attempt reads it (URL, active, the secret in clear); undefined once deleted. */
export async function webhookTargetForAttempt(
  ctx: AppContext,
  tenantId: number,
  id: string,
): Promise<(WebhookTarget & { secret: string }) | undefined> {
  const row = await findApiConfigRow(ctx.db, tenantId, id);
  if (!row) return undefined;
  const [withSecret] = await ensureWebhookSecrets(ctx, ctx.db, [row]);
  return { id, tenantId, active: row.active, webhookUrl: row.webhookUrl, secret: openWebhookSecret(ctx, withSecret.webhookSecret!) };
}
