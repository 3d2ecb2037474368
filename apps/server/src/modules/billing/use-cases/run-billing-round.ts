import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import {
  findBillingSettings,
  insertPaymentIfAbsent,
  listDueCharges,
  listPaymentsWithoutCharge,
  markOverduePayments,
} from '../billing.repository.js';
import { applyBlocks } from './apply-blocks.js';

/** At most this many months of charges are made for one company in one round (a server down for long). */
const MAX_CHARGES_PER_ROUND = 12;

/**
 * The billing round (every minute, and at once when a test moves the clock): on each billed
 * company's clock, makes the charges due within BILLING_LEAD_DAYS (one per due date: the unique key
 * makes a repeated round harmless), marks pending payments past their due date overdue, and sets
 * every company's block from its payments (trial ended without payment, payment overdue). New
 * charges go to the provider through a durable job each, queued in the same transaction.
 */
export async function runBillingRound(ctx: AppContext): Promise<{ charges: number; overdue: number }> {
  const now = ctx.clock.now();
  const settings = await findBillingSettings(ctx.db);
  const billingType = settings?.billingType ?? 'UNDEFINED';
  const result = await transact(ctx, async (tx, events) => {
    let charges = 0;
    for (let round = 0; round < MAX_CHARGES_PER_ROUND; round++) {
      const due = await listDueCharges(tx, now);
      let made = 0;
      for (const charge of due) {
        const payment = await insertPaymentIfAbsent(tx, { ...charge, billingType });
        if (!payment) continue;
        made++;
        if (settings?.active) await ctx.jobs.send('billing.create-charge', { paymentId: payment.id }, { tx, singletonKey: payment.id });
      }
      charges += made;
      if (made === 0) break;
    }
    const overdue = await markOverduePayments(tx, now);
    await applyBlocks(tx, events, now);
    return { charges, overdue: overdue.length };
  });
  // Payments made while the provider was off get their charge once it is on.
  if (settings?.active) {
    for (const paymentId of await listPaymentsWithoutCharge(ctx.db)) {
      await ctx.jobs.send('billing.create-charge', { paymentId }, { singletonKey: paymentId });
    }
  }
  return result;
}
