import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';

const ROOT_EMAIL = 'root@languages.test';
const ROOT_PASSWORD = 'Languages-root-1!';

let server: RunningServer;
let browser: Browser;
let publicKey: string;

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  const login = await fetch(`${server.url}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ROOT_EMAIL, password: ROOT_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  // A web-chat channel without a title or welcome of its own: the widget shows its own, translated.
  const created = await fetch(`${server.url}/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Site', type: 'webchat' }),
  });
  expect(created.status).toBe(201);
  publicKey = ((await created.json()) as { publicKey: string }).publicKey;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('languages in real browsers', () => {
  it("the web-chat demo page and its widget speak the visitor's browser language (German, Brazilian Portuguese)", async () => {
    const german = await browser.newContext({ locale: 'de-DE' });
    const brazilian = await browser.newContext({ locale: 'pt-BR' });
    try {
      const page = await german.newPage();
      await page.goto(`${server.url}/webchat/demo/${publicKey}`);
      await visible(page.getByRole('heading', { name: 'Conversa Web-Chat-Demo' }));
      await page.getByRole('button', { name: 'Chat öffnen' }).click();
      await visible(page.getByText('Schreiben Sie uns'));
      await visible(page.getByLabel('Ihr Name'));
      await visible(page.getByRole('button', { name: 'Chat starten' }));

      const customer = await brazilian.newPage();
      await customer.goto(`${server.url}/webchat/demo/${publicKey}`);
      await visible(customer.getByRole('button', { name: 'Adicionar ao carrinho' }));
      await customer.getByRole('button', { name: 'Abrir o chat' }).click();
      await visible(customer.getByText('Fale conosco'));
      await customer.getByLabel('Seu nome').fill('Carla');
      await customer.getByRole('button', { name: 'Iniciar conversa' }).click();
      await visible(customer.getByText('Olá! Como podemos ajudar?'));
      await visible(customer.getByLabel('Escreva uma mensagem…'));
    } finally {
      await german.close();
      await brazilian.close();
    }
  });

  it("the Portuguese interface refuses a field by the server's schema in Portuguese, and the first admin has a Portuguese name", async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      await signIn(page, server.url, { email: ROOT_EMAIL, password: ROOT_PASSWORD, passwordLabel: 'Senha' });
      // No ADMIN_NAME was given: the user menu shows the default name, in Portuguese.
      await visible(page.getByRole('button', { name: 'Administrador' }));
      await page.goto(`${server.url}/#/planos`);
      await page.getByTestId('plans-new').click();
      const dialog = page.getByRole('dialog');
      // The form checks with POST /plans's own schema (shared with the server): its maximum (120) too, before sending.
      let posted = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/plans') posted += 1;
      });
      await dialog.getByLabel('Nome', { exact: false }).first().fill('P'.repeat(121));
      await dialog.getByLabel('Usuários', { exact: false }).first().fill('5');
      await dialog.getByLabel('Conexões', { exact: false }).first().fill('2');
      await page.getByTestId('plan-save').click();
      await visible(dialog.getByText('Informe no máximo 120 caracteres.'));
      expect(await dialog.getByText(/Too big|expected string/).count()).toBe(0);
      expect(posted).toBe(0);
      // Within the limit the server takes it.
      await dialog.getByLabel('Nome', { exact: false }).first().fill('Plano Prata');
      await page.getByTestId('plan-save').click();
      await visible(page.getByText('Plano Prata'));
      expect(posted).toBe(1);
    } finally {
      await context.close();
    }
  });
});
