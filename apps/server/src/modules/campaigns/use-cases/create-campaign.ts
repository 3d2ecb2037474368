import type { CreateCampaignBody } from '@conversa/shared';
import type { z } from 'zod';
import type { createCampaignBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertStartNotPast } from '../campaign-rules.js';
import { findCampaignView, insertCampaign, type CampaignView } from '../campaigns.repository.js';
import { assertCampaignTargets } from './campaign-targets.js';

export type CreateCampaignInput = z.output<typeof createCampaignBodySchema>;
export type { CreateCampaignBody };

/** A new pending campaign (SPEC §5: name and start required, the start not earlier than now). */
export async function createCampaign(ctx: AppContext, actor: Actor, input: CreateCampaignInput): Promise<CampaignView> {
  const startAt = new Date(input.startAt);
  assertStartNotPast(startAt);
  return transact(ctx, async (tx, events) => {
    await assertCampaignTargets(tx, actor.tenantId, { channelId: input.whatsappId, queueId: input.queueId });
    const row = await insertCampaign(tx, {
      tenantId: actor.tenantId,
      name: input.name,
      startAt,
      channelId: input.whatsappId,
      queueId: input.queueId,
      delaySeconds: input.delaySeconds,
      message1: input.message1,
      message2: input.message2,
      message3: input.message3,
      createdById: actor.userId,
    });
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: row.id, action: 'update' });
    return (await findCampaignView(tx, actor.tenantId, row.id))!;
  });
}
