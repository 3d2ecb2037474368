import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import {
  findPaymentById,
  findPaymentByProviderId,
  insertWebhookEvent,
  markPaymentOverdue,
  markPaymentReceived,
} from '../billing.repository.js';
import { ASAAS_PAID_STATUSES, type AsaasWebhookEvent } from '../providers/asaas/asaas.client.js';
import { applyBlocks } from './apply-blocks.js';
import { readBillingProvider } from './billing-provider.js';

const PAID_EVENTS = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * An Asaas webhook (POST /webhooks/asaas). Authenticated as Asaas documents it: the authentication
 * token set for the webhook comes in the `asaas-access-token` header (401 ERR_INVALID_WEBHOOK_TOKEN
 * otherwise, or when none is configured). Idempotent by the event's `id`: the event row is inserted
 * in the transaction that applies it, so a repeated delivery changes nothing, and a failed one is
 * applied when Asaas retries it. PAYMENT_RECEIVED / PAYMENT_CONFIRMED mark the payment received and
 * unblock the company at once; PAYMENT_OVERDUE marks it overdue and blocks it. Other events, and
 * payments that are not ours, are acknowledged and ignored (Asaas pauses a queue that keeps failing).
 */
export async function receiveAsaasWebhook(
  ctx: AppContext,
  token: string | undefined,
  event: AsaasWebhookEvent,
): Promise<{ handled: boolean; duplicate: boolean }> {
  const provider = await readBillingProvider(ctx);
  if (!provider?.webhookToken || !token || !sameToken(token, provider.webhookToken)) throw new AppError('ERR_INVALID_WEBHOOK_TOKEN');

  const now = ctx.clock.now();
  return transact(ctx, async (tx, events) => {
    const fresh = await insertWebhookEvent(tx, { id: event.id, event: event.event, providerPaymentId: event.payment?.id ?? null });
    if (!fresh) return { handled: false, duplicate: true };
    const charge = event.payment;
    if (!charge) return { handled: false, duplicate: false };
    const reference = charge.externalReference ?? '';
    const payment =
      (await findPaymentByProviderId(tx, charge.id)) ?? (UUID.test(reference) ? await findPaymentById(tx, reference) : undefined);
    if (!payment) return { handled: false, duplicate: false };

    let changed = false;
    if (PAID_EVENTS.has(event.event) || ASAAS_PAID_STATUSES.includes(charge.status)) {
      const paidDay = charge.clientPaymentDate ?? charge.paymentDate ?? charge.confirmedDate;
      changed = Boolean(await markPaymentReceived(tx, payment.id, { paidAt: paidDay ? new Date(`${paidDay}T12:00:00Z`) : now }));
    } else if (event.event === 'PAYMENT_OVERDUE') {
      changed = await markPaymentOverdue(tx, payment.id);
    }
    if (changed) await applyBlocks(tx, events, now, payment.tenantId);
    return { handled: changed, duplicate: false };
  });
}
