import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { pickDelayMs } from '../mass-send-rules.js';
import { RECIPIENT_SENDERS } from '../mass-send-senders.js';
import {
  countInFlight,
  findMassSend,
  hasWaitingRecipients,
  lockNextWaitingRecipient,
  markRecipientClaimed,
  markRecipientSkipped,
  setNextSendAt,
  transitionMassSend,
  type MassSendRow,
} from '../mass-sends.repository.js';

/**
 * How a mass send sends (DESIGN §6 "sends are claims"): each recipient is a row keyed by (mass send,
 * number). One transaction locks the mass send, checks that its pause is over (`next_send_at`),
 * locks the next waiting recipient (SKIP LOCKED), hands its send to the kind's sender (the one
 * outbound path: the message stored pending with its durable send job), marks it claimed and draws
 * the next pause in [min, max] seconds: all of it commits or none of it, so a recipient is handed to
 * the channel once, whatever the duplicated runners, pauses, cancels and restarts. A send left
 * ambiguous by a crash between the provider's acceptance and its record is the send job's: flagged
 * `unconfirmed`, never resent blindly.
 *
 * The runner is a chain of short `massSend.run` jobs (one queued at a time per run): a job claims
 * while the pause allows and queues the next one for the end of the pause.
 */
export const MASS_SEND_WINDOW = 50;
/** How long one job of the chain works before it hands over to the next. */
const SLICE_MS = 5_000;
const PROGRESS_EVERY_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Enqueues the mass send's runner (in `tx` when given), at `startAfter` or now. One queued per run. */
export async function enqueueMassSendRun(
  ctx: AppContext,
  tx: Db | undefined,
  massSend: Pick<MassSendRow, 'id' | 'tenantId' | 'run'>,
  startAfter?: Date,
) {
  await ctx.jobs.send(
    'massSend.run',
    { tenantId: massSend.tenantId, massSendId: massSend.id, run: massSend.run },
    { singletonKey: `${massSend.id}:${massSend.run}`, ...(startAfter ? { startAfter } : {}), ...(tx ? { tx } : {}) },
  );
}

export async function runMassSend(ctx: AppContext, input: { tenantId: number; massSendId: number; run: number }): Promise<void> {
  const { tenantId, massSendId, run } = input;
  const deadline = Date.now() + SLICE_MS;
  let progressAt = 0;
  const progress = (force = false) => {
    if (!force && Date.now() - progressAt < PROGRESS_EVERY_MS) return;
    progressAt = Date.now();
    ctx.events.publish([{ type: 'massSend.changed', tenantId, massSendId }]);
  };

  for (;;) {
    const massSend = await findMassSend(ctx.db, tenantId, massSendId);
    // Deleted, or paused / canceled / resumed since: this run is over.
    if (!massSend || massSend.run !== run || massSend.status !== 'processing') return;
    if (massSend.nextSendAt.getTime() > Date.now()) {
      progress(true);
      return enqueueMassSendRun(ctx, undefined, massSend, massSend.nextSendAt);
    }
    const inFlight = await countInFlight(ctx.db, tenantId, massSendId, MASS_SEND_WINDOW);
    const outcome = inFlight < MASS_SEND_WINDOW ? await claimNext(ctx, massSend) : 'full';
    if (outcome === 'claimed' || outcome === 'skipped') {
      progress();
      continue;
    }
    if (outcome === 'none' && inFlight === 0 && !(await hasWaitingRecipients(ctx.db, tenantId, massSendId))) {
      await transact(ctx, async (tx, events) => {
        if (await transitionMassSend(tx, tenantId, massSendId, ['processing'], { status: 'finished', finishedAt: new Date() }))
          events.push({ type: 'massSend.changed', tenantId, massSendId });
      });
      return;
    }
    // Sends still waiting for the channel, or a recipient locked by another runner: look again shortly.
    if (Date.now() >= deadline) {
      progress(true);
      return enqueueMassSendRun(ctx, undefined, massSend);
    }
    await sleep(250);
  }
}

/**
 * One claim transaction: the next waiting recipient handed to its kind's sender, or skipped with the
 * reason its sender gave. The mass send row is locked first, so a pause or cancel commits either
 * before (nothing is claimed) or after (what was claimed goes out), and a second runner waits here,
 * then finds the new pause.
 */
async function claimNext(ctx: AppContext, snapshot: MassSendRow): Promise<'claimed' | 'skipped' | 'none' | 'stale'> {
  return transact(ctx, async (tx, events) => {
    const massSend = await findMassSend(tx, snapshot.tenantId, snapshot.id, { lock: true });
    if (!massSend || massSend.status !== 'processing' || massSend.run !== snapshot.run || massSend.nextSendAt.getTime() > Date.now())
      return 'stale';
    const recipient = await lockNextWaitingRecipient(tx, massSend.tenantId, massSend.id);
    if (!recipient) return 'none';
    const key = { massSendId: massSend.id, number: recipient.number };
    const sender = RECIPIENT_SENDERS[massSend.kind];
    let sent;
    try {
      // A savepoint: a refused recipient leaves nothing of its attempt (a ticket, a message) behind.
      sent = await tx.transaction(async (savepoint) => {
        const sendEvents: typeof events = [];
        const result = await sender(ctx, savepoint, sendEvents, massSend, recipient);
        events.push(...sendEvents);
        return result;
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await markRecipientSkipped(tx, massSend.tenantId, key, error.message);
      return 'skipped';
    }
    await markRecipientClaimed(tx, massSend.tenantId, key, sent);
    await setNextSendAt(
      tx,
      massSend.tenantId,
      massSend.id,
      new Date(Date.now() + pickDelayMs(massSend.minDelaySeconds, massSend.maxDelaySeconds)),
    );
    return 'claimed';
  });
}
