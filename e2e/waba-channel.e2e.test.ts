import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { attributeIs, containsText, visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';

const ROOT_EMAIL = 'root@waba.test';
const ROOT_PASSWORD = 'Waba-root-pass-1!';
const CUSTOMER = { number: '5511988887777', name: 'Walter Whats' };

let server: RunningServer;
let browser: Browser;
let meta: MetaCloudSimulator;

beforeAll(async () => {
  // The Meta Cloud API simulator plays Graph and the customer's phone; statuses come back as Meta sends them.
  meta = await startMetaCloudSimulator({ displayPhoneNumber: '5511999990000', autoStatuses: { delayMs: 300 } });
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await meta?.close();
});

describe('a WhatsApp Cloud API channel in a real browser, against the Meta simulator', () => {
  it('creates the channel, receives a customer message, replies, and sees the delivered/read ticks', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/#/login`);
      await page.getByLabel('E-mail').fill(ROOT_EMAIL);
      await page.getByLabel('Senha', { exact: true }).fill(ROOT_PASSWORD);
      await page.getByRole('slider', { name: 'captcha' }).focus();
      await page.keyboard.press('End');
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/#\/assinatura/);

      // Create the waba channel through the channel screen, pointing at the simulator.
      await page.goto(`${server.url}/#/canais`);
      await page.getByTestId('channels-new').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nome', { exact: true }).fill('WhatsApp oficial');
      await dialog.getByTestId('channel-type').selectOption('waba');
      await dialog.getByTestId('channel-number').fill(meta.displayPhoneNumber);
      const settings: Record<string, string> = {
        phoneNumberId: meta.phoneNumberId,
        token: meta.token,
        appSecret: meta.appSecret,
        verifyToken: 'verify-token-e2e',
        baseUrl: meta.url,
      };
      for (const [key, value] of Object.entries(settings)) await dialog.getByTestId(`channel-setting-${key}`).fill(value);
      await dialog.getByTestId('channel-save').click();

      const card = page
        .getByTestId(/^channel-\d+$/)
        .filter({ hasText: 'WhatsApp oficial' })
        .first();
      await visible(card);
      const channelId = (await card.getAttribute('data-testid'))!.replace('channel-', '');
      await expect
        .poll(async () => page.getByTestId(`channel-status-${channelId}`).getAttribute('data-status'), { timeout: 15_000 })
        .toBe('connected');

      // Meta is configured with the webhook URL the screen shows.
      const webhookUrl = (await page.getByTestId(`channel-webhook-${channelId}`).textContent())!.trim();
      expect(webhookUrl).toMatch(/\/webhooks\/waba\//);
      meta.setWebhookUrl(webhookUrl.startsWith('http') ? webhookUrl : `${server.url}${webhookUrl}`);
      const verification = await meta.verifyWebhook('verify-token-e2e', 'challenge-42');
      expect(verification).toEqual({ status: 200, body: 'challenge-42' });

      // The customer writes; the webhook is accepted only once committed.
      const delivery = await meta.sendInbound({ type: 'text', from: CUSTOMER.number, name: CUSTOMER.name, text: 'Oi, quero um orçamento' });
      expect(delivery.status).toBe(200);

      await page.goto(`${server.url}/#/atendimento`);
      await page.getByTestId('tab-pending').click();
      const row = page
        .getByTestId(/^ticket-\d+$/)
        .filter({ hasText: CUSTOMER.name })
        .first();
      await visible(row);
      await row.click();
      await containsText(page.getByTestId('chat-header'), CUSTOMER.name);
      await page.getByTestId('ticket-accept').click();
      await attributeIs(page.getByTestId('chat-status'), 'data-status', 'open');
      await page.getByTestId('composer-input').fill('Olá Walter! Vou preparar o orçamento.');
      await page.getByTestId('composer-send').click();

      // The reply reaches Meta as a documented text message, and the ticks go to read.
      await expect
        .poll(() => meta.sent.find((m) => m.to === CUSTOMER.number)?.payload, { timeout: 15_000 })
        .toMatchObject({
          messaging_product: 'whatsapp',
          to: CUSTOMER.number,
          type: 'text',
          text: { body: 'Olá Walter! Vou preparar o orçamento.' },
        });
      await expect
        .poll(async () => page.locator('[data-testid^="message-status-"]').last().getAttribute('data-status'), { timeout: 15_000 })
        .toBe('read');
    } catch (error) {
      await page.screenshot({ path: 'e2e/artifacts/waba-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
