import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { deleteCampaignRow, findCampaign } from '../campaigns.repository.js';

/**
 * Deletes a campaign and its contact links (the messages it sent stay in the tickets). A processing
 * one cannot be deleted, as it cannot be canceled: pause it first.
 */
export async function deleteCampaign(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await transact(ctx, async (tx, events) => {
    const campaign = await findCampaign(tx, actor.tenantId, id, { lock: true });
    if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
    if (campaign.status === 'processing') throw new AppError('ERR_CAMPAIGN_IN_PROCESS');
    await deleteCampaignRow(tx, actor.tenantId, id);
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: id, action: 'delete' });
  });
}
