import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertStatus } from '../campaign-rules.js';
import { findCampaign, findCampaignView, transitionCampaign, type CampaignView } from '../campaigns.repository.js';
import { enqueueCampaignRun } from './run-campaign.js';

/** Resumes a paused campaign: a new run sends to the contacts that got nothing yet, never again to the others. */
export async function resumeCampaign(ctx: AppContext, actor: Actor, id: number): Promise<CampaignView> {
  return transact(ctx, async (tx, events) => {
    const campaign = await findCampaign(tx, actor.tenantId, id, { lock: true });
    if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
    assertStatus(campaign, 'paused', 'resumed');
    const resumed = (await transitionCampaign(tx, actor.tenantId, id, ['paused'], { status: 'processing', run: campaign.run + 1 }))!;
    await enqueueCampaignRun(ctx, tx, resumed);
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: id, action: 'update' });
    return (await findCampaignView(tx, actor.tenantId, id))!;
  });
}
