import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotContexts } from './browser.js';
import { attributeIs, containsText, visible } from './expect-ui.js';
import { acceptTicket } from './inbox.js';
import { startProduct, type RunningServer } from './server.js';
import { apiClient } from './helpers.js';

/**
 * The chatbot end to end (issue 10): an admin builds a 3-step flow in the builder (welcome → menu of
 * two options → a step that routes to a queue), publishes it and attaches it to the web-chat channel;
 * a customer goes through it in the widget and lands in the queue of the option picked; that queue's
 * agent sees the ticket, takes it over, and the bot says nothing more.
 */

const ROOT_EMAIL = 'root@flow.test';
const ROOT_PASSWORD = 'Flow-root-pass-1!';
/** In "Suporte" only: sees the ticket once the bot routes it there, not while it is with the bot in "Recepção". */
const AGENT = { name: 'Sofia Suporte', email: 'sofia@flow.test', password: 'Sofia-pass-123!' };
/** In "Recepção" only: sees the tickets the bot is still talking to. */
const RECEPTIONIST = { name: 'Rita Recepção', email: 'rita@flow.test', password: 'Rita-pass-123!' };

const WELCOME = 'Olá! Bem-vindo à Loja Exemplo.';
const MENU = 'Digite 1 para Vendas ou 2 para Suporte.';
const HANDOFF = 'Certo! Vou te passar para o Suporte.';
/** A 1 × 1 PNG, for the media interaction. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let server: RunningServer;
let browser: Browser;
let token: string;
let channelId: number;
let publicKey: string;
let receptionId: number;
let salesId: number;
let supportId: number;

const call = apiClient(() => server.url);
const api = <T>(method: string, path: string, body?: unknown) => call<T>(method, path, body, token);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  token = (await api<{ token: string }>('POST', '/auth/login/', { email: ROOT_EMAIL, password: ROOT_PASSWORD })).token;
  // The tenant: the channel's own queue (where tickets start, with the bot), and the two queues of the menu.
  receptionId = (await api<{ id: number }>('POST', '/queue', { name: 'Recepção', color: '#868e96' })).id;
  salesId = (await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#40c057' })).id;
  supportId = (await api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#228be6' })).id;
  await api('POST', '/users', { ...AGENT, profile: 'user', queueIds: [supportId] });
  await api('POST', '/users', { ...RECEPTIONIST, profile: 'user', queueIds: [receptionId] });
  const channel = await api<{ id: number; publicKey: string }>('POST', '/whatsapp', {
    name: 'Site',
    type: 'webchat',
    queueId: receptionId,
  });
  channelId = channel.id;
  publicKey = channel.publicKey;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function login(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/#/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('slider', { name: 'captcha' }).focus();
  await page.keyboard.press('End');
  await page.getByTestId('login-submit').click();
  // Agents land on the inbox, admins on their home page, the super admin on the tenants.
  await page.waitForURL(/#\/(atendimento|home|assinatura)/);
  return page;
}

/** Picks an option of a Mantine select. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => page.getByTestId(testId).inputValue(), { timeout: 15_000 }).toBe(option);
}

/** Selects a step on the canvas (framed first: new steps may have been placed outside the view). */
async function selectStep(page: Page, stepId: string): Promise<void> {
  await page.locator('.react-flow__controls-fitview').click();
  await page.getByTestId(`step-node-${stepId}`).click();
  await visible(page.getByTestId('step-panel'));
}

async function addText(page: Page, index: number, text: string): Promise<void> {
  await page.getByTestId('interaction-add').click();
  await page.getByTestId('interaction-add-text').click();
  await page.getByTestId(`interaction-${index}-text`).fill(text);
}

const stepIdOf = async (page: Page, nth: number) =>
  (await page.locator('[data-testid^="step-node-"]').nth(nth).getAttribute('data-testid'))!.replace('step-node-', '');

