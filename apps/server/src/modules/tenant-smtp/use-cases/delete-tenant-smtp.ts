import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { deleteTenantSmtp } from '../tenant-smtp.repository.js';

/** Removes the company's SMTP server: its e-mails go through the platform's again (queued ones too). */
export async function removeTenantSmtp(ctx: AppContext, actor: Actor): Promise<void> {
  const deleted = await transact(ctx, (tx) => deleteTenantSmtp(tx, actor.tenantId));
  if (!deleted) throw new AppError('ERR_SMTP_NOT_CONFIGURED');
}
