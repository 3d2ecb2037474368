/**
 * Every screen on a 390 × 844 phone (issue 9 item 3): nothing wider than the screen, every admin
 * list's actions on screen and clickable, modals full-screen, sign-out reachable from the header,
 * the inbox one column at a time (list → chat → back), and the web-chat widget's Send not covered
 * by its launcher. Also the public pages: sign-up only once a plan exists, and no blank page while
 * the app's script loads.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { acceptTicket } from './inbox.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';
import { apiClient } from './helpers.js';

const ROOT_EMAIL = 'root@mobile.test';
const ROOT_PASSWORD = 'Mobile-root-pass-1!';
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let token: string;
let publicKey: string;

const call = apiClient(() => server.url);
const api = <T>(method: string, path: string, body?: unknown) => call<T>(method, path, body, token);

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD });
  browser = await launchBrowser();
  ({ token } = await api<{ token: string }>('POST', '/auth/login/', { email: ROOT_EMAIL, password: ROOT_PASSWORD }));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function phoneContext(locale = 'pt-BR'): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, locale, isMobile: true, hasTouch: true });
}

/** The page is no wider than the phone: nothing to scroll sideways to. */
async function fitsTheScreen(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

/** Visible and entirely inside the screen's width. */
async function onScreen(locator: Locator, what: string): Promise<void> {
  await visible(locator);
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what} starts at ${box!.x}`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends at ${box!.x + box!.width}`).toBeLessThanOrEqual(PHONE.width);
}

async function screenshotOnFailure(pages: Page[], name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    for (const [i, page] of pages.entries())
      await page.screenshot({ path: `e2e/artifacts/mobile-${name}-${i}-failure.png` }).catch(() => undefined);
    throw error;
  }
}

describe('the public pages on a phone', () => {
  it('shows the login form over a loading page, never a blank one, while the script loads', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await screenshotOnFailure([page], 'boot', async () => {
      // Hold the app's entry script: what the page shows meanwhile is what a slow connection shows.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // Module scripts hold DOMContentLoaded back: wait for the response only.
      await page.goto(`${server.url}/#/login`, { waitUntil: 'commit' });
      await visible(page.getByTestId('boot'));
      await containsText(page.getByTestId('boot'), 'Conversa');
      expect(await page.getByTestId('login-form').count()).toBe(0);
      release();
      await visible(page.getByTestId('login-form'));
      expect(await page.getByTestId('boot').count()).toBe(0);
    });
    await context.close();
  });

  it('serves that loading page with no inline script or style (ready for a strict CSP)', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('class="boot"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style[\s>]/);
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('offers sign-up only once a plan exists; /signup says why it is closed; every public page fits', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await screenshotOnFailure([page], 'public', async () => {
      const plansAnswered = page.waitForResponse((r) => r.url().endsWith('/plans/public') && r.ok());
      await page.goto(`${server.url}/#/login`);
      await visible(page.getByTestId('login-form'));
      await plansAnswered;
      expect(await page.getByTestId('signup-link').count()).toBe(0);
      await onScreen(page.getByTestId('login-submit'), 'the login button');
      await onScreen(page.getByTestId('forgot-link'), 'the forgotten-password link');
      await fitsTheScreen(page, 'the login page');

      await page.goto(`${server.url}/#/signup`);
      await containsText(page.getByTestId('signup-closed'), 'Cadastro indisponível');
      expect(await page.getByTestId('signup-form').count()).toBe(0);
      await fitsTheScreen(page, 'the closed sign-up page');

      await page.goto(`${server.url}/#/reset/some-token`);
      await onScreen(page.getByTestId('reset-submit'), 'the reset button');
      await fitsTheScreen(page, 'the password reset page');

      // The platform offers a plan: the link appears and leads to the form.
      await api('POST', '/plans', { name: 'Essencial', value: 79.9, connections: 1, users: 3 });
      await page.goto(`${server.url}/#/login`);
      await page.reload();
      await page.getByTestId('signup-link').click();
      await visible(page.getByTestId('signup-form'));
      await onScreen(page.getByTestId('signup-submit'), 'the sign-up button');
      await fitsTheScreen(page, 'the sign-up page');
    });
    await context.close();
  });
});

