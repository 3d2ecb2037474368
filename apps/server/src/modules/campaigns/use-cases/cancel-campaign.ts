import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCancelable } from '../campaign-rules.js';
import { findCampaign, findCampaignView, transitionCampaign, type CampaignView } from '../campaigns.repository.js';

/**
 * Cancels a scheduled or paused campaign: nothing more is sent (its runner finds it canceled). A
 * processing campaign cannot be canceled (SPEC §4 'cannot cancel campaigns in process'): pause it.
 */
export async function cancelCampaign(ctx: AppContext, actor: Actor, id: number): Promise<CampaignView> {
  return transact(ctx, async (tx, events) => {
    const campaign = await findCampaign(tx, actor.tenantId, id, { lock: true });
    if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
    assertCancelable(campaign);
    await transitionCampaign(tx, actor.tenantId, id, [campaign.status], { status: 'canceled' });
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: id, action: 'update' });
    return (await findCampaignView(tx, actor.tenantId, id))!;
  });
}
