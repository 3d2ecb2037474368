import { startOpenAiSimulator, type LlmSimulator } from '@conversa/simulators';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotContexts } from './browser.js';
import { attributeIs, containsText, visible } from './expect-ui.js';
import { apiClient } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';
import { apiAs, signIn } from './session.js';

const ROOT_EMAIL = 'root@llm.test';
const ROOT_PASSWORD = 'Llm-root-pass-1!';
const ADMIN = { name: 'Ana Administradora', email: 'ana@llm.test', password: 'Ana-admin-123!' };

let server: RunningServer;
let browser: Browser;
let sim: LlmSimulator;
let publicKey: string;
let channelId: number;

const api = apiClient(() => server.url);

beforeAll(async () => {
  sim = await startOpenAiSimulator();
  sim.answerWith((call) => `Olá! Sou o assistente virtual. Você disse: ${call.messages.at(-1)?.content}`);
  // The simulator listens on 127.0.0.1: private addresses are allowed for this server only.
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  browser = await launchBrowser();
  const { token } = await api<{ token: string }>('POST', '/auth/login/', { email: ROOT_EMAIL, password: ROOT_PASSWORD });
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#228be6' }, token);
  await api('POST', '/users', { ...ADMIN, profile: 'admin', queueIds: [queue.id] }, token);
  const channel = await api<{ id: number; publicKey: string }>(
    'POST',
    '/whatsapp',
    { name: 'Site', type: 'webchat', queueId: queue.id },
    token,
  );
  publicKey = channel.publicKey;
  channelId = channel.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

async function customerWrites(customer: Page, text: string) {
  await customer.getByLabel('Write a message…').fill(text);
  await customer.getByRole('button', { name: 'Send' }).click();
}

describe('an OpenAI-compatible bot on a web-chat channel, in Chromium', () => {
  it('an admin sets it up; the customer gets its answer in the widget; the agent takes over and the bot stops', async () => {
    const adminContext = await browser.newContext({ locale: 'pt-BR' });
    const customerContext = await browser.newContext({ locale: 'en-US' });
    const admin = await adminContext.newPage();
    try {
      // Settings → Bots and AI → ChatGPT: the simulator's address, its key, a model; the connection test, then save.
      await signIn(admin, server.url, {
        email: ADMIN.email,
        password: ADMIN.password,
        passwordLabel: 'Senha',
        landing: /#\/(atendimento|home)/,
      });
      await admin.goto(`${server.url}/#/configuracoes/chat-gpt`);
      await visible(admin.getByTestId('settings-group-bots'));
      await admin.getByTestId('ai-api-key').fill(sim.apiKey!);
      await admin.getByTestId('ai-base-url').fill(`${sim.url}/v1`);
      await admin.getByTestId('ai-model').fill('gpt-4o-mini');
      await admin.getByTestId('ai-test').click();
      await containsText(admin.getByTestId('ai-test-result'), 'Conexão ok');
      await admin.getByTestId('ai-save').click();
      await containsText(admin.getByTestId('ai-settings-status'), 'Configurado');
      await expect.poll(() => admin.getByTestId('ai-api-key').inputValue()).toBe('••••••');

      // The channel form: ChatGPT answers this channel's new tickets, with a prompt.
      await admin.goto(`${server.url}/#/canais`);
      await admin.getByTestId(`channel-edit-${channelId}`).click();
      await admin.getByTestId('channel-ai-provider').click();
      await admin.getByRole('option', { name: 'ChatGPT' }).click();
      await admin.getByTestId('channel-ai-prompt').fill('Você é o assistente da Loja Azul.');
      await admin.getByTestId('channel-ai-stop-word').fill('PARAR');
      await admin.getByTestId('channel-ai-new-tickets').check({ force: true });
      await admin.getByTestId('channel-ai-save').click();
      await expect
        .poll(async () => (await apiAs<{ provider: string | null }>(admin, server.url, 'GET', `/whatsapp/${channelId}/ai-bot`)).provider)
        .toBe('chat-gpt');
      await admin.keyboard.press('Escape');

      // The customer writes through the widget and gets the bot's answer there.
      const customer = await customerContext.newPage();
      await customer.goto(`${server.url}/webchat/demo/${publicKey}`);
      await customer.getByRole('button', { name: 'Open chat' }).click();
      await customer.getByLabel('Your name').fill('Carla Cliente');
      await customer.getByRole('button', { name: 'Start chat' }).click();
      await customerWrites(customer, 'Qual o horário de vocês?');
      await visible(customer.getByText('Olá! Sou o assistente virtual. Você disse: Qual o horário de vocês?'));
      expect(sim.calls.at(-1)?.system).toBe('Você é o assistente da Loja Azul.');

      // The agent (the admin, in the queue) sees the ticket with ChatGPT on, and takes it over.
      await admin.goto(`${server.url}/#/atendimento`);
      await admin.getByTestId('tab-pending').click();
      const row = admin
        .getByTestId(/^ticket-\d+$/)
        .filter({ hasText: 'Carla Cliente' })
        .first();
      await row.click();
      await visible(admin.getByTestId('chat-header'));
      await admin.getByTestId('ticket-ai').click();
      await expect.poll(() => admin.getByTestId('ticket-ai-chat-gpt').isChecked()).toBe(true);
      await admin.keyboard.press('Escape');
      await admin.getByTestId('ticket-accept').click();
      await attributeIs(admin.getByTestId('chat-status'), 'data-status', 'open');
      await admin.getByTestId('ticket-ai').click();
      await expect.poll(() => admin.getByTestId('ticket-ai-chat-gpt').isChecked()).toBe(false);
      await admin.keyboard.press('Escape');

      // The customer writes again: the agent answers, the bot does not.
      const calls = sim.calls.length;
      await customerWrites(customer, 'Ainda está aí?');
      await visible(admin.locator('[data-testid^="message-"]').filter({ hasText: 'Ainda está aí?' }).first());
      await admin.getByTestId('composer-input').fill('Oi Carla, aqui é a Ana!');
      await admin.getByTestId('composer-send').click();
      // The agent's reply reaches the widget after the customer's message: the bot's turn for it has passed.
      await visible(customer.getByText('Oi Carla, aqui é a Ana!'));
      expect(sim.calls.length).toBe(calls);
      expect(await customer.getByText(/Você disse: Ainda está aí\?/).count()).toBe(0);
    } catch (error) {
      await screenshotContexts('llm-bot', { admin: adminContext, customer: customerContext });
      throw error;
    } finally {
      await adminContext.close();
      await customerContext.close();
    }
  });
});
