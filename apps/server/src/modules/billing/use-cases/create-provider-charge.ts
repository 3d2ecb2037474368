import type { AppContext } from '../../../app-context.js';
import {
  findPaymentById,
  findTenantAdminEmail,
  findTenantBilling,
  setPaymentCharge,
  setTenantPaymentCustomer,
} from '../billing.repository.js';
import { activeAsaasClient } from './billing-provider.js';

/**
 * Makes a payment's charge at the provider (the `billing.create-charge` job): the company becomes
 * an Asaas customer once (its id kept in the tenant's payment customer id), then the charge is
 * looked up by our payment id (`externalReference`) before it is created, so a job that ran again
 * after a crash between the provider's answer and our commit never charges twice. Its invoice page
 * (`invoiceUrl`) becomes the payment's link. Nothing to do when the provider is off or the payment
 * has its charge (or was received by hand).
 */
export async function createProviderCharge(ctx: AppContext, paymentId: string): Promise<void> {
  const payment = await findPaymentById(ctx.db, paymentId);
  if (!payment || payment.providerPaymentId || payment.status === 'received') return;
  const provider = await activeAsaasClient(ctx);
  if (!provider) return;
  const tenant = await findTenantBilling(ctx.db, payment.tenantId);
  if (!tenant) return;

  let customerId = tenant.paymentCustomerId;
  if (!customerId) {
    const email = await findTenantAdminEmail(ctx.db, tenant.id);
    const customer = await provider.client.createCustomer({
      name: tenant.name,
      cpfCnpj: (tenant.identity ?? '').replace(/\D/g, ''),
      ...(email ? { email } : {}),
      ...(tenant.phone ? { mobilePhone: tenant.phone.replace(/\D/g, '') } : {}),
      externalReference: `tenant-${tenant.id}`,
    });
    customerId = customer.id;
    await setTenantPaymentCustomer(ctx.db, tenant.id, customerId);
  }

  const charge =
    (await provider.client.findPaymentByExternalReference(payment.id)) ??
    (await provider.client.createPayment({
      customer: customerId,
      billingType: payment.billingType,
      value: payment.value,
      dueDate: payment.dueDate,
      description: `Conversa — assinatura (${payment.dueDate})`,
      externalReference: payment.id,
    }));
  await setPaymentCharge(ctx.db, payment.id, {
    providerPaymentId: charge.id,
    link: charge.invoiceUrl ?? null,
    bankSlipUrl: charge.bankSlipUrl ?? null,
  });
}
