import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { callbackOpenSince, callbacksReceivableForMs } from '../callback-intake.js';
import { findMessageById, requeueUnconfirmedSend } from '../messages.repository.js';

/** How long a decision waits for the callbacks that arrived before it (then it is taken up again later). */
const INTAKE_WAIT_MS = 60_000;

export type ReconcileOutcome = 'resent' | 'settled' | 'later';

/**
 * The end of an unconfirmed send's window on a channel whose provider confirms every message it
 * accepts (ChannelAdapter.confirmsEverySend: WABA). A status callback naming the message settles it
 * as sent with the provider's id (apply-provider-status.ts); if none came while this server could
 * receive it, the provider never accepted the message, and it goes back to the send job once
 * (pending, unclaimed): a reconciliation from the provider's answer, not a blind resend.
 *
 * "Could receive it": the provider retries a webhook it could not deliver, so the window counts
 * both from the flag and from the moment this process began listening (a callback held back while
 * the server was down or starting arrives after the restart). Only if that assumption fails — the provider accepted the send
 * yet stayed silent for the whole window — can the contact get it twice. A callback that has arrived
 * but still waits for the database (a loaded server) is waited for before deciding (callback-intake.ts).
 */
export async function reconcileUnconfirmedSend(ctx: AppContext, input: { tenantId: number; messageId: string }): Promise<ReconcileOutcome> {
  const { tenantId, messageId } = input;
  const windowMs = ctx.env.SEND_RECONCILE_SECONDS * 1000;
  const receivingForMs = callbacksReceivableForMs();
  if (receivingForMs < windowMs) {
    await ctx.jobs.send('message.reconcile', input, { startAfter: new Date(Date.now() + windowMs - receivingForMs) });
    return 'later';
  }
  const decidedAt = Date.now();
  for (const until = decidedAt + INTAKE_WAIT_MS; callbackOpenSince(decidedAt);) {
    if (Date.now() > until) {
      await ctx.jobs.send('message.reconcile', input, { startAfter: new Date(Date.now() + 5_000) });
      return 'later';
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return transact(ctx, async (tx, events) => {
    const row = await requeueUnconfirmedSend(tx, tenantId, messageId, ctx.env.SEND_RECONCILE_SECONDS);
    if (!row) {
      const current = await findMessageById(tx, tenantId, messageId);
      // Flagged again since (a resend interrupted in its turn): its window counts from then.
      if (current?.status === 'unconfirmed' && current.externalId === null && !current.deleted) {
        const due = current.updatedAt.getTime() + windowMs;
        await ctx.jobs.send('message.reconcile', input, { tx, startAfter: new Date(Math.max(due, Date.now() + 1_000)) });
        return 'later';
      }
      return 'settled';
    }
    await ctx.jobs.send('message.send', { tenantId, messageId }, { tx });
    if (row.ticketId !== null) events.push({ type: 'message.updated', tenantId, ticketId: row.ticketId, messageId });
    ctx.logger.warn({ messageId }, 'an unconfirmed send got no status callback within its window: the provider never had it; sent again');
    return 'resent';
  });
}
