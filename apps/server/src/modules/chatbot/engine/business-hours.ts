import type { AppContext } from '../../../app-context.js';

/**
 * Whether the tenant is inside its business hours at `at` (SPEC §3 Business hours), for the flows'
 * out-of-hours route. The business-hours module provides it (setBusinessHoursCheck at start);
 * until it is set, every moment is inside business hours, so that no out-of-hours route is taken
 * on a tenant whose hours are not configured.
 */
export type BusinessHoursCheck = (ctx: AppContext, tenantId: number, at: Date) => Promise<boolean>;

let check: BusinessHoursCheck = async () => true;

export function setBusinessHoursCheck(next: BusinessHoursCheck): void {
  check = next;
}

export function isInsideBusinessHours(ctx: AppContext, tenantId: number, at: Date): Promise<boolean> {
  return check(ctx, tenantId, at);
}
