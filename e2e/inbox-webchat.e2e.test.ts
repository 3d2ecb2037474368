import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';

const ROOT_EMAIL = 'root@inbox.test';
const ROOT_PASSWORD = 'Inbox-root-pass-1!';
const AGENT = { name: 'Alice Atendente', email: 'alice@inbox.test', password: 'Alice-pass-123!' };
const OUTSIDER = { name: 'Otto Outra Fila', email: 'otto@inbox.test', password: 'Otto-pass-123!' };

let server: RunningServer;
let browser: Browser;
let publicKey: string;

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  // The tenant's set-up through the API: a queue, an agent in it, an agent outside it, a web-chat channel.
  const { token } = await api<{ token: string }>('POST', '/auth/login/', { email: ROOT_EMAIL, password: ROOT_PASSWORD });
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#228be6' }, token);
  await api('POST', '/users', { ...AGENT, profile: 'user', queueIds: [queue.id] }, token);
  const other = await api<{ id: number }>('POST', '/queue', { name: 'Financeiro', color: '#fa5252' }, token);
  await api('POST', '/users', { ...OUTSIDER, profile: 'user', queueIds: [other.id] }, token);
  const channel = await api<{ publicKey: string }>('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: queue.id }, token);
  publicKey = channel.publicKey;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function agentPage(context: BrowserContext, who: { email: string; password: string }): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/#/login`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Senha', { exact: true }).fill(who.password);
  await page.getByRole('slider', { name: 'captcha' }).focus();
  await page.keyboard.press('End');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/atendimento/);
  await page.getByTestId('tab-pending').click();
  return page;
}

describe('the inbox in real browsers: a customer on the web-chat widget and two agents', () => {
  it('a widget message reaches the queue agent live; she attends, replies, resolves; an agent of another queue sees nothing', async () => {
    const agentContext = await browser.newContext({ locale: 'pt-BR' });
    const outsiderContext = await browser.newContext({ locale: 'pt-BR' });
    const customerContext = await browser.newContext({ locale: 'en-US' });
    try {
      const agent = await agentPage(agentContext, AGENT);
      const outsider = await agentPage(outsiderContext, OUTSIDER);

      // The customer opens the demo page and writes through the widget.
      const customer = await customerContext.newPage();
      await customer.goto(`${server.url}/webchat/demo/${publicKey}`);
      await customer.getByRole('button', { name: 'Open chat' }).click();
      await customer.getByLabel('Your name').fill('Carla Cliente');
      await customer.getByRole('button', { name: 'Start chat' }).click();
      await customer.getByLabel('Write a message…').fill('Olá, preciso de ajuda <b>agora</b>');
      await customer.getByRole('button', { name: 'Send' }).click();

      // Without reload, the ticket shows up in the agent's pending list, with the unread badge.
      const row = agent.getByTestId(/^ticket-\d+$/).filter({ hasText: 'Carla Cliente' }).first();
      await visible(row);
      const ticketId = (await row.getAttribute('data-testid'))!.replace('ticket-', '');
      await visible(agent.getByTestId(`ticket-unread-${ticketId}`));

      // She opens it, starts attending and replies.
      await row.click();
      await visible(agent.getByTestId('chat-header'));
      await containsText(agent.getByTestId('chat-header'), 'Carla Cliente');
      // Customer text is shown as text, never as HTML.
      await containsText(agent.locator(`[data-testid^="message-"]`).filter({ hasText: 'preciso de ajuda' }), '<b>agora</b>');
      await agent.getByTestId('ticket-accept').click();
      await agent.getByTestId('confirm-button').click();
      await agent.getByTestId('composer-input').fill('Olá Carla! Como posso ajudar?');
      await agent.getByTestId('composer-send').click();

      // The reply reaches the widget live, and is marked sent in the chat.
      await visible(customer.getByText('Olá Carla! Como posso ajudar?'));
      await expect
        .poll(async () => agent.locator('[data-testid^="message-status-"]').last().getAttribute('data-status'), { timeout: 15_000 })
        .toMatch(/sent|delivered|read/);

      // The agent resolves; the ticket leaves the open list and is in the resolved tab.
      await agent.getByTestId('ticket-resolve').click();
      await agent.getByTestId('confirm-button').click();
      await agent.getByTestId('tab-closed').click();
      await visible(agent.getByTestId(`ticket-${ticketId}`));

      // The agent of another queue never saw any of it.
      for (const tab of ['tab-pending', 'tab-open', 'tab-closed']) {
        await outsider.getByTestId(tab).click();
        await outsider.waitForTimeout(300);
        expect(await outsider.getByText('Carla Cliente').count()).toBe(0);
      }
    } catch (error) {
      for (const [name, context] of [['agent', agentContext], ['outsider', outsiderContext], ['customer', customerContext]] as const) {
        await context.pages()[0]?.screenshot({ path: `e2e/artifacts/inbox-${name}-failure.png` }).catch(() => undefined);
      }
      throw error;
    } finally {
      await Promise.all([agentContext.close(), outsiderContext.close(), customerContext.close()]);
    }
  });
});
