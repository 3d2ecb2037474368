import { z } from 'zod';
import { idSchema, planSchema, refIdSchema } from './contracts.js';

/**
 * Subscriptions and payments (issue 15): a tenant's plan, trial and payments, the platform's
 * payment provider (Asaas) and the operator's views. SPEC §3 Payment (id, status, dueDate, link),
 * §4 payment statuses (pending, received, overdue).
 */
export const PAYMENT_STATUSES = ['pending', 'received', 'overdue'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Asaas `billingType`: how the payer may pay (UNDEFINED: the payer chooses on the invoice page). */
export const BILLING_TYPES = ['UNDEFINED', 'BOLETO', 'PIX', 'CREDIT_CARD'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/** Why a tenant is blocked: its trial ended without a payment, or a payment is overdue. */
export const BILLING_BLOCK_REASONS = ['trial_ended', 'payment_overdue'] as const;
export type BillingBlockReason = (typeof BILLING_BLOCK_REASONS)[number];

/** The subscription's state as the screens show it. */
export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'blocked', 'exempt'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Days before a due date when its charge is made (the payer sees it, with its link, this early). */
export const BILLING_LEAD_DAYS = 5;

/** What the provider settings answer instead of a stored secret. */
export const BILLING_SECRET_MASK = '********';

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const paymentSchema = z.object({
  id: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  planName: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  value: z.number(),
  /** yyyy-MM-dd. */
  dueDate: dateOnly,
  /** The payment page (Asaas invoiceUrl), or null until the provider made the charge. */
  link: z.string().nullable(),
  /** The bank slip (Asaas bankSlipUrl), when there is one. */
  bankSlipUrl: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Marked received by hand by the operator (who, when): null when the provider said so. */
  receivedManuallyBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /subscription/status: what every user of the tenant needs (the web app's blocked mode). */
export const subscriptionStatusSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  blocked: z.boolean(),
  blockReason: z.enum(BILLING_BLOCK_REASONS).nullable(),
  trialEndsAt: z.string().nullable(),
  /** Days left in the trial (rounded up; 0 once ended), null outside a trial. */
  trialDaysLeft: z.number().int().nullable(),
});
export type SubscriptionStatusView = z.infer<typeof subscriptionStatusSchema>;

/** GET /subscription: the tenant's subscription page (admins). */
export const subscriptionSchema = subscriptionStatusSchema.extend({
  tenantId: z.number().int(),
  plan: planSchema.nullable(),
  payments: z.array(paymentSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * GET /subscription/billing (/configuracoes/pagamentos, a company's admins, read-only): its plan,
 * whether it is billed, its customer id at the payment provider and, from the provider, how its last
 * payment was made (null when none was, or the provider is off; `providerUnavailable` when the
 * provider did not answer).
 */
export const billingDetailsSchema = z.object({
  tenantId: z.number().int(),
  plan: planSchema.nullable(),
  billed: z.boolean(),
  /** The operator's switch: billed through the payment provider (false: exempt). */
  paymentActive: z.boolean(),
  provider: z.literal('asaas'),
  customerId: z.string().nullable(),
  lastPaymentMethod: z
    .object({
      /** How the payer paid (Asaas billingType: BOLETO, PIX, CREDIT_CARD; UNDEFINED when the provider does not say). */
      billingType: z.string(),
      paidOn: z.string().nullable(),
      value: z.number().nullable(),
    })
    .nullable(),
  providerUnavailable: z.boolean(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const changePlanBodySchema = z.object({ planId: refIdSchema });

export const billingProviderSchema = z.object({
  provider: z.literal('asaas'),
  configured: z.boolean(),
  active: z.boolean(),
  baseUrl: z.string(),
  /** Masked when stored. */
  apiKey: z.string(),
  /** The token Asaas sends in `asaas-access-token` (masked when stored). */
  webhookToken: z.string(),
  billingType: z.enum(BILLING_TYPES),
  /** Where to point the provider's webhook. */
  webhookUrl: z.string(),
});
export type BillingProvider = z.infer<typeof billingProviderSchema>;

export const billingProviderBodySchema = z.object({
  active: z.boolean(),
  baseUrl: z.url({ protocol: /^https?$/ }).max(500),
  /** Left out, empty or masked: the stored one. */
  apiKey: z.string().trim().max(500).optional(),
  webhookToken: z.string().trim().max(255).optional(),
  billingType: z.enum(BILLING_TYPES).default('UNDEFINED'),
});

export const listTenantPaymentsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  tenantId: idSchema.optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export const tenantPaymentsResponseSchema = z.object({ payments: z.array(paymentSchema), count: z.number().int(), hasMore: z.boolean() });

export const paymentIdParamSchema = z.object({ paymentId: z.uuid() });

/** GET /billing/overview: the superadmin's landing (assinatura). */
export const billingOverviewSchema = z.object({
  tenantsByPlan: z.array(
    z.object({
      planId: z.number().int().nullable(),
      planName: z.string().nullable(),
      total: z.number().int(),
      trial: z.number().int(),
      active: z.number().int(),
      blocked: z.number().int(),
      inactive: z.number().int(),
    }),
  ),
  trialsEndingThisWeek: z.array(z.object({ tenantId: z.number().int(), name: z.string(), trialEndsAt: z.string() })),
  overduePayments: z.array(paymentSchema),
  /** Monthly recurring revenue: the plan values of the active, billed tenants out of trial. */
  mrr: z.number(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** Socket event to the tenant's users when it is blocked or unblocked. */
export interface TenantBillingEvent {
  blocked: boolean;
  reason: BillingBlockReason | null;
}

/** Days left until `end`, rounded up (1 during the last day), 0 once it passed. */
export function trialDaysLeft(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 86_400_000));
}
