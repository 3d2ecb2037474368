import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { visible } from './expect-ui.js';
import { signIn } from './session.js';
import { startProduct, type RunningServer } from './server.js';

// The web app loads each screen's code, and each language but pt and en, when it is needed.

const ADMIN_EMAIL = 'root@e2e.test';
const ADMIN_PASSWORD = 'E2e-root-pass-1!';
const german = JSON.parse(readFileSync(resolve(import.meta.dirname, '../apps/web/src/locales/de.json'), 'utf8')) as {
  common: { language: string };
};

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL, ADMIN_PASSWORD });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The chunks the page has requested so far, by name ('assets/ChatPage-7xVIFd9Q.js' → 'ChatPage'). */
function recordScripts(page: Page): () => string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop() ?? '';
    const match = /^(.+)-[\w-]{8}\.js$/.exec(file);
    if (request.resourceType() === 'script' && match) names.push(match[1]);
  });
  return () => names;
}

const INBOX_SCREENS = ['SignedInApp', 'AtendimentoLayout'];
const OTHER_SCREENS = ['ChatPage', 'ChannelsPage', 'UsersPage', 'TenantsPage', 'ContactsPage'];
const LAZY_LOCALES = ['pt-br', 'en-us', 'en-gb', 'es', 'es-419', 'de', 'fr', 'it', 'pl', 'ru'];

describe('what the browser downloads', () => {
  it('the login page loads its own screen only; the inbox screens come after signing in', async () => {
    const page = await browser.newPage();
    try {
      const scripts = recordScripts(page);
      await page.goto(`${server.url}/#/login`);
      await visible(page.getByTestId('login-submit'));
      expect(scripts()).toContain('LoginPage');
      for (const name of [...INBOX_SCREENS, ...OTHER_SCREENS, ...LAZY_LOCALES]) expect(scripts()).not.toContain(name);

      await signIn(page, server.url, {
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
        passwordLabel: 'Senha',
        landing: /#\/(assinatura|home|atendimento|contatos)/,
      });
      await page.goto(`${server.url}/#/atendimento/chats`);
      await visible(page.getByTestId('navbar'));
      await expect.poll(() => INBOX_SCREENS.filter((name) => scripts().includes(name)), { timeout: 15_000 }).toEqual(INBOX_SCREENS);
      expect(scripts()).not.toContain('ChatPage');
    } finally {
      await page.close();
    }
  });

  it('fetches a language when it is chosen, and before the first screen when it was stored', async () => {
    const page = await browser.newPage();
    try {
      const scripts = recordScripts(page);
      await page.goto(`${server.url}/#/login`);
      await visible(page.getByTestId('language-select'));
      expect(scripts()).not.toContain('de');

      await page.getByTestId('language-select').selectOption('de');
      await visible(page.getByLabel(german.common.language));
      expect(scripts()).toContain('de');

      // Stored: a reload shows German at once (the file is fetched before the first render).
      await page.reload();
      await visible(page.getByLabel(german.common.language));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    } finally {
      await page.close();
    }
  });
});
