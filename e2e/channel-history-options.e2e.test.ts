import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';
import { apiAs, signIn as signInAs } from './session.js';

const ROOT_EMAIL = 'root@history.test';
const ROOT_PASSWORD = 'History-root-pass-1!';
/** SPEC §5 "History sync: positive numbers only", as the English form says it. */
const POSITIVE_ONLY = 'History sync: positive numbers only.';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signIn = (page: Page) => signInAs(page, server.url, { email: ROOT_EMAIL, password: ROOT_PASSWORD });
const api = <T>(page: Page, method: string, path: string, body?: unknown) => apiAs<T>(page, server.url, method, path, body);

describe('history and group import options of a QR-code channel, in a real browser', () => {
  it('saves the options with their JSON types and refuses a limit that is not a positive number', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    // The interface language the app reads at start (it defaults to Portuguese).
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    try {
      await signIn(page);
      const queue = await api<{ id: number }>(page, 'POST', '/queue', { name: 'Imported history', color: '#7950f2' });

      await page.goto(`${server.url}/#/canais`);
      await page.getByTestId('channels-new').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill('WhatsApp QR');
      await dialog.getByTestId('channel-type').selectOption('baileys');

      // The import-only fields appear with importOldMessages; importGroups is there on its own.
      await visible(dialog.getByTestId('channel-history-importGroups'));
      expect(await dialog.getByTestId('channel-history-historySyncLimit').count()).toBe(0);
      await dialog.getByTestId('channel-history-importOldMessages').check();
      await dialog.getByTestId('channel-history-importFrom').fill('2026-01-01');
      await dialog.getByTestId('channel-history-importTo').fill('2026-03-31');
      await dialog.getByTestId('channel-history-historySyncLimit').fill('50');
      await dialog.getByTestId('channel-history-importQueueId').click();
      await page.getByRole('option', { name: 'Imported history' }).click();
      await dialog.getByTestId('channel-history-importGroups').check();

      // The client checks the range like the server does.
      await dialog.getByTestId('channel-history-importTo').fill('2025-12-31');
      await containsText(dialog, 'Must be on or after the import start date.');
      await dialog.getByTestId('channel-history-importTo').fill('2026-03-31');

      await dialog.getByTestId('channel-save').click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });

      const card = page
        .getByTestId(/^channel-\d+$/)
        .filter({ hasText: 'WhatsApp QR' })
        .first();
      await visible(card);
      const channelId = Number((await card.getAttribute('data-testid'))!.replace('channel-', ''));

      const stored = await api<{ settings: Record<string, unknown> }>(page, 'GET', `/whatsapp/${channelId}`);
      expect(stored.settings).toMatchObject({
        importOldMessages: true,
        importFrom: '2026-01-01',
        importTo: '2026-03-31',
        historySyncLimit: 50,
        importGroups: true,
        importQueueId: queue.id,
        closeImportedTickets: false,
      });

      // 0 and -5 are refused in the form: the error shows and nothing is sent.
      let saves = 0;
      page.on('request', (request) => {
        if (request.method() === 'PUT' && new URL(request.url()).pathname === `/whatsapp/${channelId}`) saves += 1;
      });
      await page.getByTestId(`channel-edit-${channelId}`).click();
      const edit = page.getByRole('dialog');
      const limit = edit.getByTestId('channel-history-historySyncLimit');
      await expect.poll(() => limit.inputValue()).toBe('50');
      for (const value of ['0', '-5']) {
        await limit.fill(value);
        await edit.getByTestId('channel-save').click();
        await containsText(edit, POSITIVE_ONLY);
        await visible(edit.getByTestId('channel-save'));
        // A valid number clears the error again.
        await limit.fill('20');
        await expect.poll(async () => (await edit.textContent()) ?? '').not.toContain(POSITIVE_ONLY);
      }
      expect(saves).toBe(0);
      const after = await api<{ settings: Record<string, unknown> }>(page, 'GET', `/whatsapp/${channelId}`);
      expect(after.settings.historySyncLimit).toBe(50);
    } catch (error) {
      await page.screenshot({ path: 'e2e/artifacts/channel-history-options-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
