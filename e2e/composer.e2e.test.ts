import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotContexts } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';
import { apiClient, solidPng } from './helpers.js';

/**
 * The composer as an agent lives it: typing at human speed (≈100 ms a key) over a slow connection,
 * reply after reply, while the previous ones are still on their way. The customer (a web-chat
 * visitor, read back through the widget's API) must get every reply whole and in order, once; a
 * reply whose answer is lost is retried by the agent without reaching the customer twice; another
 * agent of the queue cannot write in the ticket.
 */

const ROOT = { email: 'root@composer.test', password: 'Composer-root-pass-1!' };
const AGENT = { name: 'Alice Atendente', email: 'alice@composer.test', password: 'Alice-pass-123!' };
const PEER = { name: 'Paulo Colega', email: 'paulo@composer.test', password: 'Paulo-pass-123!' };
/** What a slow mobile connection adds to each reply's request. */
const SEND_LATENCY_MS = 700;

let server: RunningServer;
let browser: Browser;
let publicKey: string;
let rootToken: string;

const api = apiClient(() => server.url);

interface VisitorMessage {
  id: string;
  from: 'visitor' | 'agent';
  body: string;
  status: string;
}

/** A customer on the web chat: a session, a first message (a waiting ticket), and what the widget receives. */
async function customer(name: string) {
  const session = await api<{ visitorId: string; token: string }>('POST', `/webchat/${publicKey}/sessions`, { name });
  await api('POST', '/webchat/messages', { clientId: randomUUID(), body: 'Oi, quero saber do meu pedido' }, session.token);
  const { tickets } = await api<{ tickets: { id: number; contact: { name: string } }[] }>(
    'GET',
    '/tickets?status=pending&showAll=true&count=100',
    undefined,
    rootToken,
  );
  const ticket = tickets.find((t) => t.contact.name === name);
  if (!ticket) throw new Error(`no waiting ticket for ${name}`);
  return {
    ticketId: ticket.id,
    /** Another message of the customer's. */
    say: (body: string) => api('POST', '/webchat/messages', { clientId: randomUUID(), body }, session.token),
    /** A photo from the customer, with its caption. */
    sendImage: async (image: Buffer, caption: string) => {
      const form = new FormData();
      form.append('clientId', randomUUID());
      form.append('body', caption);
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'foto.png');
      const response = await fetch(`${server.url}/webchat/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}` },
        body: form,
      });
      if (!response.ok) throw new Error(`POST /webchat/media → ${response.status} ${await response.text()}`);
    },
    /** The agent's messages as the widget has them, oldest first. */
    received: async () =>
      (await api<{ messages: VisitorMessage[] }>('GET', '/webchat/messages', undefined, session.token)).messages.filter(
        (m) => m.from === 'agent',
      ),
  };
}

