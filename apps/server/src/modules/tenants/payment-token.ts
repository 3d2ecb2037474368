import { SECRET_MASK } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';

const PAYMENT_TOKEN_LABEL = 'tenant.paymentToken';

/**
 * The stored form of a company's payment-provider token as a create or update sets it: sealed at
 * rest (answers show only SECRET_MASK); the mask sent back means "keep the stored one" (undefined:
 * no change); null removes it.
 */
export function storedPaymentToken(ctx: AppContext, value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === SECRET_MASK) return undefined;
  if (value === null || value === '') return null;
  return ctx.secretBox.seal(value, PAYMENT_TOKEN_LABEL);
}
