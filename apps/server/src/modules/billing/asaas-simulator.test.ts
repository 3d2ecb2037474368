/**
 * The Asaas simulator answers and calls back in the documented shapes (packages/simulators/fixtures/asaas,
 * from docs.asaas.com): the same keys as the documentation's samples, `access_token` required, errors
 * as `{ errors: [{ code, description }] }`, and its webhook events carry the token in `asaas-access-token`.
 * The adapter (providers/asaas/asaas.client.ts) is exercised against it.
 */
import { asaasFixture, startAsaasSimulator, type AsaasSimulator } from '@conversa/simulators';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp } from '../../platform/http/outbound-http.js';
import { AsaasError, asaasWebhookSchema, createAsaasClient } from './providers/asaas/asaas.client.js';

let sim: AsaasSimulator;
let receiver: FastifyInstance;
const received: { headers: Record<string, unknown>; body: unknown }[] = [];
const http = createOutboundHttp({ allowPrivateNetworks: true });

beforeAll(async () => {
  receiver = Fastify();
  receiver.post('/hook', async (request) => {
    received.push({ headers: request.headers, body: request.body });
    return { ok: true };
  });
  await receiver.listen({ port: 0, host: '127.0.0.1' });
  const port = (receiver.server.address() as AddressInfo).port;
  sim = await startAsaasSimulator({ webhook: { url: `http://127.0.0.1:${port}/hook`, token: 'the-webhook-token' } });
});
afterAll(async () => {
  await sim?.close();
  await receiver?.close();
});

const keys = (value: unknown) => Object.keys(value as object).sort();

describe('Asaas simulator', () => {
  it('creates customers and payments with the documented keys, found again by externalReference', async () => {
    const client = createAsaasClient({ baseUrl: `${sim.url}/v3`, apiKey: sim.apiKey, http });
    const customer = await client.createCustomer({
      name: 'Loja Azul',
      cpfCnpj: '11444777000161',
      email: 'dona@loja.test',
      externalReference: 'tenant-9',
    });
    const raw = await fetch(`${sim.url}/v3/customers`, {
      method: 'POST',
      headers: { access_token: sim.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Padaria Sol', cpfCnpj: '52998224725' }),
    });
    expect(keys(await raw.json())).toEqual(keys(asaasFixture('customer')));
    expect(sim.customers.find((c) => c.id === customer.id)).toMatchObject({ cpfCnpj: '11444777000161', externalReference: 'tenant-9' });
    const payment = await client.createPayment({
      customer: customer.id,
      billingType: 'UNDEFINED',
      value: 149.9,
      dueDate: '2026-03-10',
      description: 'Assinatura',
      externalReference: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    });
    expect(keys(payment)).toEqual(keys(asaasFixture('payment')));
    expect(payment).toMatchObject({
      status: 'PENDING',
      value: 149.9,
      dueDate: '2026-03-10',
      invoiceUrl: expect.stringContaining(`${sim.url}/i/`),
    });
    expect((await client.findPaymentByExternalReference('1b4e28ba-2fa1-41d2-883f-0016d3cca427'))?.id).toBe(payment.id);
    expect(await client.findPaymentByExternalReference('someone-else')).toBeUndefined();
  });

  it('refuses a wrong access_token (401) and bad fields (400) with the documented error body', async () => {
    const wrong = createAsaasClient({ baseUrl: `${sim.url}/v3`, apiKey: 'nope', http });
    await expect(wrong.createCustomer({ name: 'X', cpfCnpj: '52998224725', externalReference: 'x' })).rejects.toMatchObject({
      status: 401,
    });
    const client = createAsaasClient({ baseUrl: `${sim.url}/v3`, apiKey: sim.apiKey, http });
    const refused = await client
      .createPayment({ customer: 'cus_missing', billingType: 'PIX', value: 0, dueDate: 'amanhã', description: '', externalReference: 'x' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AsaasError);
    const raw = await fetch(`${sim.url}/v3/payments`, {
      method: 'POST',
      headers: { access_token: sim.apiKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raw.status).toBe(400);
    const body = (await raw.json()) as { errors: unknown[] };
    expect(keys(body)).toEqual(keys(asaasFixture('error-400')));
    expect(keys(body.errors[0])).toEqual(keys(asaasFixture<{ errors: unknown[] }>('error-400').errors[0]));
  });

  it('pays through its invoice page and posts the event, in the documented shape, with asaas-access-token', async () => {
    const payment = sim.payments[0];
    const page = await fetch(`${sim.url}/i/${payment.invoiceId}`);
    expect(await page.text()).toContain('Pagar');
    const paid = await fetch(`${sim.url}/i/${payment.invoiceId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const event = received.at(-1);
    expect(event?.headers['asaas-access-token']).toBe('the-webhook-token');
    const body = event?.body as Record<string, unknown>;
    expect(keys(body)).toEqual(keys(asaasFixture('webhook-payment-received')));
    expect(keys(body.payment)).toEqual(keys(asaasFixture<{ payment: object }>('webhook-payment-received').payment));
    expect(body).toMatchObject({ event: 'PAYMENT_RECEIVED', payment: { id: payment.id, status: 'RECEIVED' } });
    // The adapter reads the documented samples and the simulator's events alike.
    for (const name of ['webhook-payment-received', 'webhook-payment-confirmed', 'webhook-payment-overdue']) {
      expect(asaasWebhookSchema.safeParse(asaasFixture(name)).success, name).toBe(true);
    }
    expect(asaasWebhookSchema.safeParse(body).success).toBe(true);
  });
});
