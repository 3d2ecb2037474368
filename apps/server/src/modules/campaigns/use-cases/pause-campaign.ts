import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertStatus } from '../campaign-rules.js';
import { findCampaign, findCampaignView, transitionCampaign, type CampaignView } from '../campaigns.repository.js';

/**
 * Pauses a processing campaign: its runner claims no more contacts (the few already handed to the
 * channel, at most the runner's window, still go out, each once).
 */
export async function pauseCampaign(ctx: AppContext, actor: Actor, id: number): Promise<CampaignView> {
  return transact(ctx, async (tx, events) => {
    const campaign = await findCampaign(tx, actor.tenantId, id, { lock: true });
    if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
    assertStatus(campaign, 'processing', 'paused');
    await transitionCampaign(tx, actor.tenantId, id, ['processing'], { status: 'paused' });
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: id, action: 'update' });
    return (await findCampaignView(tx, actor.tenantId, id))!;
  });
}