describe('the app on a phone', () => {
  it('keeps sign-out reachable, and every admin screen usable: actions on screen and clickable, modals full-screen', async () => {
    // Data for every list: a plan, a queue, a contact with a long e-mail, a channel, a user.
    await api('POST', '/plans', { name: 'Profissional', value: 199, connections: 3, users: 10 }).catch(() => undefined);
    const queue = await api<{ id: number }>('POST', '/queue', { name: 'Financeiro', color: '#fa5252' });
    const quick = await api<{ id: number }>('POST', '/fastreply', { key: 'boasvindas', message: 'Olá {{name}}, seja bem-vindo!' });
    const contact = await api<{ id: number }>('POST', '/contacts', {
      name: 'Carla Cliente de Nome Bem Comprido',
      number: '5511988887777',
      email: 'carla.cliente.com.um.email.bem.comprido@empresa-exemplo.com.br',
    });
    await api('POST', '/whatsapp', { name: 'Loja virtual', type: 'webchat' });
    const rule = await api<{ id: number }>('POST', '/auto-reply', {
      name: 'Segunda via do boleto',
      trigger: 'keyword',
      matchMode: 'contains',
      keywords: ['segunda via', 'boleto atrasado'],
      reply: '{{greeting}}, {{name}}! A segunda via está em https://exemplo.com.br/boletos.',
      queueId: queue.id,
    });
    const farewell = await api<{ id: number }>('POST', '/farewellMessages', { message: 'Obrigado pelo contato, {{name}}! Até a próxima.' });
    const agent = await api<{ id: number }>('POST', '/users', {
      name: 'Bruno Balcão',
      email: 'bruno@mobile.test',
      password: 'Bruno-pass-123!',
      profile: 'user',
    });

    const context = await phoneContext();
    const page = await context.newPage();
    await screenshotOnFailure([page], 'admin', async () => {
      await signIn(page, server.url, { email: ROOT_EMAIL, password: ROOT_PASSWORD, passwordLabel: 'Senha' });

      // The header: a compact bar, the user menu on screen, sign-out in it.
      await onScreen(page.getByTestId('user-menu'), 'the user menu');
      expect(await page.getByTestId('language-menu').count()).toBe(0);
      await fitsTheScreen(page, 'the tenants page');

      const screens: { nav: string; list: string; actions: string[]; modal?: string }[] = [
        { nav: 'nav-tenants', list: 'tenants-table', actions: ['tenant-edit-1'], modal: 'tenant-edit-1' },
        { nav: 'nav-planos', list: 'plans-table', actions: ['plan-edit-', 'plan-delete-'], modal: 'plan-edit-' },
        {
          nav: 'nav-usuarios',
          list: 'users-table',
          actions: [`user-edit-${agent.id}`, `user-delete-${agent.id}`],
          modal: `user-edit-${agent.id}`,
        },
        {
          nav: 'nav-filas',
          list: 'queues-table',
          actions: [`queue-edit-${queue.id}`, `queue-delete-${queue.id}`],
          modal: `queue-edit-${queue.id}`,
        },
        {
          nav: 'nav-mensagens-rapidas',
          list: 'quick-messages-table',
          actions: [`quick-message-edit-${quick.id}`, `quick-message-delete-${quick.id}`],
          modal: `quick-message-edit-${quick.id}`,
        },
        {
          nav: 'nav-contatos',
          list: 'contacts-table',
          actions: [`contact-ticket-${contact.id}`, `contact-edit-${contact.id}`, `contact-delete-${contact.id}`],
          modal: `contact-edit-${contact.id}`,
        },
        {
          nav: 'nav-auto-resposta',
          list: 'auto-replies-table',
          actions: [`auto-reply-edit-${rule.id}`, `auto-reply-delete-${rule.id}`],
          modal: `auto-reply-edit-${rule.id}`,
        },
        {
          nav: 'nav-fechamento',
          list: 'farewell-table',
          actions: [`farewell-edit-${farewell.id}`, `farewell-delete-${farewell.id}`],
          modal: `farewell-edit-${farewell.id}`,
        },
        { nav: 'nav-avaliacoes', list: 'ratings-averages', actions: ['ratings-tab-configurar'] },
        {
          nav: 'nav-canais',
          list: 'channels-list',
          actions: ['channel-edit-', 'channel-transfer-', 'channel-delete-'],
          modal: 'channel-edit-',
        },
      ];
      for (const screen of screens) {
        // By the menu behind the burger, as on a phone.
        await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
        await page.getByTestId(screen.nav).click();
        await visible(page.getByTestId(screen.list));
        await fitsTheScreen(page, screen.list);
        for (const action of screen.actions) {
          const button = action.endsWith('-') ? page.locator(`[data-testid^="${action}"]`).first() : page.getByTestId(action);
          await onScreen(button, action);
        }
        if (screen.modal) {
          const opener = screen.modal.endsWith('-')
            ? page.locator(`[data-testid^="${screen.modal}"]`).first()
            : page.getByTestId(screen.modal);
          await opener.click();
          const dialog = page.getByRole('dialog');
          await visible(dialog);
          const box = (await dialog.boundingBox())!;
          expect(box, `${screen.modal}'s dialog is full-screen`).toMatchObject({ x: 0, width: PHONE.width });
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden' });
        }
      }

      // A destructive action asks first, full-screen; cancel keeps the row.
      await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
      await page.getByTestId('nav-contatos').click();
      await page.getByTestId(`contact-delete-${contact.id}`).click();
      await onScreen(page.getByTestId('confirm-button'), 'the confirmation button');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
      await visible(page.getByTestId(`contact-row-${contact.id}`));

      // Business hours: seven days with their intervals, the absence message.
      await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
      await page.getByTestId('nav-horario-atendimento').click();
      await page.getByTestId('business-day-1-type').getByText('Horário').click();
      await onScreen(page.getByTestId('business-day-1-remove-1'), 'the last interval button of a day');
      await onScreen(page.getByTestId('absence-message-save'), 'the absence message save button');
      await fitsTheScreen(page, 'the business-hours page');

      // Settings fit too.
      await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
      await page.getByTestId('nav-configuracoes').click();
      await visible(page.getByTestId('settings-tab-geral'));
      await fitsTheScreen(page, 'the settings page');

      // Sign-out from the compact header.
      await page.getByTestId('user-menu').click();
      await onScreen(page.getByTestId('logout-button'), 'sign-out');
      await page.getByTestId('logout-button').click();
      await page.waitForURL(/#\/login/);
    });
    await context.close();
  });

  it('the inbox goes list → full-screen chat → back, the reply reaches the widget, whose Send is never covered', async () => {
    const channel = await api<{ publicKey: string }>('POST', '/whatsapp', { name: 'Site mobile', type: 'webchat' });
    publicKey = channel.publicKey;
    const customerContext = await phoneContext('en-US');
    const agentContext = await phoneContext();
    const customer = await customerContext.newPage();
    const agent = await agentContext.newPage();
    await screenshotOnFailure([customer, agent], 'inbox', async () => {
      // The customer, on a phone: the widget opens full-screen, the launcher out of the way.
      await customer.goto(`${server.url}/webchat/demo/${publicKey}`);
      const launcher = customer.getByRole('button', { name: 'Open chat' });
      await onScreen(launcher, 'the launcher');
      await launcher.tap();
      await customer.getByLabel('Your name').fill('Mara Mobile');
      await customer.getByRole('button', { name: 'Start chat' }).tap();
      const input = customer.getByLabel('Write a message…');
      await input.fill('Oi, vocês entregam amanhã?');
      const send = customer.getByRole('button', { name: 'Send' });
      await onScreen(send, 'Send');
      expect(await customer.locator('[data-conversa-webchat] .launcher').isVisible()).toBe(false);
      // A tap on Send sends (before, the launcher lay on it: the tap closed the chat).
      await send.tap();
      await visible(customer.locator('[data-conversa-webchat] .msg.visitor').filter({ hasText: 'Oi, vocês entregam amanhã?' }));
      await expect.poll(() => input.inputValue()).toBe('');
      await visible(input);

      // The agent, on a phone: the list first.
      await signIn(agent, server.url, { email: ROOT_EMAIL, password: ROOT_PASSWORD, passwordLabel: 'Senha' });
      await agent.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
      await agent.getByTestId('nav-atendimento').click();
      await agent.getByTestId('tab-pending').click();
      const row = agent
        .getByTestId(/^ticket-\d+$/)
        .filter({ hasText: 'Mara Mobile' })
        .first();
      await onScreen(row, 'the ticket row');
      await fitsTheScreen(agent, 'the ticket list');

      // The chat takes the whole screen; the list is gone until "back".
      await row.click();
      await visible(agent.getByTestId('chat'));
      expect(await agent.getByTestId('ticket-list-panel').isVisible()).toBe(false);
      const chatBox = (await agent.getByTestId('atendimento').boundingBox())!;
      expect(chatBox).toMatchObject({ x: 0, width: PHONE.width });
      await acceptTicket(agent);
      await onScreen(agent.getByTestId('composer-input'), 'the composer');
      await agent.getByTestId('composer-input').fill('Entregamos sim, Mara!');
      await onScreen(agent.getByTestId('composer-send'), "the composer's send");
      await agent.getByTestId('composer-send').click();
      await visible(customer.getByText('Entregamos sim, Mara!'));
      await fitsTheScreen(agent, 'the chat');

      await agent.getByRole('link', { name: 'Voltar' }).click();
      await visible(agent.getByTestId('ticket-list-panel'));
      expect(await agent.getByTestId('chat').count()).toBe(0);

      // The contacts in chat mode take the screen the same way, with their own way back.
      await agent.getByTestId('tickets-contacts').click();
      await visible(agent.getByText('Mara Mobile'));
      expect(await agent.getByTestId('ticket-list-panel').isVisible()).toBe(false);
      await fitsTheScreen(agent, 'the contacts in chat mode');
      await agent.getByRole('link', { name: 'Voltar' }).click();
      await visible(agent.getByTestId('ticket-list-panel'));

      // The customer closes the chat with the panel's own ×: the launcher is back.
      await customer.getByRole('button', { name: 'Close chat' }).tap();
      await visible(customer.getByRole('button', { name: 'Open chat' }));
    });
    await Promise.all([customerContext.close(), agentContext.close()]);
  });
});
