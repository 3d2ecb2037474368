import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { apiClient } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';

/**
 * Reports (issue 14): an admin opens /relatorios, sees the SPEC §5 text when the queues are missing,
 * generates the user-statistics report (success toast, the agent's row), exports it as XLSX (a
 * background job with progress) and downloads the file, whose rows are read back here.
 */

const ROOT = { email: 'root@reports.test', password: 'Reports-root-pass-1!' };
const ADMIN = { name: 'Rosa Admin', email: 'rosa@reports.test', password: 'Rosa-admin-pass-1!' };
const AGENT = { name: 'Ana Atendente', email: 'ana@reports.test', password: 'Ana-agent-pass-1!' };

let server: RunningServer;
let browser: Browser;
let channel: { id: number; publicKey: string };
const api = apiClient(() => server.url);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT.email, ADMIN_PASSWORD: ROOT.password });
  browser = await launchBrowser();
  const token = (await api<{ token: string }>('POST', '/auth/login/', ROOT)).token;
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#228be6' }, token);
  await api('POST', '/users', { ...ADMIN, profile: 'admin', queueIds: [queue.id] }, token);
  await api('POST', '/users', { ...AGENT, profile: 'user', queueIds: [queue.id] }, token);
  channel = await api<{ id: number; publicKey: string }>('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: queue.id }, token);
  const { publicKey } = channel;
  // Two customers write; the agent takes one of them.
  for (const name of ['Bia Cliente', 'Caio Cliente']) {
    const session = await api<{ token: string }>('POST', `/webchat/${publicKey}/sessions`, { name });
    await api('POST', '/webchat/messages', { clientId: randomUUID(), body: 'Olá!' }, session.token);
  }
  const agentToken = (await api<{ token: string }>('POST', '/auth/login/', { email: AGENT.email, password: AGENT.password })).token;
  const { tickets } = await api<{ tickets: { id: number }[] }>('GET', '/tickets?status=pending', undefined, agentToken);
  await api('PUT', `/tickets/${tickets[0].id}`, { status: 'open' }, agentToken);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the dashboard and the reports in a real browser', () => {
  it("an admin's dashboard moves, without a reload, when a new web-chat customer writes", async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    try {
      await signIn(page, server.url, { ...ADMIN, passwordLabel: 'Senha', landing: /#\/(home|atendimento)/ });
      await page.goto(`${server.url}/#/home`);
      // Today's figures: the two customers of the setup, on the web-chat channel.
      await expect.poll(() => page.getByTestId('dashboard-card-tickets-value').textContent(), { timeout: 15_000 }).toBe('2');
      const channelRow = page.getByTestId(`dashboard-channel-table-row-${channel.id}`);
      await containsText(channelRow, '2');
      const graphic = page.getByTestId('dashboard-chart-channel-graphic');
      await visible(graphic.locator('svg').first());
      const before = await graphic.innerHTML();

      // A third customer writes: the socket's ticket event refetches the figures, the bar grows.
      const session = await api<{ token: string }>('POST', `/webchat/${channel.publicKey}/sessions`, { name: 'Duda Cliente' });
      await api('POST', '/webchat/messages', { clientId: randomUUID(), body: 'Bom dia!' }, session.token);
      await expect.poll(() => page.getByTestId('dashboard-card-tickets-value').textContent(), { timeout: 15_000 }).toBe('3');
      await containsText(channelRow, '3');
      await expect.poll(() => graphic.innerHTML(), { timeout: 15_000 }).not.toBe(before);
    } finally {
      await context.close();
    }
  });

  it('an admin generates the user statistics report and downloads its XLSX', async () => {
    const context = await browser.newContext({ locale: 'pt-BR', acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signIn(page, server.url, { ...ADMIN, passwordLabel: 'Senha', landing: /#\/(home|atendimento)/ });
      await page.getByTestId('nav-relatorios').first().click();
      await visible(page.getByTestId('report-estatisticas-atendimentos-usuarios'));
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      await page.getByTestId('report-filter-from').fill(today);
      await page.getByTestId('report-filter-to').fill(today);
      await page.getByTestId('report-generate').click();
      await containsText(page.getByTestId('report-form-error'), 'Selecione as filas para gerar o relatório.');
      await page.getByTestId('report-filter-queueIds').click();
      await page.getByRole('option', { name: 'Vendas' }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('report-generate').click();
      await visible(page.getByText('Relatório gerado com sucesso!'));
      const row = page.getByTestId('report-row').filter({ hasText: AGENT.name });
      await containsText(row, AGENT.email);

      await page.getByTestId('report-export-xlsx').click();
      await visible(page.getByTestId('report-export-done'));
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-download').click()]);
      expect(download.suggestedFilename()).toBe(`Estatísticas de atendimentos por usuário ${today}.xlsx`);
      const sheet = await readSheet(readFileSync(await download.path()));
      expect(sheet[0]).toEqual([
        'Nome',
        'E-mail',
        'Pendentes',
        'Em atendimento',
        'Resolvidos',
        'Total',
        'Tempo médio da primeira resposta',
        'Tempo médio de atendimento',
      ]);
      expect(sheet.slice(1)).toEqual([[AGENT.name, AGENT.email, 0, 1, 0, 1, null, null]]);
    } catch (error) {
      await page.screenshot({ path: 'e2e/artifacts/reports-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
