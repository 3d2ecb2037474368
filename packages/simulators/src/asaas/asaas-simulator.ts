import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startSimServer, type SimServer } from '../shared/sim-server.js';

/**
 * A local stand-in for the Asaas API v3 (payments for Brazilian companies), built from its public
 * documentation (fixtures/asaas/SOURCES.md):
 *
 * - `POST /v3/customers` (name, cpfCnpj: 11 or 14 digits, email, mobilePhone, externalReference);
 * - `POST /v3/payments` (customer, billingType BOLETO / PIX / CREDIT_CARD / UNDEFINED, value,
 *   dueDate yyyy-MM-dd, description, externalReference): a PENDING payment with its `invoiceUrl`
 *   (this simulator's payment page) and, for bank slips, its `bankSlipUrl`;
 * - `GET /v3/payments` (filters `externalReference`, `customer`, `status`) and `GET /v3/payments/{id}`;
 * - the `access_token` header everywhere (401 otherwise); errors as `{ errors: [{ code, description }] }`.
 *
 * The payer's side: `GET /i/{invoice}` is the payment page with a **Pagar** button; paying marks
 * the payment RECEIVED and POSTs the PAYMENT_RECEIVED event to the configured webhook URL with the
 * webhook's token in `asaas-access-token`, as Asaas does. Control methods send the other events
 * (PAYMENT_CONFIRMED, PAYMENT_OVERDUE) and repeat a delivery (same event id).
 */

export type AsaasBillingType = 'BOLETO' | 'PIX' | 'CREDIT_CARD' | 'UNDEFINED';
export type AsaasPaymentStatus = 'PENDING' | 'RECEIVED' | 'CONFIRMED' | 'OVERDUE';

export interface AsaasSimulatorOptions {
  apiKey?: string;
  /** Where events go, and the token they carry (asaas-access-token); settable later. */
  webhook?: { url: string; token: string };
  port?: number;
}

export interface AsaasCustomer {
  id: string;
  name: string;
  cpfCnpj: string;
  email: string | null;
  mobilePhone: string | null;
  externalReference: string | null;
  dateCreated: string;
}

export interface AsaasSimPayment {
  id: string;
  invoiceId: string;
  customer: string;
  billingType: AsaasBillingType;
  value: number;
  dueDate: string;
  description: string | null;
  externalReference: string | null;
  status: AsaasPaymentStatus;
  paymentDate: string | null;
  dateCreated: string;
}

export interface AsaasWebhookDelivery {
  url: string;
  token: string;
  body: Record<string, unknown>;
  status: number;
  responseBody: string;
}

export interface AsaasSimulator extends SimServer {
  readonly apiKey: string;
  readonly customers: AsaasCustomer[];
  readonly payments: AsaasSimPayment[];
  readonly deliveries: AsaasWebhookDelivery[];
  setWebhook(url: string, token: string): void;
  /**
   * The payer pays (as the Pagar button does): RECEIVED and its event. `method`: how they paid on
   * the invoice page (a charge made as UNDEFINED lets the payer choose; the payment then carries it).
   */
  pay(
    paymentId: string,
    event?: 'PAYMENT_RECEIVED' | 'PAYMENT_CONFIRMED',
    method?: Exclude<AsaasBillingType, 'UNDEFINED'>,
  ): Promise<AsaasWebhookDelivery>;
  /** The due date passed unpaid: OVERDUE and its event. */
  expire(paymentId: string): Promise<AsaasWebhookDelivery>;
  /** POSTs an event object as given (a repeated delivery, a wrong token). */
  deliver(body: Record<string, unknown>, options?: { token?: string | null; url?: string }): Promise<AsaasWebhookDelivery>;
  /** The payment object of the API for a payment. */
  paymentObject(payment: AsaasSimPayment): Record<string, unknown>;
}

const FIXTURES = new URL('../../fixtures/asaas/', import.meta.url);

/** A fixture of packages/simulators/fixtures/asaas/, parsed (a fresh copy each call). */
export function asaasFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as T;
}

