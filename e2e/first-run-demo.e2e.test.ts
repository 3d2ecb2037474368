/**
 * The README's demo path, as a newcomer lives it (issue 9 item 2): `DEMO_SIMULATORS=true npm start`,
 * the customer writes from /demo/whatsapp, the first-run admin (ADMIN_EMAIL / ADMIN_PASSWORD) signs
 * in and reaches the ticket and replies by clicking only (no URL typed after the login), and the
 * reply shows on the demo phone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { acceptTicket } from './inbox.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';

const ADMIN_EMAIL = 'admin@demo.test';
const ADMIN_PASSWORD = 'Demo-admin-pass-1!';
const CUSTOMER = { number: '5511912345678', name: 'Dora Demo' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // A first `npm start`: an empty DATA_DIR, where the product creates and migrates its database.
  server = await startProduct({ DEMO_SIMULATORS: 'true', ADMIN_EMAIL, ADMIN_PASSWORD }, { emptyDataDir: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the README's demo path, by clicking only", () => {
  it('the customer writes on the demo phone; the first-run admin finds the ticket from the menu, replies, and the phone shows it', async () => {
    const phoneContext = await browser.newContext({ locale: 'pt-BR' });
    const agentContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
    const phone = await phoneContext.newPage();
    const agent = await agentContext.newPage();
    try {
      // The customer's phone: number and name, then a message.
      await phone.goto(`${server.url}/demo/whatsapp`);
      await phone.locator('#number').fill(CUSTOMER.number);
      await phone.locator('#name').fill(CUSTOMER.name);
      await phone.locator('#text').fill('Oi! Quero saber o prazo de entrega.');
      await phone.getByRole('button', { name: 'Enviar' }).click();
      await containsText(phone.locator('#log li.me'), 'Oi! Quero saber o prazo de entrega.');

      // The first-run admin signs in (the platform superadmin lands on assinatura, the platform at a glance)…
      await signIn(agent, server.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, passwordLabel: 'Senha' });
      const urlAfterLogin = agent.url();
      // …whose menu holds tenant 1's work and, apart, the platform's screens.
      await visible(agent.getByRole('group', { name: 'Minha empresa' }).getByTestId('nav-atendimento'));
      await visible(agent.getByRole('group', { name: 'Plataforma' }).getByTestId('nav-tenants'));

      // From here on, clicks only.
      await agent.getByTestId('nav-atendimento').click();
      await agent.getByTestId('tab-pending').click();
      const row = agent
        .getByTestId(/^ticket-\d+$/)
        .filter({ hasText: CUSTOMER.name })
        .first();
      await visible(row);
      await containsText(row, 'Oi! Quero saber o prazo de entrega.');
      await row.click();
      await containsText(agent.getByTestId('chat-header'), CUSTOMER.name);
      await acceptTicket(agent);
      await agent.getByTestId('composer-input').fill('Olá, Dora! Entregamos em até 2 dias úteis.');
      await agent.getByTestId('composer-send').click();

      // The reply reaches the phone through the simulator; the inbox shows it read.
      await containsText(phone.locator('#log li.them'), 'Olá, Dora! Entregamos em até 2 dias úteis.');
      await expect
        .poll(async () => agent.locator('[data-testid^="message-status-"]').last().getAttribute('data-status'), { timeout: 15_000 })
        .toBe('read');

      // Landed on the platform overview, ended in the chat: by the menu, the tab, the row.
      expect(urlAfterLogin).toMatch(/#\/assinatura$/);
      expect(agent.url()).toMatch(/#\/atendimento\/\d+$/);
    } catch (error) {
      await agent.screenshot({ path: 'e2e/artifacts/first-run-demo-agent-failure.png' }).catch(() => undefined);
      await phone.screenshot({ path: 'e2e/artifacts/first-run-demo-phone-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await Promise.all([phoneContext.close(), agentContext.close()]);
    }
  });
});
