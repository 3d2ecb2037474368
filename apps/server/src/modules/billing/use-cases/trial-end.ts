/** When a trial on `plan` started at `now` ends: null for a plan without trial days. */
export function trialEndFor(plan: { trial: boolean; trialDays: number }, now: Date): Date | null {
  if (!plan.trial || plan.trialDays <= 0) return null;
  return new Date(now.getTime() + plan.trialDays * 86_400_000);
}
