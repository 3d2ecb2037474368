import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { apiClient, loginToken, signInAgent } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';

/**
 * Scheduled messages (issue 12): an agent schedules a message from the chat for the next minute
 * (the dialog's dd/MM/yyyy HH:mm field), sees it pending in /agendamentos, and then sees it sent by
 * the server's durable job: in the chat, in the customer's web chat (once), and as sent in the list.
 */

const ROOT = { email: 'root@schedules.test', password: 'Schedules-root-pass-1!' };
const AGENT = { name: 'Gabi Atendente', email: 'gabi@schedules.test', password: 'Gabi-pass-12345!' };

let server: RunningServer;
let browser: Browser;
const api = apiClient(() => server.url);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT.email, ADMIN_PASSWORD: ROOT.password });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('scheduled messages in a real browser', () => {
  it('an agent schedules a message for the next minute from the chat and sees it sent', async () => {
    const rootToken = await loginToken(api, ROOT.email, ROOT.password);
    const queue = await api<{ id: number }>('POST', '/queue', { name: 'Cobrança', color: '#228be6' }, rootToken);
    await api('POST', '/users', { ...AGENT, profile: 'user', queueIds: [queue.id] }, rootToken);
    const { publicKey } = await api<{ publicKey: string }>(
      'POST',
      '/whatsapp',
      { name: 'Site', type: 'webchat', queueId: queue.id },
      rootToken,
    );
    const visitor = await api<{ token: string }>('POST', `/webchat/${publicKey}/sessions`, { name: 'Rita Cliente' });
    await api('POST', '/webchat/messages', { clientId: crypto.randomUUID(), body: 'Pode me lembrar do boleto?' }, visitor.token);
    const { tickets } = await api<{ tickets: { id: number }[] }>('GET', '/tickets?status=pending&showAll=true', undefined, rootToken);
    const ticketId = tickets[0].id;
    const received = async () =>
      (await api<{ messages: { from: string; body: string }[] }>('GET', '/webchat/messages', undefined, visitor.token)).messages
        .filter((m) => m.from === 'agent')
        .map((m) => m.body);

    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    try {
      await signInAgent(page, server.url, AGENT);
      await page.goto(`${server.url}/#/atendimento/${ticketId}`);
      await visible(page.getByTestId('composer-input'));
      await page.getByTestId('composer-input').fill('Oi ');
      await page.getByTestId('composer-schedule').click();
      const dialog = page.getByRole('dialog');
      await visible(dialog.getByTestId('schedule-date'));
      // The text written so far comes along; the variable picker adds the customer's first name.
      await expect.poll(() => dialog.getByTestId('schedule-body').inputValue()).toBe('Oi ');
      await dialog.getByTestId('schedule-body').click();
      await dialog.getByTestId('schedule-body').press('End');
      await dialog.getByTestId('schedule-body-variables').click();
      await page.getByTestId('schedule-body-variables-firstName').click();
      await expect.poll(() => dialog.getByTestId('schedule-body').inputValue()).toBe('Oi {{firstName}}');
      await dialog.getByTestId('schedule-body').press('End');
      await dialog.getByTestId('schedule-body').pressSequentially(', seu boleto vence hoje.');
      // The first whole minute at least 30 s ahead, typed in the browser's own clock as dd/MM/yyyy HH:mm.
      const digits = await page.evaluate(() => {
        const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
        const two = (n: number) => String(n).padStart(2, '0');
        return `${two(at.getDate())}${two(at.getMonth() + 1)}${at.getFullYear()}${two(at.getHours())}${two(at.getMinutes())}`;
      });
      const date = dialog.getByTestId('schedule-date');
      await date.fill('');
      await date.pressSequentially(digits);
      await expect.poll(() => date.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      await dialog.getByTestId('schedule-save').click();
      await expect.poll(() => page.getByTestId('schedule-date').count()).toBe(0);
      // The composer gave its text to the schedule; nothing was sent yet.
      expect(await page.getByTestId('composer-input').inputValue()).toBe('');
      expect(await received()).toEqual([]);

      await page.goto(`${server.url}/#/agendamentos`);
      const row = page.locator('[data-testid^="schedule-row-"]', { hasText: 'Rita Cliente' }).first();
      await visible(row);
      await containsText(row, 'Pendente');

      // Sent by the server's job within the minute: the list follows live (Enviada, under that filter).
      await page.getByText('Enviada', { exact: true }).click();
      await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 100_000, interval: 1_000 }).toContain('Enviada');
      expect(await received()).toEqual(['Oi Rita, seu boleto vence hoje.']);
      await page.goto(`${server.url}/#/atendimento/${ticketId}`);
      await visible(page.locator('[data-from-me="true"]', { hasText: 'Oi Rita, seu boleto vence hoje.' }));
    } catch (error) {
      await page.screenshot({ path: 'e2e/artifacts/schedules-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  }, 180_000);
});