beforeAll(async () => {
  server = await startProduct({ ADMIN_EMAIL: ROOT.email, ADMIN_PASSWORD: ROOT.password });
  browser = await launchBrowser();
  rootToken = (await api<{ token: string }>('POST', '/auth/login/', ROOT)).token;
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#228be6' }, rootToken);
  for (const user of [AGENT, PEER]) await api('POST', '/users', { ...user, profile: 'user', queueIds: [queue.id] }, rootToken);
  publicKey = (await api<{ publicKey: string }>('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: queue.id }, rootToken))
    .publicKey;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function agentChat(
  context: BrowserContext,
  who: { email: string; password: string },
  ticketId: number,
  before?: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await context.newPage();
  await before?.(page);
  await signIn(page, server.url, { ...who, passwordLabel: 'Senha', landing: /#\/atendimento/ });
  await page.goto(`${server.url}/#/atendimento/${ticketId}`);
  await visible(page.getByTestId('composer-input'));
  return page;
}

/** The bubbles of the agent's chat that are the agent's, in order. */
const chatBodies = (page: Page) =>
  page.locator('[data-from-me="true"] [data-testid^="message-body-"]').evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));

describe('the composer at human speed', () => {
  it('five replies typed one after the other, each while the previous is still sending, reach the customer whole and in order', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    try {
      const carla = await customer('Carla Cliente');
      const page = await agentChat(context, AGENT, carla.ticketId);
      // A slow connection: each reply's request takes SEND_LATENCY_MS, far longer than the gap between two keys.
      await page.route('**/messages/*', async (route) => {
        if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, SEND_LATENCY_MS));
        await route.continue();
      });

      const replies = ['Claro, qual o número do pedido?', 'Ok', 'Um momento, por favor.', 'Já verifiquei: sai hoje.', 'Mais alguma coisa?'];
      const input = page.getByTestId('composer-input');
      await input.focus();
      for (const reply of replies) {
        await page.keyboard.type(reply, { delay: 100 });
        await page.keyboard.press('Enter');
      }
      // Nothing typed was lost from the input either: it is empty, and every reply is in the chat in order.
      expect(await input.inputValue()).toBe('');
      await expect.poll(() => chatBodies(page), { timeout: 20_000 }).toEqual(replies);

      await expect.poll(async () => (await carla.received()).map((m) => m.body), { timeout: 30_000 }).toEqual(replies);
      // …once each, and marked sent in the agent's chat.
      await expect
        .poll(
          async () =>
            page
              .locator('[data-from-me="true"] [data-testid^="message-status-"]')
              .evaluateAll((n) => n.map((e) => e.getAttribute('data-status'))),
          {
            timeout: 20_000,
          },
        )
        .toEqual(replies.map(() => 'sent'));
    } catch (error) {
      await screenshotContexts('composer', { agent: context });
      throw error;
    } finally {
      await context.close();
    }
  });

  it('a reply whose answer is lost shows failed with its text; retrying it does not reach the customer twice, and the next follows', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const peerContext = await browser.newContext({ locale: 'pt-BR' });
    try {
      const bruno = await customer('Bruno Cliente');
      const first = 'Seu pedido é o 4512?';
      // As when the server dies after storing the reply: neither its HTTP answer nor its socket event
      // reaches the browser (the socket's frames about it are dropped while `lost` holds).
      let lost = true;
      const page = await agentChat(context, AGENT, bruno.ticketId, async (p) => {
        await p.routeWebSocket(/socket\.io/, (ws) => {
          const upstream = ws.connectToServer();
          upstream.onMessage((frame) => {
            if (lost && typeof frame === 'string' && frame.includes('"appMessage"') && frame.includes(first)) return;
            ws.send(frame);
          });
        });
      });
      let cut = true;
      await page.route('**/messages/*', async (route) => {
        if (route.request().method() !== 'POST' || !cut) return route.continue();
        cut = false;
        await route.fetch();
        await route.abort('connectionreset');
      });

      const input = page.getByTestId('composer-input');
      await input.focus();
      await page.keyboard.type(first, { delay: 100 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('Confirma, por favor.', { delay: 100 });
      await page.keyboard.press('Enter');

      const failed = page.getByTestId(/^message-failed-/);
      await visible(failed);
      await containsText(failed, 'Não foi possível conectar ao servidor');
      // The text is kept in the chat, and the second reply waits behind it, unsent.
      expect(await chatBodies(page)).toEqual([first, 'Confirma, por favor.']);
      expect(await page.locator('[data-outgoing="queued"]').count()).toBe(1);
      // The customer got the first reply (the server stored and sent it), and only that one.
      await expect.poll(async () => (await bruno.received()).map((m) => m.body), { timeout: 30_000 }).toEqual([first]);

      // The agent retries: the same client id answers the stored reply, then the second goes out.
      lost = false;
      await failed.getByRole('button', { name: 'Tentar de novo' }).click();
      await expect.poll(() => chatBodies(page), { timeout: 15_000 }).toEqual([first, 'Confirma, por favor.']);
      await expect.poll(async () => page.locator('[data-outgoing]').count(), { timeout: 15_000 }).toBe(0);
      await expect
        .poll(async () => (await bruno.received()).map((m) => m.body), { timeout: 30_000 })
        .toEqual([first, 'Confirma, por favor.']);

      // The ticket is Alice's now: a colleague of the queue sees it but cannot write in it.
      const peer = await peerContext.newPage();
      await signIn(peer, server.url, { ...PEER, passwordLabel: 'Senha', landing: /#\/atendimento/ });
      await peer.goto(`${server.url}/#/atendimento/${bruno.ticketId}`);
      await containsText(peer.getByTestId('composer-denied'), `Este atendimento está com ${AGENT.name}.`);
      expect(await peer.getByTestId('composer-input').count()).toBe(0);
    } catch (error) {
      await screenshotContexts('composer', { agent: context, peer: peerContext });
      throw error;
    } finally {
      await Promise.all([context.close(), peerContext.close()]);
    }
  });
});

describe('opening a ticket', () => {
  it('a ticket with tall messages (a long text, a photo) opens at the newest one, on a phone, not above it', async () => {
    const clara = await customer('Clara Longa');
    for (let n = 1; n <= 6; n++) await clara.say(`Mensagem curta ${n}`);
    // Rows far taller than the list's estimate: ≈ 4,000 characters without a space (dozens of lines on
    // a phone), then, the newest, a tall photo whose height is known only once it has loaded.
    await clara.say('B'.repeat(4000));
    await clara.sendImage(solidPng(300, 900), 'Ficou claro?');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await agentChat(context, AGENT, clara.ticketId);
      // Opened as a bookmark or after F5: the whole app starts on the ticket.
      await page.reload();
      const list = page.getByTestId('message-list');
      await containsText(list, 'Ficou claro?');
      await expect
        .poll(() => list.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop), { timeout: 5000 })
        .toBeLessThanOrEqual(2);
    } catch (error) {
      await screenshotContexts('composer-long-message', { agent: context });
      throw error;
    } finally {
      await context.close();
    }
  });
});
