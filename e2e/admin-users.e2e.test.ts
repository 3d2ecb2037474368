import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';

const ADMIN_EMAIL = 'root@e2e.test';
const ADMIN_PASSWORD = 'E2e-root-pass-1!';

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

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/#/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  const captcha = page.getByRole('slider', { name: 'captcha' });
  await captcha.focus();
  await page.keyboard.press('End');
  await page.getByTestId('login-submit').click();
}

describe('platform administrator in a real browser', () => {
  it('signs in, sees the superadmin menu, creates a user who can then sign in, signs out', async () => {
    const page = await browser.newPage();
    try {
      // Unauthenticated visit to a protected route goes to login.
      await page.goto(`${server.url}/#/usuarios`);
      await page.waitForURL(/#\/login/);

      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      // SPEC §6: the superadmin lands on assinatura (the platform at a glance).
      await page.waitForURL(/#\/assinatura/);
      for (const entry of ['nav-tenants', 'nav-planos', 'nav-usuarios', 'nav-configuracoes']) {
        await visible(page.getByTestId(entry));
      }
      await page.getByTestId('nav-tenants').click();
      await page.waitForURL(/#\/tenants/);
      await containsText(page.getByTestId('tenants-table'), 'Conversa');

      await page.getByTestId('nav-usuarios').click();
      await containsText(page.getByTestId('users-table'), ADMIN_EMAIL);
      await page.getByTestId('users-new').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nome', { exact: true }).fill('Ana Agente');
      await dialog.getByLabel('E-mail', { exact: true }).fill('ana@e2e.test');
      await dialog.getByLabel('Senha', { exact: true }).fill('Ana-pass-123!');
      await dialog.getByLabel('Perfil').selectOption('admin');
      await dialog.getByTestId('user-save').click();
      await containsText(page.getByTestId('users-table'), 'ana@e2e.test');

      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout-button').click();
      await page.waitForURL(/#\/login/);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // The new admin signs in and sees the admin menu: users and settings, not tenants.
      await signIn(page, 'ana@e2e.test', 'Ana-pass-123!');
      await page.waitForURL(/#\/home/);
      await visible(page.getByTestId('nav-usuarios'));
      await visible(page.getByTestId('nav-configuracoes'));
      expect(await page.getByTestId('nav-tenants').count()).toBe(0);
    } catch (error) {
      await page.screenshot({ path: 'e2e/artifacts/admin-users-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await page.close();
    }
  });

  it('refuses a wrong password with the translated message', async () => {
    const page = await browser.newPage();
    try {
      await signIn(page, ADMIN_EMAIL, 'Wrong-pass-1!');
      await visible(page.getByTestId('login-error'));
      expect(page.url()).toMatch(/#\/login/);
    } finally {
      await page.close();
    }
  });
});
