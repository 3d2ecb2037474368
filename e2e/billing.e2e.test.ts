import { startAsaasSimulator, type AsaasSimulator } from '@conversa/simulators';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { apiClient, loginToken } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';

/**
 * Subscriptions and payments (issue 15), end to end: a company signs up with a plan; the test
 * clock ends its trial; its admin is confined to /configuracoesbloqueio (the overdue-payment
 * message, its payments, the settings it keeps); pays through the payment link of the Asaas simulator (its Pagar button posts the
 * PAYMENT_RECEIVED webhook to the product); the company is unblocked at once, without a reload.
 */

const ROOT_EMAIL = 'root@billing.test';
const ROOT_PASSWORD = 'Billing-root-pass-1!';
const OWNER = { email: 'dona@lojaazul.test', password: 'Loja-azul-pass-1!' };
const WEBHOOK_TOKEN = 'asaas-webhook-token-e2e-0123456789';

let server: RunningServer;
let browser: Browser;
let sim: AsaasSimulator;
const api = apiClient(() => server.url);

beforeAll(async () => {
  sim = await startAsaasSimulator();
  server = await startProduct({
    ADMIN_EMAIL: ROOT_EMAIL,
    ADMIN_PASSWORD: ROOT_PASSWORD,
    TEST_CLOCK: 'true',
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  sim.setWebhook(`${server.url}/webhooks/asaas`, WEBHOOK_TOKEN);
  browser = await launchBrowser();
  const root = await loginToken(api, ROOT_EMAIL, ROOT_PASSWORD);
  await api(
    'PUT',
    '/billing/provider',
    { active: true, baseUrl: `${sim.url}/v3`, apiKey: sim.apiKey, webhookToken: WEBHOOK_TOKEN, billingType: 'UNDEFINED' },
    root,
  );
  await api('POST', '/plans', { name: 'Essencial', value: 149.9, users: 5, connections: 2, trial: true, trialDays: 7 }, root);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

describe('subscription in a real browser', () => {
  it('signs up with a plan, is blocked when the test clock ends the trial, pays through the link and is unblocked', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/#/signup`);
      await visible(page.getByTestId('signup-form'));
      await page.getByLabel('Nome', { exact: true }).fill('Loja Azul');
      await page.getByLabel('CPF/CNPJ').fill('11.444.777/0001-61');
      await page.getByLabel('E-mail').fill(OWNER.email);
      await page.getByLabel('Celular').fill('+55 11 98765-4321');
      await page.getByLabel('Senha', { exact: true }).fill(OWNER.password);
      await page.getByLabel('Plano').selectOption({ index: 1 });
      await page.getByTestId('signup-submit').click();
      await page.waitForURL(/#\/login/);

      await signIn(page, server.url, { ...OWNER, passwordLabel: 'Senha', landing: /#\/home/ });
      await containsText(page.getByTestId('billing-trial'), '7 dias');

      // The test clock ends the trial (8 days later): the company is blocked, the open page follows at once.
      const root = await loginToken(api, ROOT_EMAIL, ROOT_PASSWORD);
      await api('POST', '/test-clock/advance', { days: 8 }, root);
      await page.waitForURL(/#\/configuracoesbloqueio/);
      await containsText(page.getByTestId('blocked-notice'), 'Pagamento em atraso');
      // 8 days on, the charge due when the trial ended is overdue: that is the reason given.
      await containsText(page.getByTestId('blocked-notice'), 'Um pagamento da sua assinatura está em atraso.');
      // As in Whazing: the menu is one entry, the blocked company's settings page.
      const menu = page.getByTestId('navbar');
      await containsText(menu, 'Configurações');
      expect(await menu.getByRole('link').count()).toBe(1);
      // Any other screen leads back to it; the subscription stays open.
      await page.goto(`${server.url}/#/contatos`);
      await page.waitForURL(/#\/configuracoesbloqueio/);
      await page.goto(`${server.url}/#/assinatura`);
      await containsText(page.getByTestId('subscription-blocked'), 'Pagamento em atraso');
      await page.goto(`${server.url}/#/configuracoesbloqueio`);

      // Pays through the simulator's payment link.
      const pay = page.locator('[data-testid^="payment-pay-"]').first();
      await visible(pay);
      const href = await pay.getAttribute('href');
      expect(href).toContain(`${sim.url}/i/`);
      const invoice = await context.newPage();
      await invoice.goto(href ?? '');
      await invoice.getByRole('button', { name: 'Pagar' }).click();
      await visible(invoice.getByTestId('invoice-paid'));
      expect(sim.deliveries.at(-1)?.status).toBe(200);

      // Unblocked at once: the socket event switches the open page back, without a reload.
      await visible(page.getByTestId('payment-status-received'));
      await visible(page.getByTestId('blocked-cleared'));
      expect(await page.getByTestId('blocked-notice').count()).toBe(0);
      await page.goto(`${server.url}/#/contatos`);
      await page.waitForURL(/#\/contatos/);
      await visible(page.getByTestId('navbar').getByText('Contatos'));
    } finally {
      await context.close();
    }
  });
});
