import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { recordAudit, type AuditInput } from '../../platform-ops/use-cases/record-audit.js';
import { findPaymentById, findPaymentView, findUserName, markPaymentReceived, type PaymentView } from '../billing.repository.js';
import { applyBlocks } from './apply-blocks.js';

/**
 * The operator marks a payment received by hand (paid outside the provider: a transfer, cash), after
 * confirming on /pagamentostenants. Audited: the payment keeps who did it and when, and the platform
 * audit log (platform-ops) gets a `payment.receive` entry in the same transaction — or, when refused,
 * one with the refusal's code. The company is unblocked at once when nothing else is due.
 */
export async function markPaymentReceivedByOperator(ctx: AppContext, actor: Actor, paymentId: string): Promise<PaymentView> {
  const now = ctx.clock.now();
  const audit: AuditInput = { action: 'payment.receive', targetType: 'payment', targetId: paymentId };
  try {
    await transact(ctx, async (tx, events) => {
      const payment = await findPaymentById(tx, paymentId);
      if (!payment) throw new AppError('ERR_NO_PAYMENT_FOUND');
      audit.targetTenantId = payment.tenantId;
      audit.details = { value: Number(payment.value), dueDate: payment.dueDate, previousStatus: payment.status };
      if (payment.status === 'received') throw new AppError('ERR_PAYMENT_ALREADY_RECEIVED');
      const name = (await findUserName(tx, actor.userId)) ?? `#${actor.userId}`;
      const marked = await markPaymentReceived(tx, paymentId, { paidAt: now, receivedByUserId: actor.userId, receivedByName: name });
      if (!marked) throw new AppError('ERR_PAYMENT_ALREADY_RECEIVED');
      await applyBlocks(tx, events, now, payment.tenantId);
      await recordAudit(ctx, actor, audit, 'ok', tx);
    });
  } catch (error) {
    const outcome = error instanceof AppError ? error.code : 'ERR_INTERNAL';
    await recordAudit(ctx, actor, audit, outcome).catch((auditError: unknown) =>
      ctx.logger.error({ err: auditError }, 'could not audit a refused manual receipt'),
    );
    throw error;
  }
  ctx.logger.info({ paymentId, userId: actor.userId }, 'payment marked received by the operator');
  const view = await findPaymentView(ctx.db, paymentId);
  if (!view) throw new AppError('ERR_NO_PAYMENT_FOUND');
  return view;
}
