import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { updateMessageRow } from '../messages.repository.js';

/**
 * A send that may have reached the provider without its answer being recorded (see
 * send-message.job.ts) is flagged `unconfirmed`: never sent again blindly. Where the provider
 * confirms every message it accepts (`reconcile`: ChannelAdapter.confirmsEverySend), its status
 * callback settles it, and the reconciliation job, due when the window is over, sends it again if
 * no callback came (reconcile-unconfirmed-send.ts).
 */
export async function flagUnconfirmedSend(
  ctx: AppContext,
  input: { tenantId: number; messageId: string; ticketId: number; reconcile: boolean },
): Promise<void> {
  const { tenantId, messageId, ticketId } = input;
  await transact(ctx, async (tx, events) => {
    await updateMessageRow(tx, tenantId, messageId, { status: 'unconfirmed', error: null });
    if (input.reconcile) {
      const startAfter = new Date(Date.now() + ctx.env.SEND_RECONCILE_SECONDS * 1000);
      await ctx.jobs.send('message.reconcile', { tenantId, messageId }, { tx, startAfter });
    }
    events.push({ type: 'message.updated', tenantId, ticketId, messageId });
  });
}
