import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { listAudit as readAudit, type AuditRow } from '../platform-ops.repository.js';

/** The audit log of the platform's monitors and maintenance, newest first. */
export async function listAudit(ctx: AppContext, actor: Actor, filter: { action?: string; limit: number }): Promise<AuditRow[]> {
  assertPlatformOperator(actor);
  return readAudit(ctx.db, filter);
}
