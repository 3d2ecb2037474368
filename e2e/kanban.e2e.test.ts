import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotContexts } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { apiClient, loginToken, signInAgent } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';

/**
 * Kanban (issue 11), the issue's flow: an agent tags a ticket and adds an internal note in the chat,
 * then moves the ticket across two lanes of the board (by dragging it with the mouse, then with the
 * keyboard) while a second agent's board, in another browser context, follows live; then sets the
 * ticket's value in the chat header and both boards' lane sum shows it.
 */

const ROOT_EMAIL = 'root@kanban.test';
const ROOT_PASSWORD = 'Kanban-root-pass-1!';
const BIA = { name: 'Bia Atendente', email: 'bia@kanban.test', password: 'Bia-pass-12345!' };
const CAIO = { name: 'Caio Atendente', email: 'caio@kanban.test', password: 'Caio-pass-12345!' };

let server: RunningServer;
let browser: Browser;
let ticketId: number;
let first: number;
let second: number;
let vipId: number;
/** A second ticket, already in the second lane (a card beside the empty first lane). */
let neighbourId: number;

const api = apiClient(() => server.url);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  const token = await loginToken(api, ROOT_EMAIL, ROOT_PASSWORD);
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#228be6' }, token);
  await api('POST', '/users', { ...BIA, profile: 'user', queueIds: [queue.id] }, token);
  await api('POST', '/users', { ...CAIO, profile: 'user', queueIds: [queue.id] }, token);
  const channel = await api<{ id: number }>('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: queue.id }, token);
  first = (await api<{ id: number }>('POST', '/lanes', { name: 'Prospecção', color: '#228be6' }, token)).id;
  second = (await api<{ id: number }>('POST', '/lanes', { name: 'Proposta', color: '#40c057' }, token)).id;
  vipId = (await api<{ id: number }>('POST', '/tags', { name: 'Cliente VIP', color: '#fab005' }, token)).id;
  // A waiting ticket of the queue for a new contact.
  const waitingTicket = async (name: string, number: string) => {
    const contact = await api<{ id: number }>('POST', '/contacts', { name, number }, token);
    const body = { contactId: contact.id, whatsappId: channel.id, queueId: queue.id, status: 'pending' };
    return (await api<{ id: number }>('POST', '/tickets', body, token)).id;
  };
  ticketId = await waitingTicket('Carla Cliente', '5511988887777');
  neighbourId = await waitingTicket('Davi Cliente', '5511988886666');
  await api('PUT', `/tickets/${neighbourId}/lane`, { laneId: second }, token);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openBoard(page: Page): Promise<void> {
  // The menu's entry; /kanban itself redirects to the lanes board.
  await page.getByTestId('nav-kanban').first().click();
  await page.waitForURL(/#\/kanban\/kanbans/);
  await visible(page.getByTestId('kanban-lanes-board'));
}

const card = (page: Page, laneKey: string) => page.getByTestId(`kanban-column-${laneKey}`).getByTestId(`kanban-card-${ticketId}`);
const sum = (page: Page, laneKey: string): Locator => page.getByTestId(`kanban-column-${laneKey}`).getByTestId('kanban-column-sum');
const normalized = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s/g, ' ');

async function dragWithMouse(page: Page, handle: Locator, target: Locator, at: 'top' | 'middle' = 'top'): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag or nowhere to drop');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the 5 px activation distance, then across in steps (dnd-kit follows pointer moves).
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, at === 'top' ? to.y + 40 : to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

describe('kanban boards in real browsers', () => {
  it("an agent tags a ticket and adds a note, then moves it across two lanes while a second agent's board follows live; the value set in the chat header shows in the lane sum", async () => {
    const contexts: BrowserContext[] = [];
    try {
      const biaContext = await browser.newContext({ locale: 'pt-BR' });
      const caioContext = await browser.newContext({ locale: 'pt-BR' });
      contexts.push(biaContext, caioContext);
      const bia = await biaContext.newPage();
      const caio = await caioContext.newPage();
      await signInAgent(bia, server.url, BIA);
      await signInAgent(caio, server.url, CAIO);

      // In the chat: Bia tags the ticket from the header and leaves an internal note.
      await bia.getByTestId('tab-pending').click();
      await bia.getByTestId(`ticket-${ticketId}`).click();
      await visible(bia.getByTestId('chat-header'));
      await bia.getByTestId('ticket-tags-edit').click();
      await bia.getByTestId('ticket-tags-picker').click();
      await bia.getByRole('option', { name: 'Cliente VIP' }).click();
      await bia.keyboard.press('Escape');
      await containsText(bia.getByTestId(`chat-tags-${vipId}`), 'Cliente VIP');
      await bia.getByTestId('composer-mode').getByText('Nota interna').click();
      await bia.getByTestId('note-input').fill('Quer proposta até sexta');
      await bia.getByTestId('note-save').click();
      await visible(bia.getByTestId('message-list').locator('[data-kind="note"]').filter({ hasText: 'Quer proposta até sexta' }));

      await openBoard(bia);
      await openBoard(caio);
      await visible(card(bia, 'none'));
      await visible(card(caio, 'none'));
      // The card carries the tag on both boards.
      await containsText(card(caio, 'none'), 'Cliente VIP');

      // Bia drags the card into the first lane with the mouse.
      await dragWithMouse(bia, bia.getByTestId(`kanban-card-handle-${ticketId}`), bia.getByTestId(`kanban-column-body-${first}`));
      await visible(card(bia, String(first)));
      await visible(card(caio, String(first)));
      await containsText(caio.getByTestId(`kanban-column-${first}`).getByTestId('kanban-column-count'), '1');
      expect(await card(caio, 'none').count()).toBe(0);

      // Then with the keyboard into the second lane: space lifts, the right arrow goes to the next column, space drops.
      const handle = bia.getByTestId(`kanban-card-handle-${ticketId}`);
      // Each key waits for dnd-kit's announcement of the step before the next.
      const announced = bia.locator('[id^="DndLiveRegion"]');
      await handle.focus();
      await bia.keyboard.press('Space');
      await containsText(announced, 'em Prospecção');
      await bia.keyboard.press('ArrowRight');
      await containsText(announced, 'em Proposta');
      await bia.keyboard.press('Space');
      await visible(card(bia, String(second)));
      await visible(card(caio, String(second)));
      expect(await card(caio, String(first)).count()).toBe(0);

      // The value, from the chat header: Caio's board sums it in the lane's header.
      await card(bia, String(second)).getByTestId('kanban-card-name').click();
      await bia.waitForURL(new RegExp(`#/atendimento/${ticketId}`));
      const value = bia.getByTestId('ticket-value');
      await visible(value);
      await value.fill('1234,56');
      await value.press('Enter');
      await expect.poll(async () => value.inputValue(), { timeout: 15_000 }).toBe('R$ 1.234,56');
      await expect.poll(() => normalized(sum(caio, String(second))), { timeout: 15_000 }).toBe('R$ 1.234,56');
      await expect
        .poll(async () => (await card(caio, String(second)).getByTestId('kanban-card-value').textContent())?.replace(/\s/g, ' '), {
          timeout: 15_000,
        })
        .toBe('R$ 1.234,56');
      expect(await normalized(sum(caio, String(first)))).toBe('R$ 0,00');

      // Dropped in the middle of the empty first lane, whose neighbour holds another card: it lands there.
      await openBoard(bia);
      await visible(card(bia, String(second)));
      await visible(bia.getByTestId(`kanban-column-${second}`).getByTestId(`kanban-card-${neighbourId}`));
      await dragWithMouse(bia, bia.getByTestId(`kanban-card-handle-${ticketId}`), bia.getByTestId(`kanban-column-body-${first}`), 'middle');
      await visible(card(bia, String(first)));
      await visible(card(caio, String(first)));
    } catch (error) {
      await screenshotContexts('kanban', Object.fromEntries(contexts.entries()));
      throw error;
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
