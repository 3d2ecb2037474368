import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { visible } from './expect-ui.js';
import { acceptTicket } from './inbox.js';
import { startProduct, type RunningServer } from './server.js';
import { apiClient } from './helpers.js';
import { signIn } from './session.js';

/**
 * Contact variables (settings, CRM tab `variaveis`): an admin creates {{plano}} on its screen, fills
 * the customer's value in the contact form (the variable offered as the information's name), and
 * the variable picked in the composer reaches the web-chat customer as their value.
 */

const ROOT_EMAIL = 'root@variables.test';
const ROOT_PASSWORD = 'Variables-root-pass-1!';
const ADMIN = { name: 'Bia Admin', email: 'bia@variables.test', password: 'Bia-admin-pass-1!' };

let server: RunningServer;
let browser: Browser;
let publicKey: string;
let token: string;

const api = apiClient(() => server.url);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  ({ token } = await api<{ token: string }>('POST', '/auth/login/', { email: ROOT_EMAIL, password: ROOT_PASSWORD }));
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#228be6' }, token);
  await api('POST', '/users', { ...ADMIN, profile: 'admin', queueIds: [queue.id] }, token);
  const channel = await api<{ publicKey: string }>('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: queue.id }, token);
  publicKey = channel.publicKey;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('contact variables in real browsers', () => {
  it("an admin creates {{plano}}, fills a customer's value in the contact form, and the variable picked in the composer reaches the customer as the value", async () => {
    const adminContext = await browser.newContext({ locale: 'pt-BR' });
    const customerContext = await browser.newContext({ locale: 'en-US' });
    try {
      const customer = await customerContext.newPage();
      await customer.goto(`${server.url}/webchat/demo/${publicKey}`);
      await customer.getByRole('button', { name: 'Open chat' }).click();
      await customer.getByLabel('Your name').fill('Davi Cliente');
      await customer.getByRole('button', { name: 'Start chat' }).click();
      await customer.getByLabel('Write a message…').fill('Qual é o meu plano?');
      await customer.getByRole('button', { name: 'Send' }).click();

      const admin = await adminContext.newPage();
      await signIn(admin, server.url, { ...ADMIN, passwordLabel: 'Senha', landing: /#\/(home|atendimento)/ });

      // The variable, on its settings tab.
      await admin.goto(`${server.url}/#/configuracoes/variaveis`);
      await admin.getByTestId('contact-variable-new').click();
      await admin.getByTestId('contact-variable-name').fill('plano');
      await admin.getByTestId('contact-variable-description').fill('Plano contratado');
      await admin.getByTestId('contact-variable-save').click();
      await visible(admin.getByTestId('contact-variable-plano'));

      // The customer's value, in the contact form: the variable is offered as the information's name.
      const contacts = await api<{ contacts: { id: number; name: string }[] }>('GET', '/contacts?searchParam=Davi', undefined, token);
      const contactId = contacts.contacts.find((contact) => contact.name === 'Davi Cliente')!.id;
      await admin.goto(`${server.url}/#/contatos`);
      await admin.getByTestId('contacts-search').fill('Davi');
      await admin.getByTestId(`contact-edit-${contactId}`).click();
      await admin.getByTestId('contact-extra-add').click();
      await admin.getByTestId('contact-extra-name-0').click();
      await admin.getByRole('option', { name: 'plano' }).click();
      await admin.getByLabel('Valor').fill('Ouro Anual');
      await admin.getByTestId('contact-save').click();
      await visible(admin.getByText('Tudo certo! Registro salvo.').first());

      // In the chat, the composer's picker offers it; the customer gets the value.
      await admin.goto(`${server.url}/#/atendimento`);
      await admin.getByTestId('tab-pending').click();
      const row = admin
        .getByTestId(/^ticket-\d+$/)
        .filter({ hasText: 'Davi Cliente' })
        .first();
      await visible(row);
      await row.click();
      await acceptTicket(admin);
      const input = admin.getByTestId('composer-input');
      await input.fill('Seu plano é ');
      await admin.getByTestId('composer-variables').click();
      await admin.getByTestId('composer-variables-plano').click();
      await input.press('Enter');
      await visible(customer.getByText('Seu plano é Ouro Anual'));
    } catch (error) {
      for (const [name, context] of [
        ['admin', adminContext],
        ['customer', customerContext],
      ] as const) {
        await context
          .pages()
          .at(-1)
          ?.screenshot({ path: `e2e/artifacts/variables-${name}-failure.png` })
          .catch(() => undefined);
      }
      throw error;
    } finally {
      await Promise.all([adminContext.close(), customerContext.close()]);
    }
  });
});
