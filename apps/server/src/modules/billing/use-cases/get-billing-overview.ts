import type { BillingOverview } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { countTenantsByPlan, listAllPayments, listTrialsEndingBetween, sumMonthlyRecurringRevenue } from '../billing.repository.js';
import { presentPayment } from '../billing.presenter.js';

/** The superadmin's landing (assinatura): companies by plan and state, trials ending within 7 days, overdue payments, MRR. */
export async function getBillingOverview(ctx: AppContext): Promise<BillingOverview> {
  const now = ctx.clock.now();
  const weekAhead = new Date(now.getTime() + 7 * 86_400_000);
  const [byPlan, trials, overdue, mrr] = [
    await countTenantsByPlan(ctx.db, now),
    await listTrialsEndingBetween(ctx.db, now, weekAhead),
    await listAllPayments(ctx.db, { status: 'overdue', limit: 20, offset: 0 }),
    await sumMonthlyRecurringRevenue(ctx.db, now),
  ];
  return {
    tenantsByPlan: byPlan.map((row) => ({ ...row, planId: row.planId === null ? null : Number(row.planId) })),
    trialsEndingThisWeek: trials,
    overduePayments: overdue.rows.map(presentPayment),
    mrr,
  };
}
