import { GROUP_ACTIONS_PAGE_SIZE } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listGroupActions as listActionRows, type GroupActionView } from '../group-tools.repository.js';

/** The action log (SPEC §3: user, group, WhatsApp id, date), newest first, a page at a time. */
export async function listGroupActions(
  ctx: AppContext,
  actor: Actor,
  query: { whatsappId?: number; batchId?: number; page: number },
): Promise<{ actions: GroupActionView[]; hasMore: boolean }> {
  const rows = await listActionRows(ctx.db, actor.tenantId, {
    channelId: query.whatsappId,
    batchId: query.batchId,
    limit: GROUP_ACTIONS_PAGE_SIZE + 1,
    offset: (query.page - 1) * GROUP_ACTIONS_PAGE_SIZE,
  });
  return { actions: rows.slice(0, GROUP_ACTIONS_PAGE_SIZE), hasMore: rows.length > GROUP_ACTIONS_PAGE_SIZE };
}
