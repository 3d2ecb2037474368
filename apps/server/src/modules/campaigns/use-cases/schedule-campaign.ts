import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertSchedulable } from '../campaign-rules.js';
import { countLinkedContacts, findCampaign, findCampaignView, transitionCampaign, type CampaignView } from '../campaigns.repository.js';
import { enqueueCampaignRun } from './run-campaign.js';

/**
 * Starts a campaign at its start date (SPEC §4/§5): only from pending or canceled, not in the past,
 * not without linked contacts. It becomes scheduled; its runner job, enqueued in the same
 * transaction for the start, makes it processing. A canceled campaign started again sends only to
 * the contacts that got nothing yet.
 */
export async function scheduleCampaign(ctx: AppContext, actor: Actor, id: number): Promise<CampaignView> {
  return transact(ctx, async (tx, events) => {
    const campaign = await findCampaign(tx, actor.tenantId, id, { lock: true });
    if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
    assertSchedulable(campaign, await countLinkedContacts(tx, actor.tenantId, id));
    const scheduled = await transitionCampaign(tx, actor.tenantId, id, [campaign.status], {
      status: 'scheduled',
      run: campaign.run + 1,
      finishedAt: null,
    });
    if (!scheduled) throw new AppError('ERR_CAMPAIGN_STATUS');
    await enqueueCampaignRun(ctx, tx, scheduled, scheduled.startAt);
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: id, action: 'update' });
    return (await findCampaignView(tx, actor.tenantId, id))!;
  });
}
