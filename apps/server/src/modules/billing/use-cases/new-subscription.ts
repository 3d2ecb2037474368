import { trialEndFor } from './trial-end.js';

export interface NewSubscriptionTerms {
  trial: boolean;
  trialDays: number;
  trialEndsAt: Date | null;
  paymentActive: boolean;
}

/**
 * The subscription a new company starts with, whoever makes it (public sign-up, the operator on
 * /tenants, a reseller through the Tenant API), so that all are billed alike: the plan's trial (or
 * the maker's number of days, 0 for none) ending that many days from `now`, and billed through the
 * payment provider (`paymentActive`) when the plan has a value, unless the maker exempts it.
 */
export function newSubscriptionTerms(
  plan: { value: number | string; trial: boolean; trialDays: number } | null | undefined,
  now: Date,
  maker: { trialDays?: number; paymentActive?: boolean } = {},
): NewSubscriptionTerms {
  const trialDays = Math.max(0, maker.trialDays ?? (plan?.trial ? plan.trialDays : 0));
  return {
    trial: trialDays > 0,
    trialDays,
    trialEndsAt: trialEndFor({ trial: trialDays > 0, trialDays }, now),
    paymentActive: maker.paymentActive ?? (plan !== null && plan !== undefined && Number(plan.value) > 0),
  };
}
