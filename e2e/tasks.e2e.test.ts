import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { attributeIs, containsText, visible } from './expect-ui.js';
import { apiClient, loginToken, signInAgent } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';

/**
 * Tasks and notifications (issue 11): an agent creates a task, finishes a recurring one and sees
 * the next occurrence; the bell of that agent shows, live, a notification the platform superadmin
 * sends from /notificacao.
 */

const ROOT_EMAIL = 'root@tasks.test';
const ROOT_PASSWORD = 'Tasks-root-pass-1!';
const AGENT = { name: 'Duda Atendente', email: 'duda@tasks.test', password: 'Duda-pass-12345!' };

let server: RunningServer;
let browser: Browser;
const api = apiClient(() => server.url);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  const token = await loginToken(api, ROOT_EMAIL, ROOT_PASSWORD);
  await api('POST', '/users', { ...AGENT, profile: 'user' }, token);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function withContext(name: string, run: (context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  try {
    await run(context);
  } catch (error) {
    for (const [i, page] of context.pages().entries())
      await page.screenshot({ path: `e2e/artifacts/${name}-failure-${i}.png` }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

async function agentOnTasks(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signInAgent(page, server.url, AGENT);
  await page.getByTestId('nav-tarefas').click();
  await visible(page.getByTestId('tasks-page'));
  return page;
}

describe('tasks and notifications in a real browser', () => {
  it('an agent creates a recurring task, finishes it and sees the next occurrence', async () => {
    await withContext('tasks', async (context) => {
      const page = await agentOnTasks(context);
      await page.getByTestId('tasks-new').click();
      await page.getByTestId('task-name').fill('Revisar proposta');
      await page.getByTestId('task-description').fill('Conferir valores com o cliente');
      const date = page.getByTestId('task-limit-date');
      await date.fill('');
      await date.pressSequentially('150620301000');
      await expect.poll(() => date.inputValue()).toBe('15/06/2030 10:00');
      await page.getByTestId('task-recurrence').click();
      await page.getByRole('option', { name: 'A cada 7 dias' }).click();
      await page.getByTestId('task-repetitions').fill('1');
      await page.getByTestId('task-save').click();

      const row = page.locator('[data-testid^="task-row-"]', { hasText: 'Revisar proposta' });
      await visible(row);
      await containsText(row, '15/06/2030 10:00');
      await containsText(row, 'falta 1 repetição');

      await row.locator('[data-testid^="task-finish-"]').click();
      await visible(page.getByText('A próxima vence em 22/06/2030 10:00.'));
      // The finished one leaves the open list; the next is there with one repetition fewer.
      const next = page.locator('[data-testid^="task-row-"]', { hasText: '22/06/2030 10:00' });
      await visible(next);
      await containsText(next, 'faltam 0 repetições');
      // The field's pills cover its input: click where a person clicks.
      await page.getByTestId('tasks-filter-status').click({ force: true });
      await page.getByRole('option', { name: 'Concluída' }).click();
      await page.keyboard.press('Escape');
      await containsText(page.locator('[data-testid^="task-row-"]', { hasText: '15/06/2030 10:00' }), 'Concluída');
    });
  });

  it("the agent's bell shows, live, a notification the platform superadmin sends", async () => {
    await withContext('bell', async (context) => {
      const agent = await agentOnTasks(context);
      await attributeIs(agent.getByTestId('bell'), 'data-unread', '0');

      const root = await context.browser()!.newContext({ locale: 'pt-BR' });
      try {
        const admin = await root.newPage();
        await signIn(admin, server.url, { email: ROOT_EMAIL, password: ROOT_PASSWORD, passwordLabel: 'Senha' });
        await admin.goto(`${server.url}/#/notificacao`);
        await visible(admin.getByTestId('notifications-admin-page'));
        await admin.getByTestId('broadcast-message').fill('Manutenção programada hoje às 22h');
        await admin.getByTestId('broadcast-send').click();
        await visible(admin.locator('[data-testid^="broadcast-"]', { hasText: 'Manutenção programada hoje às 22h' }));
      } finally {
        await root.close();
      }

      // No reload: the push reaches the agent's socket.
      await attributeIs(agent.getByTestId('bell'), 'data-unread', '1');
      await agent.getByTestId('bell').click();
      const item = agent.locator('[data-testid^="bell-item-"]', { hasText: 'Manutenção programada hoje às 22h' });
      await visible(item);
      await item.click();
      await attributeIs(agent.getByTestId('bell'), 'data-unread', '0');
    });
  });
});
