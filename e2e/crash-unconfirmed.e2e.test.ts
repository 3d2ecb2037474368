import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';

const ROOT_EMAIL = 'root@crash.test';
const ROOT_PASSWORD = 'Crash-root-pass-1!';
const CUSTOMER = { number: '5511977776666', name: 'Carla Crash' };
const REPLY = 'Seu pedido 4521 saiu para entrega hoje.';

let server: RunningServer;
let browser: Browser;
let meta: MetaCloudSimulator;

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}

beforeAll(async () => {
  meta = await startMetaCloudSimulator({ displayPhoneNumber: '5511999990000' });
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await meta?.close();
});

describe('a reply whose send a crash interrupted', () => {
  it('is flagged unconfirmed after the restart (not resent by itself); the agent resends it from the chat', async () => {
    // A WABA channel on the simulator and a customer's ticket, through the API.
    const { token } = await api<{ token: string }>('POST', '/auth/login/', undefined, { email: ROOT_EMAIL, password: ROOT_PASSWORD });
    const channel = await api<{ id: number; publicKey: string }>('POST', '/whatsapp', token, {
      name: 'WhatsApp oficial',
      type: 'waba',
      settings: {
        phoneNumberId: meta.phoneNumberId,
        token: meta.token,
        appSecret: meta.appSecret,
        verifyToken: 'verify-token-e2e',
        baseUrl: meta.url,
      },
    });
    meta.setWebhookUrl(`${server.url}/webhooks/waba/${channel.publicKey}`);
    expect((await meta.sendInbound({ type: 'text', from: CUSTOMER.number, name: CUSTOMER.name, text: 'Cadê meu pedido?' })).status).toBe(
      200,
    );
    const list = await api<{ tickets: { id: number }[] }>('GET', '/tickets?showAll=true&status=pending', token);
    const ticketId = list.tickets[0].id;

    // The reply reaches Meta, whose answer never comes back: the server is killed meanwhile.
    meta.delay(60_000);
    const reply = await api<{ id: string }>('POST', `/messages/${ticketId}`, token, { body: REPLY });
    const sends = () => meta.requests.filter((r) => r.method === 'POST' && (r.body as { text?: { body?: string } })?.text?.body === REPLY);
    await expect.poll(() => sends().length, { timeout: 15_000 }).toBe(1);
    await server.kill();
    meta.delay(0);
    await server.restart();

    // Within 30 s of the restart the job is taken over; it finds the send claimed and does not repeat it.
    const { token: again } = await api<{ token: string }>('POST', '/auth/login/', undefined, {
      email: ROOT_EMAIL,
      password: ROOT_PASSWORD,
    });
    const statusOf = async () =>
      (await api<{ messages: { id: string; status: string }[] }>('GET', `/messages/${ticketId}`, again)).messages.find(
        (m) => m.id === reply.id,
      )?.status;
    await expect.poll(statusOf, { timeout: 30_000, interval: 500 }).toBe('unconfirmed');
    expect(sends()).toHaveLength(1);

    // The agent sees it in the chat and, having checked with the customer, resends it.
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    try {
      await signIn(page, server.url, { email: ROOT_EMAIL, password: ROOT_PASSWORD, passwordLabel: 'Senha' });
      await page.goto(`${server.url}/#/atendimento/${ticketId}`);
      const notice = page.getByTestId(`message-unsent-${reply.id}`);
      await visible(notice);
      expect(await notice.textContent()).toContain('O envio foi interrompido e pode não ter chegado');
      expect(await page.getByTestId(`message-status-${reply.id}`).getAttribute('data-status')).toBe('unconfirmed');
      await page.getByTestId(`message-resend-${reply.id}`).click();
      await expect.poll(() => sends().length, { timeout: 15_000 }).toBe(2);
      await expect.poll(() => page.getByTestId(`message-status-${reply.id}`).getAttribute('data-status'), { timeout: 15_000 }).toBe('sent');
      await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(0);
    } catch (error) {
      await page.screenshot({ path: 'e2e/artifacts/crash-unconfirmed-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
