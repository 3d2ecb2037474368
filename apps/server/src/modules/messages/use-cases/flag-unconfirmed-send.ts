import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { flagPendingSendUnconfirmed } from '../messages.repository.js';

/**
 * A send that may have reached the provider without its answer being recorded (see
 * send-message.job.ts) is flagged `unconfirmed`: never sent again blindly. Where the provider
 * confirms every message it accepts (`reconcile`: ChannelAdapter.confirmsEverySend), its status
 * callback settles it, and the reconciliation job, due when the window is over, sends it again if
 * no callback came (reconcile-unconfirmed-send.ts). A callback may also come first, between the send
 * job's read and this flag (the provider retrying a callback held back by a crash): the confirmed
 * message is then left as it is — flagging it would hide its confirmation for good.
 */
export async function flagUnconfirmedSend(
  ctx: AppContext,
  input: { tenantId: number; messageId: string; ticketId: number; reconcile: boolean },
): Promise<void> {
  const { tenantId, messageId, ticketId } = input;
  await transact(ctx, async (tx, events) => {
    if (!(await flagPendingSendUnconfirmed(tx, tenantId, messageId))) return;
    if (input.reconcile) {
      const startAfter = new Date(Date.now() + ctx.env.SEND_RECONCILE_SECONDS * 1000);
      await ctx.jobs.send('message.reconcile', { tenantId, messageId }, { tx, startAfter });
    }
    events.push({ type: 'message.updated', tenantId, ticketId, messageId });
  });
}