const BILLING_TYPES = new Set(['BOLETO', 'PIX', 'CREDIT_CARD', 'UNDEFINED']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const today = () => new Date().toISOString().slice(0, 10);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startAsaasSimulator(options: AsaasSimulatorOptions = {}): Promise<AsaasSimulator> {
  const apiKey = options.apiKey ?? `$aact_${hex(24)}`;
  const customers: AsaasCustomer[] = [];
  const payments: AsaasSimPayment[] = [];
  const deliveries: AsaasWebhookDelivery[] = [];
  let webhook = options.webhook ?? null;
  let eventSequence = 368604920;
  let base = '';

  const errors = (reply: FastifyReply, status: number, list: { code: string; description: string }[]) =>
    reply.status(status).send({ errors: list });
  const authorized = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.access_token !== apiKey) {
      void errors(reply, 401, [{ code: 'invalid_access_token', description: 'A chave de API fornecida é inválida' }]);
      return false;
    }
    return true;
  };

  const customerObject = (c: AsaasCustomer) => ({
    ...asaasFixture<Record<string, unknown>>('customer'),
    id: c.id,
    dateCreated: c.dateCreated,
    name: c.name,
    email: c.email,
    phone: null,
    mobilePhone: c.mobilePhone,
    address: null,
    addressNumber: null,
    complement: null,
    province: null,
    postalCode: null,
    cpfCnpj: c.cpfCnpj,
    personType: c.cpfCnpj.length === 14 ? 'JURIDICA' : 'FISICA',
    externalReference: c.externalReference,
    city: null,
    cityName: null,
    state: null,
    country: 'Brasil',
  });

  const paymentObject = (p: AsaasSimPayment): Record<string, unknown> => {
    const paid = p.status === 'RECEIVED' || p.status === 'CONFIRMED';
    return {
      ...asaasFixture<Record<string, unknown>>('payment'),
      id: p.id,
      dateCreated: p.dateCreated,
      customer: p.customer,
      dueDate: p.dueDate,
      originalDueDate: p.dueDate,
      value: p.value,
      netValue: Math.round(p.value * 0.97 * 100) / 100,
      description: p.description,
      externalReference: p.externalReference,
      billingType: p.billingType,
      status: p.status,
      confirmedDate: paid ? p.paymentDate : null,
      paymentDate: p.status === 'RECEIVED' ? p.paymentDate : null,
      clientPaymentDate: paid ? p.paymentDate : null,
      creditDate: p.status === 'RECEIVED' ? p.paymentDate : null,
      estimatedCreditDate: paid ? p.paymentDate : null,
      invoiceUrl: `${base}/i/${p.invoiceId}`,
      bankSlipUrl: p.billingType === 'BOLETO' || p.billingType === 'UNDEFINED' ? `${base}/b/pdf/${p.invoiceId}` : null,
      transactionReceiptUrl: paid ? `${base}/comprovantes/${p.invoiceId}` : null,
      invoiceNumber: String(payments.indexOf(p) + 1).padStart(8, '0'),
    };
  };

  const deliver = async (body: Record<string, unknown>, deliveryOptions: { token?: string | null; url?: string } = {}) => {
    const url = deliveryOptions.url ?? webhook?.url;
    if (!url) throw new Error('Asaas simulator: no webhook URL set');
    const token = deliveryOptions.token === undefined ? (webhook?.token ?? '') : deliveryOptions.token;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Asaas_Hmlg/3.0',
        ...(token === null ? {} : { 'asaas-access-token': token }),
      },
      body: JSON.stringify(body),
    });
    const delivery: AsaasWebhookDelivery = { url, token: token ?? '', body, status: response.status, responseBody: await response.text() };
    deliveries.push(delivery);
    return delivery;
  };

  const event = (name: string, p: AsaasSimPayment) => ({
    id: `evt_${hex(16)}&${++eventSequence}`,
    event: name,
    dateCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
    payment: paymentObject(p),
  });

  const find = (id: string) => {
    const payment = payments.find((p) => p.id === id);
    if (!payment) throw new Error(`Asaas simulator: no payment ${id}`);
    return payment;
  };

  const pay = async (
    paymentId: string,
    name: 'PAYMENT_RECEIVED' | 'PAYMENT_CONFIRMED' = 'PAYMENT_RECEIVED',
    method?: Exclude<AsaasBillingType, 'UNDEFINED'>,
  ) => {
    const payment = find(paymentId);
    if (method) payment.billingType = method;
    payment.status = name === 'PAYMENT_CONFIRMED' ? 'CONFIRMED' : 'RECEIVED';
    payment.paymentDate = today();
    return deliver(event(name, payment));
  };

  const sim = await startSimServer((app) => {
    // Form posts from the payment page.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post('/v3/customers', async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const problems: { code: string; description: string }[] = [];
      if (typeof body.name !== 'string' || !body.name.trim())
        problems.push({ code: 'invalid_name', description: 'O campo name deve ser informado' });
      const cpfCnpj = typeof body.cpfCnpj === 'string' ? body.cpfCnpj : '';
      if (!/^(\d{11}|\d{14})$/.test(cpfCnpj)) problems.push({ code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido' });
      if (problems.length) return errors(reply, 400, problems);
      const customer: AsaasCustomer = {
        id: `cus_${String(customers.length + 5219613).padStart(12, '0')}`,
        name: String(body.name),
        cpfCnpj,
        email: typeof body.email === 'string' ? body.email : null,
        mobilePhone: typeof body.mobilePhone === 'string' ? body.mobilePhone : null,
        externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
        dateCreated: today(),
      };
      customers.push(customer);
      return customerObject(customer);
    });

    app.post('/v3/payments', async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const problems: { code: string; description: string }[] = [];
      if (typeof body.customer !== 'string' || !customers.some((c) => c.id === body.customer))
        problems.push({ code: 'invalid_customer', description: 'Cliente inválido ou não informado.' });
      if (typeof body.billingType !== 'string' || !BILLING_TYPES.has(body.billingType))
        problems.push({ code: 'invalid_billingType', description: 'Forma de pagamento inválida.' });
      if (typeof body.value !== 'number' || !(body.value > 0))
        problems.push({ code: 'invalid_value', description: 'O campo value deve ser informado' });
      if (typeof body.dueDate !== 'string' || !DATE.test(body.dueDate))
        problems.push({ code: 'invalid_dueDate', description: 'A data de vencimento é inválida' });
      if (problems.length) return errors(reply, 400, problems);
      const payment: AsaasSimPayment = {
        id: `pay_${hex(8)}`,
        invoiceId: hex(8),
        customer: String(body.customer),
        billingType: body.billingType as AsaasBillingType,
        value: Number(body.value),
        dueDate: String(body.dueDate),
        description: typeof body.description === 'string' ? body.description : null,
        externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
        status: 'PENDING',
        paymentDate: null,
        dateCreated: today(),
      };
      payments.push(payment);
      return paymentObject(payment);
    });

    app.get('/v3/payments', async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const query = request.query as Record<string, string | undefined>;
      const data = payments
        .filter((p) => !query.externalReference || p.externalReference === query.externalReference)
        .filter((p) => !query.customer || p.customer === query.customer)
        .filter((p) => !query.status || p.status === query.status)
        .map(paymentObject);
      return {
        ...asaasFixture<Record<string, unknown>>('payments-list'),
        hasMore: false,
        totalCount: data.length,
        limit: 10,
        offset: 0,
        data,
      };
    });

    app.get('/v3/payments/:id', async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const payment = payments.find((p) => p.id === (request.params as { id: string }).id);
      if (!payment) return reply.status(404).send({ errors: [{ code: 'not_found', description: 'Cobrança não encontrada.' }] });
      return paymentObject(payment);
    });

    // The payer's side: the invoice page and its Pagar button.
    app.get('/i/:invoice', async (request, reply) => {
      const payment = payments.find((p) => p.invoiceId === (request.params as { invoice: string }).invoice);
      if (!payment) return reply.status(404).type('text/html').send('<p>Fatura não encontrada</p>');
      const paid = payment.status === 'RECEIVED' || payment.status === 'CONFIRMED';
      const value = payment.value.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
      return reply.type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fatura ${escapeHtml(payment.id)}</title></head>
<body><h1>Fatura</h1><p>${escapeHtml(payment.description ?? '')}</p><p>Valor: <strong>${escapeHtml(value)}</strong></p><p>Vencimento: ${escapeHtml(payment.dueDate)}</p>
${paid ? '<p data-testid="invoice-paid">Pagamento confirmado</p>' : `<form method="post" action="/i/${escapeHtml(payment.invoiceId)}/pay"><button type="submit">Pagar</button></form>`}
</body></html>`);
    });

    app.post('/i/:invoice/pay', async (request, reply) => {
      const payment = payments.find((p) => p.invoiceId === (request.params as { invoice: string }).invoice);
      if (!payment) return reply.status(404).type('text/html').send('<p>Fatura não encontrada</p>');
      if (payment.status !== 'RECEIVED' && payment.status !== 'CONFIRMED') await pay(payment.id);
      return reply.redirect(`/i/${payment.invoiceId}`, 303);
    });
  });
  base = sim.url;

  return Object.assign(sim, {
    apiKey,
    customers,
    payments,
    deliveries,
    setWebhook(url: string, token: string) {
      webhook = { url, token };
    },
    pay,
    async expire(paymentId: string) {
      const payment = find(paymentId);
      payment.status = 'OVERDUE';
      return deliver(event('PAYMENT_OVERDUE', payment));
    },
    deliver,
    paymentObject,
  });
}
