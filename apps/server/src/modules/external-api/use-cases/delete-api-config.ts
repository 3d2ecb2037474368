import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { deleteApiConfig as deleteApiConfigRow } from '../external-api.repository.js';
import { forgetWebhookTargets } from './webhook-targets.js';

/** Deletes a configuration and its call log: its token is refused at once. */
export async function deleteApiConfig(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!(await deleteApiConfigRow(ctx.db, actor.tenantId, id))) throw new AppError('ERR_NO_API_CONFIG_FOUND');
  forgetWebhookTargets(ctx, actor.tenantId, id);
}
