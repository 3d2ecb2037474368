import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { findTenantSmtp, type TenantSmtpRow } from '../tenant-smtp.repository.js';

export async function getTenantSmtp(ctx: AppContext, actor: Actor): Promise<TenantSmtpRow | undefined> {
  return findTenantSmtp(ctx.db, actor.tenantId);
}
