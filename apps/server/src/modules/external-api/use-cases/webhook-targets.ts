import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../../app-context.js';
import { perApp } from '../../../platform/app-state.js';
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
 * kept in memory for WEBHOOK_TARGETS_CACHE_SECONDS. A change made through this process (create,
 * update, delete) forgets its tenant's entry at once; another process sees it within that time.
 * A read that began before a change is not kept (the tenant's generation moved on meanwhile).
 */
const TARGETS_CACHE_MS = 5_000;
const cachesOf = perApp(() => ({
  targetsCache: new LRUCache<number, WebhookTarget[]>({ max: 20_000, ttl: TARGETS_CACHE_MS }),
  generations: new Map<number, number>(),
  /** What an attempt needs of a configuration, by id (same rules as the tenants' targets). */
  attemptCache: new LRUCache<string, WebhookTarget & { secret: string }>({ max: 20_000, ttl: TARGETS_CACHE_MS }),
}));

/** After a change of the tenant's configurations is committed: the next event and attempt read them again. */
export function forgetWebhookTargets(ctx: AppContext, tenantId: number, configId?: string): void {
  const { targetsCache, generations, attemptCache } = cachesOf(ctx);
  generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1);
  targetsCache.delete(tenantId);
  if (configId) attemptCache.delete(configId);
}

/** The tenant's active configurations with a webhook URL: each gets a delivery of every event. */
export async function listWebhookTargets(ctx: AppContext, tenantId: number): Promise<WebhookTarget[]> {
  const { targetsCache, generations } = cachesOf(ctx);
  const cached = targetsCache.get(tenantId);
  if (cached) return cached;
  const generation = generations.get(tenantId);
  const targets = (await listWebhookTargetRows(ctx.db, tenantId)).map(({ id, active, webhookUrl }) => ({
    id,
    tenantId,
    active,
    webhookUrl,
  }));
  if (generations.get(tenantId) === generation) targetsCache.set(tenantId, targets);
  return targets;
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
  const { generations, attemptCache } = cachesOf(ctx);
  const cached = attemptCache.get(id);
  if (cached && cached.tenantId === tenantId) return cached;
  const generation = generations.get(tenantId);
  const row = await findApiConfigRow(ctx.db, tenantId, id);
  if (!row) return undefined;
  const [withSecret] = await ensureWebhookSecrets(ctx, ctx.db, [row]);
  const target = {
    id,
    tenantId,
    active: row.active,
    webhookUrl: row.webhookUrl,
    secret: openWebhookSecret(ctx, withSecret.webhookSecret!),
  };
  if (generations.get(tenantId) === generation) attemptCache.set(id, target);
  return target;
}
