import type { BillingType } from '@conversa/shared';
import { z } from 'zod';
import type { OutboundFetch } from '../../../../platform/http/outbound-http.js';

/**
 * Asaas API v3 (https://docs.asaas.com): customers and payments ("cobranças"), authenticated by the
 * `access_token` header, JSON both ways, errors as `{ errors: [{ code, description }] }`. The base
 * URL is the operator's (https://api.asaas.com/v3, https://api-sandbox.asaas.com/v3, or the local
 * simulator of packages/simulators), called through the outbound (SSRF-safe) client.
 */
export const asaasPaymentSchema = z.looseObject({
  object: z.literal('payment').optional(),
  id: z.string(),
  customer: z.string().optional(),
  value: z.number().optional(),
  status: z.string(),
  dueDate: z.string().optional(),
  billingType: z.string().optional(),
  externalReference: z.string().nullish(),
  invoiceUrl: z.string().nullish(),
  bankSlipUrl: z.string().nullish(),
  paymentDate: z.string().nullish(),
  clientPaymentDate: z.string().nullish(),
  confirmedDate: z.string().nullish(),
});
export type AsaasPayment = z.infer<typeof asaasPaymentSchema>;

const customerSchema = z.looseObject({ id: z.string() });
const listSchema = <T extends z.ZodType>(item: T) => z.looseObject({ data: z.array(item), totalCount: z.number().optional() });
const errorSchema = z.looseObject({ errors: z.array(z.looseObject({ code: z.string().optional(), description: z.string().optional() })) });

/** The webhook's event object (https://docs.asaas.com/docs/receive-asaas-events-at-your-webhook-endpoint). */
export const asaasWebhookSchema = z.looseObject({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  dateCreated: z.string().optional(),
  payment: asaasPaymentSchema.optional(),
});
export type AsaasWebhookEvent = z.infer<typeof asaasWebhookSchema>;

export class AsaasError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AsaasError';
  }
}

export interface AsaasClientOptions {
  baseUrl: string;
  apiKey: string;
  http: OutboundFetch;
}

export function createAsaasClient({ baseUrl, apiKey, http }: AsaasClientOptions) {
  const root = baseUrl.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const response = await http(`${root}${path}`, {
      method,
      headers: {
        access_token: apiKey,
        'User-Agent': 'Conversa',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    if (!response.ok) {
      const errors = errorSchema.safeParse(json);
      const detail = errors.success ? errors.data.errors.map((e) => e.description ?? e.code).join('; ') : `HTTP ${response.status}`;
      throw new AsaasError(response.status, detail);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new AsaasError(response.status, 'unexpected answer from Asaas');
    return parsed.data;
  }

  return {
    /** POST /customers: the payer (the company), with its CPF/CNPJ; our tenant id as externalReference. */
    createCustomer: (customer: { name: string; cpfCnpj: string; email?: string; mobilePhone?: string; externalReference: string }) =>
      call('POST', '/customers', customerSchema, customer),
    /** GET /payments?externalReference=: the charge made earlier for our payment (a retried creation finds it). */
    async findPaymentByExternalReference(externalReference: string): Promise<AsaasPayment | undefined> {
      const list = await call(
        'GET',
        `/payments?externalReference=${encodeURIComponent(externalReference)}`,
        listSchema(asaasPaymentSchema),
      );
      return list.data[0];
    },
    /** GET /payments?customer=: a customer's charges (the first page, newest first as Asaas lists them). */
    async listCustomerPayments(customer: string): Promise<AsaasPayment[]> {
      const list = await call('GET', `/payments?customer=${encodeURIComponent(customer)}&limit=20`, listSchema(asaasPaymentSchema));
      return list.data;
    },
    /** POST /payments: one charge; `invoiceUrl` is the page where the payer pays. */
    createPayment: (payment: {
      customer: string;
      billingType: BillingType;
      value: number;
      dueDate: string;
      description: string;
      externalReference: string;
    }) => call('POST', '/payments', asaasPaymentSchema, payment),
  };
}

export type AsaasClient = ReturnType<typeof createAsaasClient>;

/** Asaas statuses that mean the money came (RECEIVED) or is certain (CONFIRMED: card, funds not yet available). */
export const ASAAS_PAID_STATUSES = ['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH'];
