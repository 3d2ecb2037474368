import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findUserName, insertAudit } from '../platform-ops.repository.js';

export interface AuditInput {
  /** What was done: `channel.restart`, `queue.retry`, `console.run`… */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  targetTenantId?: number | null;
  details?: Record<string, unknown>;
}

/**
 * Writes one audit row: who (the actor, with its name then), when (now), what, on what, with which
 * outcome. `db` may be the caller's transaction (another module's action and its audit row commit
 * together: billing's manual receipt).
 */
export async function recordAudit(ctx: AppContext, actor: Actor, input: AuditInput, outcome = 'ok', db: Db = ctx.db): Promise<void> {
  await insertAudit(db, {
    actorUserId: actor.userId,
    actorTenantId: actor.tenantId,
    actorName: await findUserName(db, actor.tenantId, actor.userId),
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId === undefined || input.targetId === null ? null : String(input.targetId),
    targetTenantId: input.targetTenantId ?? null,
    outcome,
    details: input.details ?? {},
  });
}

/**
 * Runs an action and audits it whatever happens: outcome 'ok' (with the details the result
 * gives), or the error's code when it failed (the error is then thrown on).
 */
export async function audited<T>(
  ctx: AppContext,
  actor: Actor,
  input: AuditInput,
  work: () => Promise<T>,
  detailsOf?: (result: T) => Record<string, unknown>,
): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    const outcome = error instanceof AppError ? error.code : 'ERR_INTERNAL';
    await recordAudit(ctx, actor, input, outcome).catch((auditError: unknown) =>
      ctx.logger.error({ err: auditError }, 'could not audit a failed platform action'),
    );
    throw error;
  }
  await recordAudit(ctx, actor, { ...input, details: { ...input.details, ...detailsOf?.(result) } });
  return result;
}
