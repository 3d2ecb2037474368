import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { transact } from '../../../platform/events/transact.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { openOutreachTicket } from '../../tickets/use-cases/open-outreach-ticket.js';
import { pickMessage, usableMessages } from '../campaign-rules.js';
import {
  countInFlight,
  findCampaign,
  hasWaitingContacts,
  lastClaimAt,
  lockWaitingContacts,
  markClaimed,
  markSkipped,
  transitionCampaign,
  type CampaignRow,
} from '../campaigns.repository.js';

/**
 * How a campaign sends (DESIGN §6 "sends are claims"): each linked contact is a row keyed by
 * (campaign, contact). A transaction locks a few waiting rows (SKIP LOCKED), opens or reuses each
 * contact's ticket, queues one of the campaign's messages, chosen at random, on the one outbound
 * path (stored pending + its durable send job), and marks the row claimed with that message: either
 * all of this commits or none of it, so a contact is handed to the channel once, whatever the
 * crashes, pauses, cancels and restarts. What is left ambiguous by a crash between the provider's
 * acceptance and its record is the send job's: it flags the message `unconfirmed` and never resends
 * it blindly (send-message.job.ts); the channel's status callback confirms it.
 *
 * The runner is a chain of short `campaign.run` jobs (one queued at a time per campaign run,
 * held under the jobs' lease, so a killed process's runner is taken over): with a delay, one
 * contact per job and the next job after the delay; without one, batches for a few seconds, never
 * more than CAMPAIGN_WINDOW messages waiting for the channel, whose adapter keeps its own rate
 * (80/s per WABA number).
 */
export const CAMPAIGN_WINDOW = 200;
const BATCH = 20;
/** How long one job of the chain works before it hands over to the next (a stopping process is not held up). */
const SLICE_MS = 5_000;
const PROGRESS_EVERY_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Enqueues the campaign's runner (in `tx` when given), at `startAfter` or now. One queued per campaign run. */
export async function enqueueCampaignRun(
  ctx: AppContext,
  tx: Db | undefined,
  campaign: Pick<CampaignRow, 'id' | 'tenantId' | 'run'>,
  startAfter?: Date,
) {
  await ctx.jobs.send(
    'campaign.run',
    { tenantId: campaign.tenantId, campaignId: campaign.id, run: campaign.run },
    { singletonKey: `${campaign.id}:${campaign.run}`, ...(startAfter ? { startAfter } : {}), ...(tx ? { tx } : {}) },
  );
}

export async function runCampaign(ctx: AppContext, input: { tenantId: number; campaignId: number; run: number }): Promise<void> {
  const { tenantId, campaignId, run } = input;
  const deadline = Date.now() + SLICE_MS;
  let progressAt = 0;
  const progress = (force = false) => {
    if (!force && Date.now() - progressAt < PROGRESS_EVERY_MS) return;
    progressAt = Date.now();
    ctx.events.publish([{ type: 'campaign.changed', tenantId, campaignId, action: 'update' }]);
  };

  for (;;) {
    const campaign = await findCampaign(ctx.db, tenantId, campaignId);
    // Deleted, or paused / canceled / started again since: this run is over.
    if (!campaign || campaign.run !== run) return;
    if (campaign.status === 'scheduled') {
      if (campaign.startAt.getTime() > Date.now() + 1_000) return enqueueCampaignRun(ctx, undefined, campaign, campaign.startAt);
      await setStatus(ctx, campaign, ['scheduled'], 'processing');
      continue;
    }
    if (campaign.status !== 'processing') return;

    const delayMs = campaign.delaySeconds * 1_000;
    if (delayMs > 0) {
      // The delay counts from the last send, whoever made it (a runner taken over after a crash included).
      const last = await lastClaimAt(ctx.db, tenantId, campaignId);
      const due = last ? last.getTime() + delayMs : 0;
      if (due > Date.now()) return enqueueCampaignRun(ctx, undefined, campaign, new Date(due));
    }

    const inFlight = await countInFlight(ctx.db, tenantId, campaignId, CAMPAIGN_WINDOW);
    const free = CAMPAIGN_WINDOW - inFlight;
    const claimed = free > 0 ? await claimAndQueue(ctx, campaign, delayMs > 0 ? 1 : Math.min(BATCH, free)) : 0;
    if (claimed > 0) progress();
    if (claimed === 0 && inFlight === 0 && !(await hasWaitingContacts(ctx.db, tenantId, campaignId))) {
      await setStatus(ctx, campaign, ['processing'], 'finished');
      return;
    }
    if (delayMs > 0 && claimed > 0) return enqueueCampaignRun(ctx, undefined, campaign, new Date(Date.now() + delayMs));
    if (Date.now() >= deadline) {
      progress(true);
      return enqueueCampaignRun(ctx, undefined, campaign);
    }
    if (claimed === 0) await sleep(250);
  }
}

async function setStatus(ctx: AppContext, campaign: CampaignRow, from: CampaignRow['status'][], status: 'processing' | 'finished') {
  await transact(ctx, async (tx, events) => {
    const changed = await transitionCampaign(tx, campaign.tenantId, campaign.id, from, {
      status,
      ...(status === 'finished' ? { finishedAt: new Date() } : {}),
    });
    if (changed) events.push({ type: 'campaign.changed', tenantId: campaign.tenantId, campaignId: campaign.id, action: 'update' });
  });
}

/**
 * One claim transaction: up to `limit` waiting contacts handed to the outbound path. The campaign
 * row is locked first, so a pause or cancel commits either before (nothing is claimed) or after
 * (what was claimed goes out). Answers how many contacts it took.
 */
async function claimAndQueue(ctx: AppContext, snapshot: CampaignRow, limit: number): Promise<number> {
  return transact(ctx, async (tx, events) => {
    const campaign = await findCampaign(tx, snapshot.tenantId, snapshot.id, { lock: true });
    if (!campaign || campaign.status !== 'processing' || campaign.run !== snapshot.run) return 0;
    const usable = usableMessages(campaign);
    const waiting = await lockWaitingContacts(tx, campaign.tenantId, campaign.id, limit);
    const claims: Parameters<typeof markClaimed>[3] = [];
    for (const contact of waiting) {
      const key = { campaignId: campaign.id, contactId: contact.contactId };
      if (contact.blocked || usable.length === 0) {
        await markSkipped(tx, campaign.tenantId, key, contact.blocked ? 'Contact blocked.' : 'The campaign has no message.');
        continue;
      }
      const ticket = await openOutreachTicket(tx, events, {
        tenantId: campaign.tenantId,
        contactId: contact.contactId,
        channelId: campaign.channelId,
        queueId: campaign.queueId,
        isGroup: contact.isGroup,
      });
      const messageNumber = pickMessage(usable);
      const body = [campaign.message1, campaign.message2, campaign.message3][messageNumber - 1];
      const media = campaign.media[messageNumber - 1] ?? null;
      const message = await queueAutomatedMessage(ctx, tx, events, { tenantId: campaign.tenantId, ticketId: ticket.id }, { body, media });
      claims.push({ contactId: contact.contactId, messageId: message.id, messageNumber });
    }
    await markClaimed(tx, campaign.tenantId, campaign.id, claims);
    return waiting.length;
  });
}
