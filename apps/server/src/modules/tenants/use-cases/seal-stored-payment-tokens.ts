import type { AppContext } from '../../../app-context.js';
import { storedPaymentToken } from '../payment-token.js';
import { listClearPaymentTokens, replacePaymentTokenIfUnchanged } from '../tenants.repository.js';

/**
 * On every start: seals the payment tokens still stored in clear (written before they were
 * encrypted at rest). Idempotent; a company edited meanwhile keeps what its edit wrote.
 */
export async function sealStoredPaymentTokens(ctx: AppContext): Promise<number> {
  let sealed = 0;
  for (const row of await listClearPaymentTokens(ctx.db)) {
    const next = storedPaymentToken(ctx, row.paymentToken);
    if (next && (await replacePaymentTokenIfUnchanged(ctx.db, row.id, row.paymentToken, next))) sealed++;
  }
  if (sealed) ctx.logger.info({ tenants: sealed }, 'payment tokens stored in clear are now encrypted');
  return sealed;
}
