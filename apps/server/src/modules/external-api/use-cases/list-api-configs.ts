import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listApiConfigs as listApiConfigRows, type ApiConfigView } from '../external-api.repository.js';
import { ensureWebhookSecrets } from './webhook-settings.js';

export async function listApiConfigs(ctx: AppContext, actor: Actor): Promise<ApiConfigView[]> {
  return ensureWebhookSecrets(ctx, ctx.db, await listApiConfigRows(ctx.db, actor.tenantId));
}
