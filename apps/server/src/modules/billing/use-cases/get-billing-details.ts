import { MAIN_TENANT_ID, type BillingDetails } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { presentPlan } from '../../plans/plans.presenter.js';
import { findPlan } from '../../plans/use-cases/find-plan.js';
import { findTenantBilling } from '../billing.repository.js';
import { presentBillingDetails, type PaidCharge } from '../billing.presenter.js';
import { ASAAS_PAID_STATUSES, type AsaasPayment } from '../providers/asaas/asaas.client.js';
import { activeAsaasClient } from './billing-provider.js';

const paidDay = (charge: AsaasPayment) => charge.clientPaymentDate ?? charge.paymentDate ?? charge.confirmedDate ?? null;

/**
 * GET /subscription/billing: the company's billing data for its admins (/configuracoes/pagamentos,
 * read-only): plan, billed or exempt, its customer id at Asaas and, asked of Asaas when the provider
 * is on, how its last paid charge was paid (bank slip, PIX, card). Asaas not answering does not hide
 * the rest: the answer says so (`providerUnavailable`).
 */
export async function getBillingDetails(ctx: AppContext, actor: Actor): Promise<BillingDetails> {
  if (actor.tenantId === MAIN_TENANT_ID) throw new AppError('ERR_NO_SUBSCRIPTION');
  const tenant = await findTenantBilling(ctx.db, actor.tenantId);
  if (!tenant) throw new AppError('ERR_NO_TENANT_FOUND');
  const plan = tenant.planId ? await findPlan(ctx, tenant.planId) : undefined;

  let lastPaid: PaidCharge | null = null;
  let providerUnavailable = false;
  const provider = tenant.paymentCustomerId ? await activeAsaasClient(ctx) : undefined;
  if (provider && tenant.paymentCustomerId) {
    try {
      const paid = (await provider.client.listCustomerPayments(tenant.paymentCustomerId))
        .filter((charge) => ASAAS_PAID_STATUSES.includes(charge.status))
        .sort((a, b) => (paidDay(b) ?? '').localeCompare(paidDay(a) ?? ''));
      const last = paid[0];
      if (last) lastPaid = { billingType: last.billingType ?? 'UNDEFINED', paidOn: paidDay(last), value: last.value ?? null };
    } catch (error) {
      ctx.logger.warn({ err: error, tenantId: tenant.id }, 'the payment provider did not answer the billing data');
      providerUnavailable = true;
    }
  }
  return presentBillingDetails(tenant, plan ? presentPlan(plan) : null, lastPaid, providerUnavailable);
}
