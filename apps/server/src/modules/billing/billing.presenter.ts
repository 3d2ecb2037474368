import {
  BILLING_SECRET_MASK,
  type BillingDetails,
  trialDaysLeft,
  type BillingProvider,
  type Payment,
  type Plan,
  type Subscription,
  type SubscriptionStatusView,
} from '@conversa/shared';
import type { BillingSettingsRow, PaymentView, TenantBilling } from './billing.repository.js';

export function presentPayment(row: PaymentView): Payment {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    planName: row.planName,
    status: row.status,
    value: Number(row.value),
    dueDate: row.dueDate,
    link: row.link,
    bankSlipUrl: row.bankSlipUrl,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    receivedManuallyBy: row.receivedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The subscription's state at `now`: blocked wins, then a running trial, then exempt (not billed) or active. */
export function presentSubscriptionStatus(tenant: TenantBilling, billed: boolean, now: Date): SubscriptionStatusView {
  const trialRunning = tenant.trialEndsAt !== null && tenant.trialEndsAt > now;
  const status = tenant.billingBlockedReason ? 'blocked' : !billed ? 'exempt' : trialRunning ? 'trial' : 'active';
  return {
    status,
    blocked: tenant.billingBlockedReason !== null,
    blockReason: tenant.billingBlockedReason,
    trialEndsAt: tenant.trialEndsAt ? tenant.trialEndsAt.toISOString() : null,
    trialDaysLeft: tenant.trialEndsAt && (trialRunning || status === 'blocked') ? trialDaysLeft(tenant.trialEndsAt, now) : null,
  };
}

export function presentSubscription(tenant: TenantBilling, plan: Plan | null, payments: PaymentView[], now: Date): Subscription {
  const billed = tenant.paymentActive && tenant.status === 'active' && plan !== null && plan.value > 0;
  return { ...presentSubscriptionStatus(tenant, billed, now), tenantId: tenant.id, plan, payments: payments.map(presentPayment) };
}

export function presentBillingProvider(row: BillingSettingsRow | undefined, webhookUrl: string): BillingProvider {
  return {
    provider: 'asaas',
    configured: Boolean(row?.apiKey),
    active: row?.active ?? false,
    baseUrl: row?.baseUrl ?? '',
    apiKey: row?.apiKey ? BILLING_SECRET_MASK : '',
    webhookToken: row?.webhookToken ? BILLING_SECRET_MASK : '',
    billingType: row?.billingType ?? 'UNDEFINED',
    webhookUrl,
  };
}

/** A paid charge as the provider told it: how it was paid, on which day, how much. */
export interface PaidCharge {
  billingType: string;
  paidOn: string | null;
  value: number | null;
}

export function presentBillingDetails(
  tenant: TenantBilling,
  plan: Plan | null,
  lastPaid: PaidCharge | null,
  providerUnavailable: boolean,
): BillingDetails {
  return {
    tenantId: tenant.id,
    plan,
    billed: tenant.paymentActive && tenant.status === 'active' && plan !== null && plan.value > 0,
    paymentActive: tenant.paymentActive,
    provider: 'asaas',
    customerId: tenant.paymentCustomerId,
    lastPaymentMethod: lastPaid,
    providerUnavailable,
  };
}
