import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotContexts } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { acceptTicket } from './inbox.js';
import { startProduct, type RunningServer } from './server.js';
import { apiClient, signInAgent } from './helpers.js';

/**
 * Quick messages (issue 10 §4): an agent types "/" in the composer, picks a quick message with
 * {{name}}, and the customer on the web-chat widget gets it with their own name; `/key` of no
 * quick message is refused in the composer and nothing reaches the customer.
 */

const ROOT_EMAIL = 'root@quick.test';
const ROOT_PASSWORD = 'Quick-root-pass-1!';
const AGENT = { name: 'Alice Atendente', email: 'alice@quick.test', password: 'Alice-pass-123!' };

let server: RunningServer;
let browser: Browser;
let publicKey: string;

const api = apiClient(() => server.url);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  const { token } = await api<{ token: string }>('POST', '/auth/login/', { email: ROOT_EMAIL, password: ROOT_PASSWORD });
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#228be6' }, token);
  await api('POST', '/users', { ...AGENT, profile: 'user', queueIds: [queue.id] }, token);
  const channel = await api<{ publicKey: string }>('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: queue.id }, token);
  publicKey = channel.publicKey;
  await api('POST', '/fastreply', { key: 'saudacao', message: 'Olá {{name}}, tudo bem? Aqui é {{user}}.' }, token);
  await api('POST', '/fastreply', { key: 'pix', message: 'Nossa chave PIX é contato@empresa.test' }, token);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function agentPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signInAgent(page, server.url, AGENT);
  await page.getByTestId('tab-pending').click();
  return page;
}

describe('quick messages in real browsers', () => {
  it('"/" in the composer lists them; the one picked reaches the widget with the customer\'s name; an unknown /key sends nothing', async () => {
    const agentContext = await browser.newContext({ locale: 'pt-BR' });
    const customerContext = await browser.newContext({ locale: 'en-US' });
    try {
      const agent = await agentPage(agentContext);
      const customer = await customerContext.newPage();
      await customer.goto(`${server.url}/webchat/demo/${publicKey}`);
      await customer.getByRole('button', { name: 'Open chat' }).click();
      await customer.getByLabel('Your name').fill('Carla Cliente');
      await customer.getByRole('button', { name: 'Start chat' }).click();
      await customer.getByLabel('Write a message…').fill('Oi, preciso de ajuda');
      await customer.getByRole('button', { name: 'Send' }).click();

      const row = agent
        .getByTestId(/^ticket-\d+$/)
        .filter({ hasText: 'Carla Cliente' })
        .first();
      await visible(row);
      await row.click();
      await acceptTicket(agent);

      // An unknown key: an error under the composer, and nothing is sent.
      const input = agent.getByTestId('composer-input');
      await input.fill('/naoexiste');
      await input.press('Enter');
      await containsText(agent.getByTestId('composer-quick-error'), '/naoexiste');
      expect(await input.inputValue()).toBe('/naoexiste');

      // "/" opens the list of quick messages; typing filters it; the agent picks one with the keyboard.
      await input.fill('');
      await input.pressSequentially('/');
      await visible(agent.getByTestId('quick-message-option-saudacao'));
      await visible(agent.getByTestId('quick-message-option-pix'));
      await input.pressSequentially('sau');
      await visible(agent.getByTestId('quick-message-option-saudacao'));
      expect(await agent.getByTestId('quick-message-option-pix').count()).toBe(0);
      await input.press('ArrowDown');
      await input.press('Enter');
      await containsText(agent.getByTestId('composer-quick-message'), '/saudacao');
      expect(await input.inputValue()).toBe('Olá {{name}}, tudo bem? Aqui é {{user}}.');
      await input.press('Enter');

      // The customer gets it with the variables filled in; the chat shows the same text.
      await visible(customer.getByText('Olá Carla Cliente, tudo bem? Aqui é Alice Atendente.'));
      await visible(
        agent.locator('[data-testid^="message-body-"]').filter({ hasText: 'Olá Carla Cliente, tudo bem? Aqui é Alice Atendente.' }),
      );

      // `/key` + Enter sends the quick message of that key at once.
      await input.fill('/PIX');
      await input.press('Enter');
      await visible(customer.getByText('Nossa chave PIX é contato@empresa.test'));
      // The unknown key earlier never reached the customer.
      expect(await customer.getByText('/naoexiste').count()).toBe(0);
    } catch (error) {
      await screenshotContexts('quick', { agent: agentContext, customer: customerContext });
      throw error;
    } finally {
      await Promise.all([agentContext.close(), customerContext.close()]);
    }
  });
});