/** The admin builds the flow in the builder and publishes it; returns its id. */
async function buildFlow(admin: Page): Promise<number> {
  await admin.goto(`${server.url}/#/chat-flow`);
  await admin.getByTestId('flows-new').click();
  await admin.getByTestId('flow-name').fill('Atendimento do site');
  await admin.getByTestId('flow-save').click();
  await admin.waitForURL(/#\/chat-flow\/builder\?id=\d+/);
  const flowId = Number(/id=(\d+)/.exec(admin.url())![1]);

  // Step 1, where a new flow starts: the welcome.
  await visible(admin.locator('[data-testid^="step-node-"]').first());
  const welcomeId = await stepIdOf(admin, 0);
  await selectStep(admin, welcomeId);
  await admin.getByTestId('step-name').fill('Boas-vindas');
  await addText(admin, 0, WELCOME);

  // Step 2: the menu, waiting for 1 or 2; option 1 goes straight to "Vendas".
  await admin.getByTestId('builder-add-step').click();
  await expect.poll(() => admin.locator('[data-testid^="step-node-"]').count()).toBe(2);
  const menuId = await stepIdOf(admin, 1);
  await admin.getByTestId('step-name').fill('Menu');
  await addText(admin, 0, MENU);
  await admin.getByTestId('condition-add').click();
  await admin.getByTestId('condition-add').click();
  await expect.poll(() => admin.getByTestId('condition-0-value').inputValue()).toBe('1');
  await expect.poll(() => admin.getByTestId('condition-1-value').inputValue()).toBe('2');
  await choose(admin, 'condition-0-route-kind', 'Fila');
  await choose(admin, 'condition-0-route-queue', 'Vendas');

  // Step 3: tells the customer and routes to "Suporte".
  await admin.getByTestId('builder-add-step').click();
  await expect.poll(() => admin.locator('[data-testid^="step-node-"]').count()).toBe(3);
  await admin.getByTestId('step-name').fill('Encaminhar ao Suporte');
  await addText(admin, 0, HANDOFF);
  await choose(admin, 'step-next-kind', 'Fila');
  await choose(admin, 'step-next-queue', 'Suporte');

  // Option 2 of the menu leads to step 3; the welcome goes on to the menu.
  await selectStep(admin, menuId);
  await choose(admin, 'condition-1-route-kind', 'Etapa');
  await choose(admin, 'condition-1-route-step', 'Encaminhar ao Suporte');
  await selectStep(admin, welcomeId);
  await choose(admin, 'step-next-kind', 'Etapa');
  await choose(admin, 'step-next-step', 'Menu');

  // The canvas shows the routes; nothing left to fix; publish (confirmed) once the draft is saved:
  // the confirmation's button spins (and ignores a click) while the autosave that follows the last edit runs.
  await containsText(admin.getByTestId(`step-node-${menuId}`), 'Vendas');
  await attributeIs(admin.getByTestId('autosave-status'), 'data-status', 'saved');
  expect(await admin.getByTestId('draft-issues').count()).toBe(0);
  await admin.getByTestId('builder-publish').click();
  await admin.getByTestId('confirm-button').click();
  await visible(admin.getByTestId('published-version'));
  await attributeIs(admin.getByTestId('autosave-status'), 'data-status', 'saved');
  return flowId;
}

/** A visitor of the channel's demo page who opens the widget and starts a chat; returns the page and how she writes. */
async function openWidget(context: BrowserContext, key: string, name: string) {
  const customer = await context.newPage();
  await customer.goto(`${server.url}/webchat/demo/${key}`);
  await customer.getByRole('button', { name: 'Open chat' }).click();
  await customer.getByLabel('Your name').fill(name);
  await customer.getByRole('button', { name: 'Start chat' }).click();
  const say = async (text: string) => {
    await customer.getByLabel('Write a message…').fill(text);
    await customer.getByRole('button', { name: 'Send' }).click();
  };
  return { customer, say };
}

/** The widget's message bubbles (not its greeting), in order: who wrote it and its text. */
async function widgetLog(customer: Page): Promise<Array<{ from: string; text: string }>> {
  return customer
    .locator('[role="log"] .msg[data-key]')
    .evaluateAll((bubbles) =>
      bubbles.map((b) => ({ from: b.classList.contains('visitor') ? 'visitor' : 'agent', text: b.firstElementChild?.textContent ?? '' })),
    );
}

describe('the chatbot in real browsers', () => {
  it('a flow built in the builder greets the widget customer, routes option 2 to "Suporte"; its agent takes over and the bot stays silent', async () => {
    const adminContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1440, height: 900 } });
    const agentContext = await browser.newContext({ locale: 'pt-BR' });
    const customerContext = await browser.newContext({ locale: 'en-US' });
    try {
      const admin = await login(adminContext, ROOT_EMAIL, ROOT_PASSWORD);
      const flowId = await buildFlow(admin);

      // The admin attaches it to the web-chat channel in the channel's form.
      await admin.goto(`${server.url}/#/canais`);
      await admin.getByTestId(`channel-edit-${channelId}`).click();
      await choose(admin, 'channel-chatbot', 'Atendimento do site');
      await admin.getByTestId('channel-save').click();
      await admin.getByTestId('channel-modal').waitFor({ state: 'detached', timeout: 15_000 });
      expect((await api<{ chatFlowId: number | null }>('GET', `/whatsapp/${channelId}`)).chatFlowId).toBe(flowId);

      // Deleting a queue the flow routes to names the flow first; the admin thinks better of it.
      await admin.goto(`${server.url}/#/filas`);
      await admin.getByTestId(`queue-delete-${salesId}`).click();
      await containsText(admin.getByTestId('queue-delete-flows'), '“Atendimento do site”');
      await admin.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
      await admin.getByRole('dialog').waitFor({ state: 'detached' });
      await visible(admin.getByTestId(`queue-${salesId}`));

      const agent = await login(agentContext, AGENT.email, AGENT.password);
      await agent.getByTestId('tab-pending').click();

      // The customer opens the widget and writes: the bot welcomes and shows the menu.
      const { customer, say } = await openWidget(customerContext, publicKey, 'Carla Cliente');
      await say('Oi, boa tarde');
      await visible(customer.getByText(WELCOME));
      await visible(customer.getByText(MENU));

      // She answers 2: told she goes to Suporte; the Suporte agent gets the ticket, live.
      await say('2');
      await visible(customer.getByText(HANDOFF));
      const row = agent
        .getByTestId(/^ticket-\d+$/)
        .filter({ hasText: 'Carla Cliente' })
        .first();
      await visible(row);
      await row.click();
      await containsText(agent.getByTestId('chat-header'), 'Carla Cliente');
      await acceptTicket(agent);
      await attributeIs(agent.getByTestId('chat-status'), 'data-status', 'open');

      // The customer writes again; the agent sees it, replies; in the widget her reply is the very next bubble.
      const LAST = 'Meu pedido não chegou';
      const REPLY = 'Oi Carla, aqui é a Sofia do Suporte. Vou verificar o seu pedido.';
      await say(LAST);
      await visible(agent.locator('[data-testid^="message-body-"]').filter({ hasText: LAST }));
      await agent.getByTestId('composer-input').fill(REPLY);
      await agent.getByTestId('composer-send').click();
      await visible(customer.getByText(REPLY));
      const log = await widgetLog(customer);
      const last = log.findLastIndex((m) => m.from === 'visitor' && m.text === LAST);
      expect(log.slice(last)).toEqual([
        { from: 'visitor', text: LAST },
        { from: 'agent', text: REPLY },
      ]);
      // The bot spoke exactly its three texts, once each, all before the take-over.
      expect(log.filter((m) => m.from === 'agent').map((m) => m.text)).toEqual([WELCOME, MENU, HANDOFF, REPLY]);
    } catch (error) {
      await screenshotContexts('chatbot', { admin: adminContext, agent: agentContext, customer: customerContext });
      throw error;
    } finally {
      await Promise.all([adminContext.close(), agentContext.close(), customerContext.close()]);
    }
  });

  it('a media interaction: the admin uploads a PNG in the builder, publishes, and the widget customer receives the image with its caption', async () => {
    const intro = 'Confira o nosso cardápio de hoje:';
    const caption = 'Cardápio da semana';
    // A one-step draft made through the API; the image is added in the builder.
    const flow = await api<{ id: number }>('POST', '/chat-flow', {
      name: 'Cardápio',
      isActive: true,
      definition: {
        startStepId: 'menu',
        outOfHoursRoute: null,
        welcomeMessage: null,
        endMessage: null,
        fallbackMessage: null,
        autoDistribution: 'none',
        steps: [
          {
            id: 'menu',
            name: 'Cardápio',
            position: { x: 0, y: 120 },
            interactions: [{ id: 'i_intro', kind: 'text', text: intro }],
            conditions: [],
            next: { kind: 'queue', queueId: salesId },
            keyword: null,
            maxAttempts: 3,
            fallbackMessage: null,
            maxAttemptsRoute: null,
            noAnswerMinutes: null,
            noAnswerRoute: null,
          },
        ],
      },
    });

    const adminContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1440, height: 900 } });
    const customerContext = await browser.newContext({ locale: 'en-US' });
    try {
      const admin = await login(adminContext, ROOT_EMAIL, ROOT_PASSWORD);
      await admin.goto(`${server.url}/#/chat-flow/builder?id=${flow.id}`);
      await selectStep(admin, 'menu');
      await admin.getByTestId('interaction-add').click();
      await admin.getByTestId('interaction-add-media').click();
      await containsText(admin.getByTestId('interaction-1'), 'Nenhum arquivo enviado.');
      await admin
        .getByTestId('interaction-1')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'cardapio.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
      await containsText(admin.getByTestId('interaction-1-media-name'), 'cardapio.png');
      await containsText(admin.getByTestId('interaction-1-media-details'), 'Imagem');
      await visible(admin.getByTestId('interaction-1-media-preview'));
      await admin.getByTestId('interaction-1-media-caption').fill(caption);
      await attributeIs(admin.getByTestId('autosave-status'), 'data-status', 'saved');
      expect(await admin.getByTestId('draft-issues').count()).toBe(0);
      await admin.getByTestId('builder-publish').click();
      await admin.getByTestId('confirm-button').click();
      await visible(admin.getByTestId('published-version'));

      const published = await api<{
        definition: { steps: Array<{ interactions: Array<{ kind: string; media?: { name: string; type: string } }> }> };
      }>('GET', `/chat-flow/${flow.id}`);
      expect(published.definition.steps[0].interactions[1]).toMatchObject({
        kind: 'media',
        media: { name: 'cardapio.png', type: 'image' },
        caption,
      });

      const site = await api<{ publicKey: string }>('POST', '/whatsapp', {
        name: 'Cardápio',
        type: 'webchat',
        queueId: receptionId,
        chatFlowId: flow.id,
      });
      const { customer, say } = await openWidget(customerContext, site.publicKey, 'Mara Menu');
      await say('Oi');
      await visible(customer.getByText(intro));
      const image = customer.locator('[role="log"] .msg img[alt="cardapio.png"]');
      await visible(image);
      // The signed link of the stored file loads in the widget.
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(1);
      await visible(customer.getByText(caption));
    } catch (error) {
      await screenshotContexts('chatbot-media', { admin: adminContext, customer: customerContext });
      throw error;
    } finally {
      await Promise.all([adminContext.close(), customerContext.close()]);
    }
  });

  it('an agent who takes the ticket over while the bot waits at the menu: the answer to the menu reaches her, the bot says nothing and routes nowhere', async () => {
    // Set up through the API this time: a one-step menu flow, published, on a second web-chat channel.
    const menuText = 'Menu da loja: 1 Vendas, 2 Suporte.';
    const step = (id: string) => ({
      id,
      name: 'Menu',
      position: { x: 0, y: 120 },
      interactions: [{ id: 'i_menu', kind: 'text', text: menuText }],
      conditions: [
        { id: 'c_1', type: 'option', value: '1', route: { kind: 'queue', queueId: salesId } },
        { id: 'c_2', type: 'option', value: '2', route: { kind: 'queue', queueId: supportId } },
      ],
      next: null,
      keyword: null,
      maxAttempts: 3,
      fallbackMessage: null,
      maxAttemptsRoute: null,
      noAnswerMinutes: null,
      noAnswerRoute: null,
    });
    const flow = await api<{ id: number }>('POST', '/chat-flow', {
      name: 'Menu da loja',
      isActive: true,
      publish: true,
      definition: {
        startStepId: 'menu',
        outOfHoursRoute: null,
        welcomeMessage: null,
        endMessage: null,
        fallbackMessage: null,
        autoDistribution: 'none',
        steps: [step('menu')],
      },
    });
    const shop = await api<{ publicKey: string }>('POST', '/whatsapp', {
      name: 'Loja',
      type: 'webchat',
      queueId: receptionId,
      chatFlowId: flow.id,
    });

    const agentContext = await browser.newContext({ locale: 'pt-BR' });
    const customerContext = await browser.newContext({ locale: 'en-US' });
    try {
      const agent = await login(agentContext, RECEPTIONIST.email, RECEPTIONIST.password);
      await agent.getByTestId('tab-pending').click();
      const { customer, say } = await openWidget(customerContext, shop.publicKey, 'Bruno Balcão');
      await say('Olá');
      await visible(customer.getByText(menuText));

      // The receptionist sees the ticket the bot is on and takes it over.
      const row = agent
        .getByTestId(/^ticket-\d+$/)
        .filter({ hasText: 'Bruno Balcão' })
        .first();
      await visible(row);
      await row.click();
      await acceptTicket(agent);
      await attributeIs(agent.getByTestId('chat-status'), 'data-status', 'open');

      // The customer answers the menu: the answer is hers now; she replies and keeps the ticket.
      await say('2');
      await visible(agent.locator('[data-testid^="message-body-"]').filter({ hasText: /^2$/ }));
      const reply = 'Oi Bruno, aqui é a Rita. Em que posso ajudar?';
      await agent.getByTestId('composer-input').fill(reply);
      await agent.getByTestId('composer-send').click();
      await visible(customer.getByText(reply));
      const log = await widgetLog(customer);
      expect(log.slice(log.findLastIndex((m) => m.from === 'visitor' && m.text === '2'))).toEqual([
        { from: 'visitor', text: '2' },
        { from: 'agent', text: reply },
      ]);
      expect(log.filter((m) => m.from === 'agent').map((m) => m.text)).toEqual([menuText, reply]);
      await attributeIs(agent.getByTestId('chat-status'), 'data-status', 'open');
    } catch (error) {
      await screenshotContexts('chatbot-takeover', { agent: agentContext, customer: customerContext });
      throw error;
    } finally {
      await Promise.all([agentContext.close(), customerContext.close()]);
    }
  });
});
