import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotContexts } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { apiClient, signInAgent } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';

/**
 * Internal notes (issue 11): an agent adds a note in the chat; it shows as a note (not a message);
 * a second agent viewing the same ticket sees it appear live; the customer on the web-chat widget
 * receives the reply written after it, and never the note.
 */

const ROOT_EMAIL = 'root@notes.test';
const ROOT_PASSWORD = 'Notes-root-pass-1!';
const ANA = { name: 'Ana Atendente', email: 'ana@notes.test', password: 'Ana-pass-123456!' };
const BRUNO = { name: 'Bruno Colega', email: 'bruno@notes.test', password: 'Bruno-pass-12345!' };
const NOTE = 'Cliente VIP: oferecer frete grátis (nota interna)';
const REPLY = 'Olá Carla! Já estou vendo o seu pedido.';

let server: RunningServer;
let browser: Browser;
let publicKey: string;

const api = apiClient(() => server.url);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  const { token } = await api<{ token: string }>('POST', '/auth/login/', { email: ROOT_EMAIL, password: ROOT_PASSWORD });
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#228be6' }, token);
  await api('POST', '/users', { ...ANA, profile: 'user', queueIds: [queue.id] }, token);
  await api('POST', '/users', { ...BRUNO, profile: 'user', queueIds: [queue.id] }, token);
  publicKey = (await api<{ publicKey: string }>('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: queue.id }, token))
    .publicKey;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

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

/** An agent signed in, with the chat of the waiting ticket open. */
async function agentInChat(context: BrowserContext, who: { email: string; password: string }): Promise<{ page: Page; ticketId: number }> {
  const page = await context.newPage();
  await signInAgent(page, server.url, who);
  await page.getByTestId('tab-pending').click();
  const row = page
    .getByTestId('ticket-list-pending')
    .getByTestId(/^ticket-\d+$/)
    .first();
  await visible(row);
  const ticketId = Number((await row.getAttribute('data-testid'))!.replace('ticket-', ''));
  await row.click();
  await visible(page.getByTestId('chat-header'));
  return { page, ticketId };
}

describe('internal notes in real browsers', () => {
  it('an agent adds a note; it shows as a note, a colleague on the same ticket sees it live, the customer never receives it', async () => {
    const contexts = {
      customer: await browser.newContext({ locale: 'en-US' }),
      ana: await browser.newContext({ locale: 'pt-BR' }),
      bruno: await browser.newContext({ locale: 'pt-BR' }),
    };
    try {
      const customer = await customerWrites(contexts.customer, 'Carla Cliente', 'Oi, quero saber do meu pedido');
      const ana = await agentInChat(contexts.ana, ANA);
      const bruno = await agentInChat(contexts.bruno, BRUNO);
      expect(bruno.ticketId).toBe(ana.ticketId);
      await containsText(ana.page.getByTestId('chat-protocol'), 'Protocolo ');

      await ana.page.getByTestId('composer-mode').getByText('Nota interna').click();
      await ana.page.getByTestId('note-input').fill(NOTE);
      await ana.page.getByTestId('note-save').click();

      const anaNote = ana.page.getByTestId('message-list').locator('[data-kind="note"]').filter({ hasText: NOTE });
      await visible(anaNote);
      await containsText(anaNote, 'Nota interna · Ana Atendente');
      // Live for the colleague who has the chat open (no reload).
      const brunoNote = bruno.page.getByTestId('message-list').locator('[data-kind="note"]').filter({ hasText: NOTE });
      await visible(brunoNote);
      await containsText(brunoNote, 'Nota interna · Ana Atendente');

      // The reply written after the note reaches the customer; the note never does.
      await ana.page.getByTestId('composer-mode').getByText('Mensagem').click();
      await ana.page.getByTestId('composer-input').fill(REPLY);
      await ana.page.getByTestId('composer-send').click();
      await visible(customer.getByText(REPLY));
      expect(await customer.getByText(NOTE).count()).toBe(0);
      expect(await customer.content()).not.toContain('frete grátis');
      // Nor does the customer's conversation (the widget's history) hold it after a reload.
      await customer.reload();
      await customer.getByRole('button', { name: 'Open chat' }).click();
      await visible(customer.getByText(REPLY));
      expect(await customer.content()).not.toContain('frete grátis');
      // The note stays in the ticket's timeline after a reload (stored as a note, not a message).
      await ana.page.reload();
      await visible(ana.page.getByTestId('message-list').locator('[data-kind="note"]').filter({ hasText: NOTE }));
    } catch (error) {
      await screenshotContexts('notes', contexts);
      throw error;
    } finally {
      for (const context of Object.values(contexts)) await context.close();
    }
  });
});
