import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, screenshotContexts } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';
import { apiClient, signInAgent } from './helpers.js';

/**
 * Tags (issue 11): an agent tags a ticket from the chat header and the chip appears in the chat
 * header and in the ticket list's row.
 */

const ROOT_EMAIL = 'root@tags.test';
const ROOT_PASSWORD = 'Tags-root-pass-1!';
const AGENT = { name: 'Bia Atendente', email: 'bia@tags.test', password: 'Bia-pass-12345!' };

let server: RunningServer;
let browser: Browser;
let ticketId: number;
let vipId: number;

const api = apiClient(() => server.url);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  const { token } = await api<{ token: string }>('POST', '/auth/login/', { email: ROOT_EMAIL, password: ROOT_PASSWORD });
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#228be6' }, token);
  await api('POST', '/users', { ...AGENT, profile: 'user', queueIds: [queue.id] }, token);
  const channel = await api<{ id: number }>('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: queue.id }, token);
  vipId = (await api<{ id: number }>('POST', '/tags', { name: 'Cliente VIP', color: '#fab005' }, token)).id;
  await api('POST', '/tags', { name: 'Orçamento', color: '#12b886' }, token);
  const contact = await api<{ id: number }>('POST', '/contacts', { name: 'Carla Cliente', number: '5511988887777' }, token);
  ticketId = (
    await api<{ id: number }>(
      'POST',
      '/tickets',
      { contactId: contact.id, whatsappId: channel.id, queueId: queue.id, status: 'pending' },
      token,
    )
  ).id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function agentPage(page: Page): Promise<void> {
  await signInAgent(page, server.url, AGENT);
  await page.getByTestId('tab-pending').click();
}

describe('tags in real browsers', () => {
  it('an agent tags a ticket from the chat header; the chip shows in the header and in the list row', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    try {
      const agent = await context.newPage();
      await agentPage(agent);
      const row = agent.getByTestId(`ticket-${ticketId}`);
      await visible(row);
      await row.click();
      await visible(agent.getByTestId('chat-header'));

      await agent.getByTestId('ticket-tags-edit').click();
      await agent.getByTestId('ticket-tags-picker').click();
      await agent.getByRole('option', { name: 'Cliente VIP' }).click();
      await agent.keyboard.press('Escape');

      await containsText(agent.getByTestId(`chat-tags-${vipId}`), 'Cliente VIP');
      await containsText(agent.getByTestId(`ticket-tags-${ticketId}`), 'Cliente VIP');
      // After a reload it is still there (stored, not only in the page).
      await agent.reload();
      await containsText(agent.getByTestId(`ticket-tags-${ticketId}`), 'Cliente VIP');
    } catch (error) {
      await screenshotContexts('tags', { '': context });
      throw error;
    } finally {
      await context.close();
    }
  });
});
