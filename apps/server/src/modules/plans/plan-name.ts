import { AppError, isUniqueViolation } from '../../platform/http/app-error.js';

/** Runs a write; the unique lower(name) index turns a taken name into 409 ERR_PLAN_NAME_TAKEN (trimmed by the schema). */
export async function withPlanNameCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'plans_name_key')) throw new AppError('ERR_PLAN_NAME_TAKEN', undefined, { name: ['Already used'] });
    throw error;
  }
}

/** A plan without a trial stores 0 days (the days typed with the switch off are dropped). */
export function withTrialDays<T extends { trial?: boolean; trialDays?: number }>(input: T, trial: boolean): T {
  return trial ? input : { ...input, trialDays: 0 };
}
