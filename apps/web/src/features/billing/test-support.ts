import type { SubscriptionStatusView } from '@conversa/shared';

/** GET /subscription/status of a company in its trial (7 days left). */
export const TRIAL_STATUS: SubscriptionStatusView = {
  status: 'trial',
  blocked: false,
  blockReason: null,
  trialEndsAt: '2026-03-10T12:00:00.000Z',
  trialDaysLeft: 7,
};

/** GET /subscription/status of a company blocked for an overdue payment. */
export const OVERDUE_STATUS: SubscriptionStatusView = {
  status: 'blocked',
  blocked: true,
  blockReason: 'payment_overdue',
  trialEndsAt: null,
  trialDaysLeft: null,
};
