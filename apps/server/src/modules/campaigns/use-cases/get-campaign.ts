import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findCampaignView, type CampaignView } from '../campaigns.repository.js';

export async function getCampaign(ctx: AppContext, actor: Actor, id: number): Promise<CampaignView> {
  const campaign = await findCampaignView(ctx.db, actor.tenantId, id);
  if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  return campaign;
}
