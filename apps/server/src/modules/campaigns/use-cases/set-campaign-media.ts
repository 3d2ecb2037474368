import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { CheckedUpload } from '../../../platform/media/uploads.js';
import type { Actor } from '../../auth/actor.js';
import { assertEditable } from '../campaign-rules.js';
import { findCampaign, findCampaignView, updateCampaignRow, type CampaignView } from '../campaigns.repository.js';

/** Sets (a checked upload, read once the campaign is found editable) or removes (null) the file of message 1–3 of an editable campaign. */
export async function setCampaignMedia(
  ctx: AppContext,
  actor: Actor,
  id: number,
  messageNumber: number,
  readUpload: (() => Promise<CheckedUpload>) | null,
): Promise<CampaignView> {
  // The campaign is checked before the upload is read.
  const found = await findCampaign(ctx.db, actor.tenantId, id);
  if (!found) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  assertEditable(found);
  const upload = readUpload ? await readUpload() : null;
  const file = upload
    ? {
        key: await ctx.media.save(actor.tenantId, upload.content),
        name: upload.name,
        mime: upload.mime,
        size: upload.content.length,
        type: upload.type,
      }
    : null;
  return transact(ctx, async (tx, events) => {
    const campaign = await findCampaign(tx, actor.tenantId, id, { lock: true });
    if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
    assertEditable(campaign);
    const media = [0, 1, 2].map((i) => (i === messageNumber - 1 ? file : (campaign.media[i] ?? null)));
    await updateCampaignRow(tx, actor.tenantId, id, { media });
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: id, action: 'update' });
    return (await findCampaignView(tx, actor.tenantId, id))!;
  });
}
