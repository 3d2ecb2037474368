import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotContexts } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { apiClient, loginToken } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';

/**
 * The ticket panel (issue 11): an admin selects 12 waiting tickets in /painel-atendimentos and
 * resolves them with a reason; the summary says 12 resolved (done in blocks of 10 by the server) and
 * the tickets show the reason.
 */

const ROOT_EMAIL = 'root@panel.test';
const ROOT_PASSWORD = 'Panel-root-pass-1!';
const REASON = 'Resolvido pelo painel';

let server: RunningServer;
let browser: Browser;
let token: string;
let queueId: number;
const ticketIds: number[] = [];

const call = apiClient(() => server.url);
const api = <T>(method: string, path: string, body?: unknown) => call<T>(method, path, body, token);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  token = await loginToken(call, ROOT_EMAIL, ROOT_PASSWORD);
  queueId = (await api<{ id: number }>('POST', '/queue', { name: 'Financeiro', color: '#228be6' })).id;
  const channel = await api<{ id: number }>('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId });
  await api('POST', '/demands', { name: REASON });
  for (let i = 0; i < 12; i++) {
    const contact = await api<{ id: number }>('POST', '/contacts', {
      name: `Cliente ${i + 1}`,
      number: `55119777700${String(i).padStart(2, '0')}`,
    });
    ticketIds.push(
      (await api<{ id: number }>('POST', '/tickets', { contactId: contact.id, whatsappId: channel.id, queueId, status: 'pending' })).id,
    );
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the ticket panel in a real browser', () => {
  it('an admin selects 12 tickets and resolves them with a reason: the summary says 12 resolved and the tickets show the reason', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      // The platform superadmin works in tenant 1 as its admin (SPEC §6): the panel is in its menu.
      await signIn(page, server.url, {
        email: ROOT_EMAIL,
        password: ROOT_PASSWORD,
        passwordLabel: 'Senha',
        landing: /#\/(tenants|assinatura|home)/,
      });

      await page.getByTestId('nav-painel-atendimentos').first().click();
      const column = page.getByTestId(`panel-column-queue-${queueId}`);
      await containsText(column.getByTestId(`panel-column-count-queue-${queueId}`), '12');
      await column.getByTestId(`panel-column-select-queue-${queueId}`).check();
      await containsText(page.getByTestId('panel-selected-count'), 'Selecionados: 12');

      await page.getByTestId('panel-resolve').click();
      const dialog = page.getByTestId('confirm-modal');
      await containsText(dialog, 'Resolver 12 atendimentos selecionados?');
      await dialog.getByTestId('panel-resolve-demand').click();
      await page.getByRole('option', { name: REASON }).click();
      await dialog.getByTestId('confirm-button').click();

      await containsText(page.getByTestId('panel-result-summary'), 'Resolvidos: 12');
      await page.getByTestId('panel-result-close').click();
      // The resolved tickets left the panel.
      await containsText(column.getByTestId(`panel-column-count-queue-${queueId}`), '0');

      // Every ticket carries the reason; one opened in the chat shows it.
      for (const id of ticketIds) {
        const ticket = await api<{ status: string; demand: { name: string } | null }>('GET', `/tickets/${id}`);
        expect(ticket).toMatchObject({ status: 'closed', demand: { name: REASON } });
      }
      await page.goto(`${server.url}/#/atendimento/${ticketIds[0]}`);
      await visible(page.getByTestId('chat-header'));
      await containsText(page.getByTestId('chat-demand'), `Motivo: ${REASON}`);
    } catch (error) {
      await screenshotContexts('ticket-panel', { '': context });
      throw error;
    } finally {
      await context.close();
    }
  });
});
