/**
 * Issue 9 in a real browser: the profile page (name, password with the current one, language,
 * sound), the refresh token kept out of scripts' reach, the security headers with no CSP
 * violation, and a plain user logged out at once when the company is deactivated.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';

const ROOT_EMAIL = 'root@profile.e2e.test';
const ROOT_PASSWORD = 'E2e-root-pass-1!';

let server: RunningServer;
let browser: Browser;
let rootToken: string;

async function api<T = any>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}
const loginToken = async (email: string, password: string) =>
  (await api<{ token: string }>('POST', '/auth/login/', null, { email, password })).token;

/** A page that records every CSP violation the browser reports. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const page = await browser.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations };
}

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  rootToken = await loginToken(ROOT_EMAIL, ROOT_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the profile page', () => {
  it('changes the name, the password (wrong then right current one), the language and the sound', async () => {
    const agent = await api('POST', '/users', rootToken, {
      name: 'Bia Agente',
      email: 'bia@profile.e2e.test',
      password: 'Bia-pass-123!',
      profile: 'user',
    });
    const { page, violations } = await watchedPage();
    try {
      const landing = await page.goto(`${server.url}/`);
      const csp = landing!.headers()['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(landing!.headers()['x-content-type-options']).toBe('nosniff');

      await signIn(page, server.url, {
        email: 'bia@profile.e2e.test',
        password: 'Bia-pass-123!',
        passwordLabel: 'Senha',
        landing: /#\/atendimento/,
      });
      // The refresh token is an httpOnly cookie: nothing a script can read.
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toMatch(/refresh/i);
      expect(await page.evaluate(() => document.cookie)).toBe('');
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'conversa_refresh')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth' });

      await page.getByTestId('user-menu').click();
      await page.getByTestId('profile-link').click();
      await page.waitForURL(/#\/perfil/);
      await visible(page.getByTestId('profile-page'));

      // Name
      await page.getByTestId('profile-name').fill('Bia Souza');
      await page.getByTestId('profile-details-save').click();
      await containsText(page.getByTestId('user-menu'), 'Bia Souza');

      // Password: a wrong current one is refused on its field, the right one changes it.
      await page.getByTestId('profile-current-password').fill('Not-my-pass-1!');
      await page.getByTestId('profile-new-password').fill('Bia-new-pass-2!');
      await page.getByTestId('profile-confirm-password').fill('Bia-new-pass-2!');
      await page.getByTestId('profile-password-save').click();
      await containsText(page.getByTestId('profile-password-form'), 'A senha atual não está correta.');
      await page.getByTestId('profile-current-password').fill('Bia-pass-123!');
      await page.getByTestId('profile-password-save').click();
      await visible(page.getByText('Tudo certo! Senha alterada.'));
      await loginToken('bia@profile.e2e.test', 'Bia-new-pass-2!');

      // Sound off, stored on the server.
      await page.getByTestId('profile-sound').click({ force: true });
      await expect
        .poll(async () => (await api('GET', `/users/${agent.id}`, rootToken)).configs.notificationSound, { timeout: 10_000 })
        .toBe(false);

      // Language: the interface switches at once, and the choice follows the user (a reload keeps it).
      await page.getByTestId('profile-language').selectOption('en');
      await visible(page.getByRole('heading', { name: 'My profile' }));
      await expect.poll(async () => (await api('GET', `/users/${agent.id}`, rootToken)).configs.language, { timeout: 10_000 }).toBe('en');
      await page.evaluate(() => localStorage.removeItem('language'));
      await page.reload();
      await visible(page.getByRole('heading', { name: 'My profile' }));

      // The page's own refresh call (no body, the app header) is answered from the cookie, with no refresh token in the answer.
      const refreshed = await page.evaluate(async () => {
        const response = await fetch('/auth/refresh_token', { method: 'POST', headers: { 'x-requested-with': 'conversa' } });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      });
      expect(refreshed.status).toBe(200);
      expect(Object.keys(refreshed.body)).toEqual(['token']);

      // On a 390 px phone every field and button of the page is within the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/#/perfil`);
      await visible(page.getByTestId('profile-page'));
      for (const id of [
        'profile-name',
        'profile-email',
        'profile-details-save',
        'profile-current-password',
        'profile-password-save',
        'profile-language',
        'profile-sound',
      ]) {
        const box = await page.getByTestId(id).boundingBox();
        expect(box, id).not.toBeNull();
        expect(box!.x, id).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, id).toBeLessThanOrEqual(390);
      }
      expect(violations).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('tenant deactivation', () => {
  it('logs a plain user out at once: the warning, then the login page', async () => {
    const tenant = await api('POST', '/tenants', rootToken, {
      status: 'active',
      name: 'Empresa Inativa',
      maxUsers: 5,
      maxConnections: 1,
      admin: { name: 'Dona Admin', email: 'dona@inactive.e2e.test', password: 'Dona-pass-123!' },
    });
    const adminToken = await loginToken('dona@inactive.e2e.test', 'Dona-pass-123!');
    await api('POST', '/users', adminToken, {
      name: 'Caio Agente',
      email: 'caio@inactive.e2e.test',
      password: 'Caio-pass-123!',
      profile: 'user',
    });
    const { page } = await watchedPage();
    try {
      await signIn(page, server.url, {
        email: 'caio@inactive.e2e.test',
        password: 'Caio-pass-123!',
        passwordLabel: 'Senha',
        landing: /#\/atendimento/,
      });
      await visible(page.getByTestId('user-menu'));
      await api('PUT', `/tenants/${tenant.id}`, rootToken, { status: 'inactive' });
      await visible(page.getByText('Sua empresa está inativa!'));
      await page.waitForURL(/#\/login/, { timeout: 15_000 });
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    } finally {
      await page.close();
    }
  });
});
