import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';

const NAME_CONSTRAINT = 'demands_tenant_name_key';

/** A second reason with the same name (whatever its case) is refused as ERR_DUPLICATED_DEMAND on `name`. */
export async function withDuplicateDemandCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, NAME_CONSTRAINT)) throw new AppError('ERR_DUPLICATED_DEMAND', undefined, { name: ['Already used'] });
    throw error;
  }
}
