import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';

const ADMIN_EMAIL = 'root@e2e.test';
const ADMIN_PASSWORD = 'E2e-root-pass-1!';
/** A 1×1 PNG (the server decodes and re-encodes it). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

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

async function signIn(page: Page) {
  await page.goto(`${server.url}/#/login`);
  await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN_PASSWORD);
  const captcha = page.getByRole('slider', { name: 'captcha' });
  await captcha.focus();
  await page.keyboard.press('End');
  await page.getByTestId('login-submit').click();
}

describe('white-label (issue 15, /customizar)', () => {
  it('the platform operator changes the name, palette and logo; the login page shows them, without any rebuild', async () => {
    const page = await browser.newPage();
    try {
      await signIn(page);
      await page.waitForURL(/#\/assinatura/);
      await page.getByTestId('nav-customizar').click();
      await page.waitForURL(/#\/customizar/);

      await page.getByLabel('Nome', { exact: true }).fill('Central Atende');
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await visible(page.getByTestId('app-name').getByText('Central Atende'));

      const primary = page.getByLabel('Primária');
      await primary.fill('#5c67f2');
      await primary.press('Enter');
      await page.getByRole('button', { name: 'Salvar cores' }).click();
      await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--q-primary') === '#5c67f2');

      await page
        .getByTestId('branding-logo')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await visible(page.getByTestId('header-logo'));
      expect(await page.title()).toBe('Central Atende');

      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout-button').click();
      await page.waitForURL(/#\/login/);

      // A new visitor (no remembered branding) gets the platform's from the server.
      const visitor = await browser.newPage();
      try {
        await visitor.goto(`${server.url}/#/login`);
        await visible(visitor.getByRole('heading', { name: 'Central Atende' }));
        const logo = visitor.getByTestId('brand-logo');
        await visible(logo);
        expect(await logo.getAttribute('src')).toMatch(/^\/branding\/files\/[A-Za-z0-9_-]{32}$/);
        expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
        await visitor.waitForFunction(() => document.documentElement.style.getPropertyValue('--q-primary') === '#5c67f2');
        // The theme reads the palette: the login button (enabled once the slider captcha is done) is filled with the new primary colour.
        await visitor.getByRole('slider', { name: 'captcha' }).focus();
        await visitor.keyboard.press('End');
        await visitor.waitForFunction(
          () => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-brand-6').trim() === '#5c67f2',
        );
        await visitor.waitForFunction(
          () => getComputedStyle(document.querySelector('[data-testid="login-submit"]')!).backgroundColor === 'rgb(92, 103, 242)',
        );
        expect(await visitor.title()).toBe('Central Atende');
      } finally {
        await visitor.close();
      }
    } finally {
      await page.close();
    }
  });
});
