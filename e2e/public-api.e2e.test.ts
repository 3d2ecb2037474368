import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { apiClient, loginToken } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';

const ROOT_EMAIL = 'root@public-api.test';
const ROOT_PASSWORD = 'Api-root-pass-1!';
const ADMIN = { name: 'Ana Administradora', email: 'ana@public-api.test', password: 'Ana-admin-123!' };
const CUSTOMER_NUMBER = '5511977776666';
const TEXT = 'Seu pedido 123 saiu para entrega.';

let server: RunningServer;
let browser: Browser;
let meta: MetaCloudSimulator;

const api = apiClient(() => server.url);

beforeAll(async () => {
  // The channel the API sends by: WhatsApp Cloud API, played by the Meta simulator on 127.0.0.1.
  meta = await startMetaCloudSimulator({ displayPhoneNumber: '5511999990001' });
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  browser = await launchBrowser();
  const token = await loginToken(api, ROOT_EMAIL, ROOT_PASSWORD);
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#228be6' }, token);
  await api('POST', '/users', { ...ADMIN, profile: 'admin', queueIds: [queue.id] }, token);
  await api(
    'POST',
    '/whatsapp',
    {
      name: 'WhatsApp oficial',
      type: 'waba',
      queueId: queue.id,
      settings: {
        phoneNumberId: meta.phoneNumberId,
        token: meta.token,
        appSecret: meta.appSecret,
        verifyToken: 'verify-token-e2e',
        baseUrl: meta.url,
      },
    },
    token,
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await meta?.close();
});

describe('the public API, in Chromium', () => {
  it('an admin creates an API configuration and copies its token; a script sends a message with it; the inbox and the call log show it', async () => {
    const context = await browser.newContext({ locale: 'pt-BR', permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    try {
      await signIn(page, server.url, {
        email: ADMIN.email,
        password: ADMIN.password,
        passwordLabel: 'Senha',
        landing: /#\/(atendimento|home)/,
      });

      // The admin menu's "API" entry: a new configuration sending by the WhatsApp channel.
      await page.getByRole('link', { name: 'API', exact: true }).click();
      await page.waitForURL(/#\/api-service/);
      await page.getByTestId('api-config-new').click();
      await page.getByTestId('api-config-name').fill('Loja virtual');
      await page.getByTestId('api-config-channel').click();
      await page.getByRole('option', { name: 'WhatsApp oficial' }).click();
      await page.getByTestId('api-config-save').click();

      // The token, shown this once in full with the warning; copied with the button.
      const secret = page.getByTestId('api-secret-modal');
      await containsText(secret.getByTestId('api-secret-warning'), 'Copie agora, não será mostrado de novo');
      const token = (await secret.getByTestId('api-secret-token').textContent())!.trim();
      expect(token).toMatch(/^cva_/);
      await secret.getByTestId('api-secret-token-copy').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      await secret.getByTestId('api-secret-done').click();

      // Listed with the token masked; its base URL copied from its row.
      const row = page.getByTestId(/^api-config-[0-9a-f-]{36}$/).filter({ hasText: 'Loja virtual' });
      await visible(row);
      const apiId = (await row.getAttribute('data-testid'))!.replace('api-config-', '');
      await expect.poll(() => page.getByTestId(`api-config-token-${apiId}`).textContent()).toContain(token.slice(-4));
      expect(await page.getByTestId('api-config-table').textContent()).not.toContain(token);
      await page.getByTestId(`api-config-url-${apiId}-copy`).click();
      const baseUrl = await page.evaluate(() => navigator.clipboard.readText());
      expect(baseUrl).toBe(`${server.url}/v1/api/external/${apiId}`);

      // A script (a CRM, n8n) sends a text with them.
      const sent = await fetch(baseUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: TEXT, number: CUSTOMER_NUMBER, externalKey: 'pedido-123' }),
      });
      expect(sent.status).toBe(201);
      const answer = (await sent.json()) as { ticketId: number; externalKey: string };
      expect(answer.externalKey).toBe('pedido-123');

      // It shows in the admin's inbox: a pending ticket of the channel's queue with the message; it reached WhatsApp.
      await page.goto(`${server.url}/#/atendimento`);
      await page.getByTestId('tab-pending').click();
      await page.getByTestId(`ticket-${answer.ticketId}`).click();
      await visible(page.locator('[data-testid^="message-"]').filter({ hasText: TEXT }).first());
      const reachedWhatsApp = () =>
        meta.sent.some((s) => s.payload.to === CUSTOMER_NUMBER && (s.payload.text as { body?: string } | undefined)?.body === TEXT);
      await expect.poll(reachedWhatsApp).toBe(true);

      // The call is in the configuration's call log.
      await page.goto(`${server.url}/#/api-service`);
      await page.getByTestId(`api-config-logs-${apiId}`).click();
      const log = page.getByTestId('api-log-modal');
      const call = log.getByTestId(/^api-log-\d+$/).first();
      await containsText(call, 'POST /');
      await containsText(call, '201');
    } catch (error) {
      await page.screenshot({ path: 'e2e/artifacts/public-api-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
