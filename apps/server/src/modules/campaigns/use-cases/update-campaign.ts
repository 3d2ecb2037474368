import type { updateCampaignBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertEditable, assertStartNotPast } from '../campaign-rules.js';
import { findCampaign, findCampaignView, updateCampaignRow, type CampaignView } from '../campaigns.repository.js';
import { assertCampaignTargets } from './campaign-targets.js';

/** SPEC §4: a campaign is edited only while pending or canceled. */
export async function updateCampaign(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: z.output<typeof updateCampaignBodySchema>,
): Promise<CampaignView> {
  const startAt = input.startAt === undefined ? undefined : new Date(input.startAt);
  if (startAt) assertStartNotPast(startAt);
  return transact(ctx, async (tx, events) => {
    const campaign = await findCampaign(tx, actor.tenantId, id, { lock: true });
    if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
    assertEditable(campaign);
    await assertCampaignTargets(tx, actor.tenantId, { channelId: input.whatsappId, queueId: input.queueId });
    await updateCampaignRow(tx, actor.tenantId, id, {
      name: input.name,
      startAt,
      channelId: input.whatsappId,
      queueId: input.queueId,
      delaySeconds: input.delaySeconds,
      message1: input.message1,
      message2: input.message2,
      message3: input.message3,
    });
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: id, action: 'update' });
    return (await findCampaignView(tx, actor.tenantId, id))!;
  });
}
