import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';

const NAME_CONSTRAINT = 'lanes_tenant_name_key';

/** A second lane with the same name (whatever its case) is refused as ERR_DUPLICATED_LANE on `name`. */
export async function withDuplicateNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, NAME_CONSTRAINT)) throw new AppError('ERR_DUPLICATED_LANE', undefined, { name: ['Already used'] });
    throw error;
  }
}
