import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotContexts } from './browser.js';
import { attributeIs, containsText, visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';
import { apiClient } from './helpers.js';

const ROOT_EMAIL = 'root@inbox.test';
const ROOT_PASSWORD = 'Inbox-root-pass-1!';
const AGENT = { name: 'Alice Atendente', email: 'alice@inbox.test', password: 'Alice-pass-123!' };
const OUTSIDER = { name: 'Otto Outra Fila', email: 'otto@inbox.test', password: 'Otto-pass-123!' };
/** An admin in no queue: sees every queue's tickets by default (SPEC §6 show-all). */
const ADMIN = { name: 'Ana Administradora', email: 'ana@inbox.test', password: 'Ana-admin-123!' };

let server: RunningServer;
let browser: Browser;
let publicKey: string;

const api = apiClient(() => server.url);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  // The tenant's set-up through the API: a queue, an agent in it, an agent outside it, a web-chat channel.
  const { token } = await api<{ token: string }>('POST', '/auth/login/', { email: ROOT_EMAIL, password: ROOT_PASSWORD });
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#228be6' }, token);
  await api('POST', '/users', { ...AGENT, profile: 'user', queueIds: [queue.id] }, token);
  const other = await api<{ id: number }>('POST', '/queue', { name: 'Financeiro', color: '#fa5252' }, token);
  await api('POST', '/users', { ...OUTSIDER, profile: 'user', queueIds: [other.id] }, token);
  await api('POST', '/users', { ...ADMIN, profile: 'admin' }, token);
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
  // Agents land on the inbox, admins on their home page.
  await page.waitForURL(/#\/(atendimento|home)/);
  if (!page.url().includes('#/atendimento')) await page.goto(`${server.url}/#/atendimento`);
  await page.getByTestId('tab-pending').click();
  return page;
}

/** A visitor of the demo page who opens the widget and writes. */
async function customerWrites(context: BrowserContext, name: string, text: string): Promise<Page> {
  const customer = await context.newPage();
  await customer.goto(`${server.url}/webchat/demo/${publicKey}`);
  await customer.getByRole('button', { name: 'Open chat' }).click();
  await customer.getByLabel('Your name').fill(name);
  await customer.getByRole('button', { name: 'Start chat' }).click();
  await customer.getByLabel('Write a message…').fill(text);
  await customer.getByRole('button', { name: 'Send' }).click();
  return customer;
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
      const customer = await customerWrites(customerContext, 'Carla Cliente', 'Olá, preciso de ajuda <b>agora</b>');

      // Without reload, the ticket shows up in the agent's pending list, with the unread badge.
      const row = agent
        .getByTestId(/^ticket-\d+$/)
        .filter({ hasText: 'Carla Cliente' })
        .first();
      await visible(row);
      const ticketId = (await row.getAttribute('data-testid'))!.replace('ticket-', '');
      await visible(agent.getByTestId(`ticket-unread-${ticketId}`));

      // She opens it, starts attending and replies.
      await row.click();
      await visible(agent.getByTestId('chat-header'));
      await containsText(agent.getByTestId('chat-header'), 'Carla Cliente');
      // Customer text is shown as text, never as HTML.
      await containsText(agent.locator(`[data-testid^="message-"]`).filter({ hasText: 'preciso de ajuda' }), '<b>agora</b>');
      // Still waiting: the badge says so, beside "Aceitar".
      await attributeIs(agent.getByTestId('chat-status'), 'data-status', 'pending');
      await containsText(agent.getByTestId('chat-status'), 'Aguardando');
      // Accepting needs no confirmation; the list follows the ticket to "Atendendo", selected.
      await agent.getByTestId('ticket-accept').click();
      await attributeIs(agent.getByTestId('chat-status'), 'data-status', 'open');
      await containsText(agent.getByTestId('chat-status'), 'Atendendo');
      expect(await agent.getByTestId('confirm-button').count()).toBe(0);
      await attributeIs(agent.getByTestId('tab-open'), 'aria-selected', 'true');
      await attributeIs(agent.getByTestId('ticket-list-open').getByTestId(`ticket-${ticketId}`), 'aria-current', 'page');
      expect(await agent.getByTestId('tickets-empty').count()).toBe(0);
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
      await screenshotContexts('inbox', { agent: agentContext, outsider: outsiderContext, customer: customerContext });
      throw error;
    } finally {
      await Promise.all([agentContext.close(), outsiderContext.close(), customerContext.close()]);
    }
  });

  it("an admin in no queue sees the waiting ticket; an agent who transfers it to another queue is told where it went and the chat closes; that queue's agent gets it live", async () => {
    const agentContext = await browser.newContext({ locale: 'pt-BR' });
    const outsiderContext = await browser.newContext({ locale: 'pt-BR' });
    const adminContext = await browser.newContext({ locale: 'pt-BR' });
    const customerContext = await browser.newContext({ locale: 'en-US' });
    try {
      const agent = await agentPage(agentContext, AGENT);
      const outsider = await agentPage(outsiderContext, OUTSIDER);
      const admin = await agentPage(adminContext, ADMIN);
      await customerWrites(customerContext, 'Bruno Boleto', 'Minha fatura veio errada');

      // The admin belongs to no queue and still sees it waiting, by default.
      const adminRow = admin
        .getByTestId(/^ticket-\d+$/)
        .filter({ hasText: 'Bruno Boleto' })
        .first();
      await visible(adminRow);
      const ticketId = (await adminRow.getAttribute('data-testid'))!.replace('ticket-', '');

      // The agent of the site's queue takes it, then hands it to the billing queue.
      const row = agent.getByTestId(`ticket-${ticketId}`);
      await visible(row);
      await row.click();
      await agent.getByTestId('ticket-accept').click();
      await attributeIs(agent.getByTestId('tab-open'), 'aria-selected', 'true');
      await agent.getByTestId('ticket-transfer').click();
      await agent.getByTestId('transfer-queue').click();
      await agent.getByRole('option', { name: 'Financeiro' }).click();
      await agent.getByTestId('transfer-save').click();

      // Told which ticket and where it went; the chat closes to the empty page; the list no longer has it.
      const toast = agent.getByTestId('toast-ticket-left');
      await visible(toast);
      await containsText(toast, 'Bruno Boleto');
      await containsText(toast, `#${ticketId}`);
      await containsText(toast, 'Financeiro');
      await agent.waitForURL(/#\/atendimento\/chats$/);
      await visible(agent.getByTestId('chat-empty'));
      expect(await agent.getByTestId('chat').count()).toBe(0);
      expect(await agent.getByTestId(`ticket-${ticketId}`).count()).toBe(0);

      // The billing agent has it waiting, live; the admin still sees it.
      await outsider.getByTestId('tab-pending').click();
      await visible(outsider.getByTestId(`ticket-${ticketId}`));
      await visible(admin.getByTestId(`ticket-${ticketId}`));

      // Opening its address again shows a plain notice, not a broken chat.
      await agent.goto(`${server.url}/#/atendimento/${ticketId}`);
      await visible(agent.getByTestId('chat-unavailable'));
    } catch (error) {
      await screenshotContexts('transfer', {
        agent: agentContext,
        outsider: outsiderContext,
        admin: adminContext,
        customer: customerContext,
      });
      throw error;
    } finally {
      await Promise.all([agentContext.close(), outsiderContext.close(), adminContext.close(), customerContext.close()]);
    }
  });
});
