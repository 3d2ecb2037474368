import type { AppContext } from '../../../app-context.js';
import { listAllPayments, type PaymentView } from '../billing.repository.js';

export const PAYMENTS_PAGE_SIZE = 50;

/** Every company's payments for the operator (/pagamentostenants), filtered by status and company. */
export async function listPayments(
  ctx: AppContext,
  query: { status?: 'pending' | 'received' | 'overdue'; tenantId?: number; pageNumber: number },
): Promise<{ rows: PaymentView[]; count: number; hasMore: boolean }> {
  const offset = (query.pageNumber - 1) * PAYMENTS_PAGE_SIZE;
  const { rows, count } = await listAllPayments(ctx.db, {
    status: query.status,
    tenantId: query.tenantId,
    limit: PAYMENTS_PAGE_SIZE,
    offset,
  });
  return { rows, count, hasMore: offset + rows.length < count };
}
