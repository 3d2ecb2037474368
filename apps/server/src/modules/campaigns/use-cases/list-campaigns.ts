import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listCampaignViews, type CampaignView } from '../campaigns.repository.js';

/** The tenant's campaigns, newest first, with their counters. */
export async function listCampaigns(ctx: AppContext, actor: Actor): Promise<CampaignView[]> {
  return listCampaignViews(ctx.db, actor.tenantId);
}
