import type { AppContext } from '../../../app-context.js';
import { perApp } from '../../../platform/app-state.js';
import { KeptReads, TenantChanges } from '../../../platform/cache/kept-reads.js';
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

/**
 * Every event of every tenant asks for its webhook targets (most tenants have none), so they are
 * kept in memory for TARGETS_CACHE_MS. A change made through this process (create,
 * update, delete) forgets its tenant's entry at once; another process sees it within that time.
 * A read that began before a change is not kept (KeptReads).
 */
const TARGETS_CACHE_MS = 5_000;
const cachesOf = perApp(() => {
  const changes = new TenantChanges();
  return {
    changes,
    targets: new KeptReads<number, WebhookTarget[]>(changes, { ttlMs: TARGETS_CACHE_MS }),
    /** What an attempt needs of a configuration, by tenant and id (same rules as the tenants' targets). */
    attempts: new KeptReads<string, WebhookTarget & { secret: string }>(changes, { ttlMs: TARGETS_CACHE_MS }),
  };
});
const attemptKey = (tenantId: number, id: string) => `${tenantId}:${id}`;

/** After a change of the tenant's configurations is committed: the next event and attempt read them again. */
export function forgetWebhookTargets(ctx: AppContext, tenantId: number, configId?: string): void {
  const { changes, targets, attempts } = cachesOf(ctx);
  changes.note(tenantId);
  targets.forget(tenantId);
  if (configId) attempts.forget(attemptKey(tenantId, configId));
}

/** The tenant's active configurations with a webhook URL: each gets a delivery of every event. */
export async function listWebhookTargets(ctx: AppContext, tenantId: number): Promise<WebhookTarget[]> {
  const targets = await cachesOf(ctx).targets.get(tenantId, tenantId, async () =>
    (await listWebhookTargetRows(ctx.db, tenantId)).map(({ id, active, webhookUrl }) => ({ id, tenantId, active, webhookUrl })),
  );
  return targets ?? [];
}

/** A configuration of the tenant (404 ERR_NO_API_CONFIG_FOUND otherwise: another tenant's id is unknown here). */
export async function findWebhookTarget(ctx: AppContext, tenantId: number, id: string): Promise<WebhookTarget> {
  const row = await findApiConfigRow(ctx.db, tenantId, id);
  if (!row) throw new AppError('ERR_NO_API_CONFIG_FOUND');
  return { id: row.id, tenantId, active: row.active, webhookUrl: row.webhookUrl };
}

/**
 * A configuration as an attempt reads it (URL, active, the secret in clear); undefined once deleted.
 * Kept like the targets: a change through this process applies at the next attempt, through
 * another within 5 seconds.
 */
export async function webhookTargetForAttempt(
  ctx: AppContext,
  tenantId: number,
  id: string,
): Promise<(WebhookTarget & { secret: string }) | undefined> {
  return cachesOf(ctx).attempts.get(attemptKey(tenantId, id), tenantId, async () => {
    const row = await findApiConfigRow(ctx.db, tenantId, id);
    if (!row) return undefined;
    const [withSecret] = await ensureWebhookSecrets(ctx, ctx.db, [row]);
    return { id, tenantId, active: row.active, webhookUrl: row.webhookUrl, secret: openWebhookSecret(ctx, withSecret.webhookSecret!) };
  });
}
