import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { apiClient, signInAgent } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';

/**
 * The internal private chat (issue 11): two users, each in their own browser, exchange messages
 * live; the receiver's menu badge and the conversation's unread count show the new message, and
 * clear when the conversation is opened. A team conversation reaches the team's members.
 */

const ROOT_EMAIL = 'root@privchat.test';
const ROOT_PASSWORD = 'Privchat-root-pass-1!';
const ANA = { name: 'Ana Atendente', email: 'ana@privchat.test', password: 'Ana-pass-12345!' };
const BRUNO = { name: 'Bruno Atendente', email: 'bruno@privchat.test', password: 'Bruno-pass-12345!' };

let server: RunningServer;
let browser: Browser;
let anaId: number;
let brunoId: number;
let teamId: number;

const api = apiClient(() => server.url);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  const { token } = await api<{ token: string }>('POST', '/auth/login/', { email: ROOT_EMAIL, password: ROOT_PASSWORD });
  anaId = (await api<{ id: number }>('POST', '/users', { ...ANA, profile: 'user' }, token)).id;
  brunoId = (await api<{ id: number }>('POST', '/users', { ...BRUNO, profile: 'user' }, token)).id;
  teamId = (await api<{ id: number }>('POST', '/teams', { name: 'Plantão', userIds: [anaId, brunoId] }, token)).id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openAs(user: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAgent(page, server.url, user);
  return { context, page };
}

describe('internal chat in real browsers', () => {
  it('two users exchange messages live; the receiver’s badge shows the unread message and clears when the conversation is opened', async () => {
    const ana = await openAs(ANA);
    const bruno = await openAs(BRUNO);
    try {
      // Bruno stays in the inbox; Ana opens the internal chat and writes to him.
      await visible(bruno.page.getByTestId('nav-chat-privado'));
      await ana.page.getByTestId('nav-chat-privado').click();
      await ana.page.getByTestId(`private-user-${brunoId}`).click();
      const input = ana.page.getByTestId('private-input');
      await input.fill('Bruno, pode cobrir a fila às 15h?');
      await input.press('Enter');
      await containsText(ana.page.getByTestId('private-conversation'), 'Bruno, pode cobrir a fila às 15h?');

      // Live, without reloading: the badge on Bruno's menu entry.
      await containsText(bruno.page.getByTestId('private-chat-unread'), '1');
      await bruno.page.getByTestId('nav-chat-privado').click();
      const fromAna = bruno.page.getByTestId(`private-user-${anaId}`);
      await containsText(fromAna, 'Bruno, pode cobrir a fila às 15h?');
      await containsText(bruno.page.getByTestId(`private-user-${anaId}-unread`), '1');

      // Opening the conversation reads it: both counts clear.
      await fromAna.click();
      await containsText(bruno.page.getByTestId('private-conversation'), 'Bruno, pode cobrir a fila às 15h?');
      await bruno.page.getByTestId(`private-user-${anaId}-unread`).waitFor({ state: 'detached' });
      await bruno.page.getByTestId('private-chat-unread').waitFor({ state: 'detached' });

      // Bruno answers; Ana sees it in her open conversation, which stays read.
      await bruno.page.getByTestId('private-input').fill('Posso sim!');
      await bruno.page.getByTestId('private-input').press('Enter');
      await containsText(ana.page.getByTestId('private-conversation'), 'Posso sim!');
      await ana.page.getByTestId(`private-user-${brunoId}-unread`).waitFor({ state: 'detached' });
      await containsText(ana.page.getByTestId(`private-user-${brunoId}`), 'Posso sim!');

      // A team conversation reaches the other member live.
      await ana.page.getByTestId('private-tab-teams').click();
      await ana.page.getByTestId(`private-team-${teamId}`).click();
      await ana.page.getByTestId('private-input').fill('Reunião da equipe às 17h');
      await ana.page.getByTestId('private-input').press('Enter');
      await bruno.page.getByTestId('private-tab-teams').click();
      await containsText(bruno.page.getByTestId(`private-team-${teamId}-unread`), '1');
      await containsText(bruno.page.getByTestId(`private-team-${teamId}`), 'Reunião da equipe às 17h');
    } catch (error) {
      await bruno.page.screenshot({ path: 'e2e/artifacts/private-chat-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await ana.context.close();
      await bruno.context.close();
    }
  });
});
