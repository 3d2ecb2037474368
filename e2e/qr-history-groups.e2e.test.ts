import { startEvolutionSimulator, type EvolutionSimulator } from '@conversa/simulators';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { attributeIs, containsText, visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';
import { apiAs, signIn as signInAs } from './session.js';

const ROOT_EMAIL = 'root@qr-history.test';
const ROOT_PASSWORD = 'Qr-history-root-1!';
const INSTANCE = 'e2e-history';
const PAULO = { number: '5511933332222', name: 'Paulo Souza' };
const BIA = { number: '5511944443333', name: 'Bia Ramos' };
const GROUP = { jid: '120363025246125888@g.us', subject: 'Equipe de Vendas' };
const RITA = { number: '5511955554444', name: 'Rita Lima' };
const TIMEOUT = 15_000;

let server: RunningServer;
let browser: Browser;
let sim: EvolutionSimulator;

beforeAll(async () => {
  // The Evolution API simulator plays Evolution and the phone behind it (QR scan, history sync, groups).
  sim = await startEvolutionSimulator();
  server = await startProduct({ ADMIN_EMAIL: ROOT_EMAIL, ADMIN_PASSWORD: ROOT_PASSWORD, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

const signIn = (page: Page) => signInAs(page, server.url, { email: ROOT_EMAIL, password: ROOT_PASSWORD });
const api = <T>(page: Page, method: string, path: string, body?: unknown) => apiAs<T>(page, server.url, method, path, body);

/** A socket.io event frame ('42["event",payload]'), parsed; undefined for anything else. */
function socketEvent(frame: string | Buffer): [string, Record<string, unknown>] | undefined {
  if (typeof frame !== 'string' || !frame.startsWith('42')) return undefined;
  try {
    const parsed = JSON.parse(frame.slice(frame.indexOf('['))) as unknown;
    return Array.isArray(parsed) && typeof parsed[0] === 'string' ? (parsed as [string, Record<string, unknown>]) : undefined;
  } catch {
    return undefined;
  }
}

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('a QR-code (Evolution) channel importing history and taking group chats, in a real browser', () => {
  it('shows the import progress and its end, lists the imported chats, and serves a group ticket with who wrote', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    // The interface language the app reads at start (it defaults to Portuguese).
    await context.addInitScript(() => localStorage.setItem('language', 'en'));

    // The server's socket frames pass through unchanged, except that the end of a history import
    // ('channel:historyImport' done) is held until released: the running import then stays on screen
    // long enough to be asserted, whatever the speed of the import itself.
    const frames: [string, Record<string, unknown>][] = [];
    let holdDone = true;
    const held: (() => void)[] = [];
    await context.routeWebSocket(/\/socket\.io\//, (ws) => {
      const upstream = ws.connectToServer();
      upstream.onMessage((frame) => {
        const event = socketEvent(frame);
        if (event) frames.push(event);
        if (holdDone && event?.[0] === 'channel:historyImport' && event[1].state === 'done') held.push(() => ws.send(frame));
        else ws.send(frame);
      });
    });

    const page = await context.newPage();
    try {
      await signIn(page);
      const queue = await api<{ id: number }>(page, 'POST', '/queue', { name: 'WhatsApp QR', color: '#7950f2' });
      const channel = await api<{ id: number; status: string }>(page, 'POST', '/whatsapp', {
        name: 'Evolution QR',
        type: 'evolution',
        queueId: queue.id,
        settings: {
          baseUrl: sim.url,
          apiKey: sim.apiKey,
          instanceName: INSTANCE,
          importOldMessages: true,
          importGroups: true,
          historySyncLimit: 50,
          importQueueId: queue.id,
        },
      });
      expect(channel.status).toBe('qrcode');
      // The instance was created with the full history sync, groups and the MESSAGES_SET webhook.
      const create = sim.requests.find((r) => r.path === '/instance/create')!;
      expect(create.body).toMatchObject({ instanceName: INSTANCE, syncFullHistory: true, groupsIgnore: false });
      expect((create.body as { webhook: { events: string[] } }).webhook.events).toContain('MESSAGES_SET');

      // The channel screen follows the connection live: the phone scans the QR code.
      await page.goto(`${server.url}/#/canais`);
      const status = page.getByTestId(`channel-status-${channel.id}`);
      await visible(status);
      expect(await status.getAttribute('data-status')).toBe('qrcode');
      expect((await sim.scanQr(INSTANCE))?.status).toBe(200);
      await expect.poll(() => status.getAttribute('data-status'), { timeout: TIMEOUT }).toBe('connected');

      // A history sync chunk: Paulo's chat (two of his, one typed on the phone) and Bia's.
      const delivery = await sim.sendHistory(
        [
          { id: 'HIST0001', from: PAULO.number, pushName: PAULO.name, text: 'Vocês abrem sábado?', timestamp: at('2026-10-05T12:00:00Z') },
          { id: 'HIST0002', from: PAULO.number, fromMe: true, text: 'Abrimos das 9h às 13h.', timestamp: at('2026-10-05T12:05:00Z') },
          { id: 'HIST0003', from: PAULO.number, pushName: PAULO.name, text: 'Obrigado, até sábado', timestamp: at('2026-10-05T12:10:00Z') },
          { id: 'HIST0004', from: BIA.number, pushName: BIA.name, text: 'Chegou meu pedido?', timestamp: at('2026-10-06T09:00:00Z') },
        ],
        { instanceName: INSTANCE },
      );
      // Answered once every chat is committed.
      expect(delivery).toMatchObject({ status: 200, body: { received: true, outcome: 'imported' } });

      // The running import on the channel's card (its end is still held).
      const progress = page.getByTestId(`channel-history-progress-${channel.id}`);
      await containsText(progress, 'Importing history: 2/2 chats, 4 messages');
      await visible(progress.getByRole('progressbar', { name: 'History import' }));
      expect(held).toHaveLength(1);

      // The end: the line goes and a notification tells how many messages came in.
      holdDone = false;
      for (const release of held.splice(0)) release();
      await progress.waitFor({ state: 'detached', timeout: TIMEOUT });
      await visible(page.getByText('History imported: 4 messages'));
      const states = frames.filter(([name]) => name === 'channel:historyImport').map(([, payload]) => payload.state);
      expect(states[0]).toBe('running');
      expect(states.at(-1)).toBe('done');

      // The imported chats are pending tickets of the queue (an admin sees every queue by default).
      await page.goto(`${server.url}/#/atendimento`);
      await page.getByTestId('tab-pending').click();
      const rows = page.getByTestId(/^ticket-\d+$/);
      const pauloRow = rows.filter({ hasText: PAULO.name }).first();
      await visible(pauloRow);
      await visible(rows.filter({ hasText: BIA.name }).first());
      await containsText(pauloRow, 'Obrigado, até sábado');
      const pauloTicket = (await pauloRow.getAttribute('data-testid'))!.replace('ticket-', '');
      expect(await page.getByTestId(`ticket-group-${pauloTicket}`).count()).toBe(0);
      await pauloRow.click();
      await containsText(page.getByTestId('chat-header'), PAULO.name);
      const list = page.getByTestId('message-list');
      for (const text of ['Vocês abrem sábado?', 'Abrimos das 9h às 13h.', 'Obrigado, até sábado']) await containsText(list, text);
      // The message typed on the phone is the channel's own.
      const phoneTyped = list.locator('[data-testid^="message-"][data-from-me]').filter({ hasText: 'Abrimos das 9h às 13h.' });
      expect(await phoneTyped.first().getAttribute('data-from-me')).toBe('true');

      // A group the phone is in: a participant writes.
      sim.addGroup(GROUP.jid, GROUP.subject, { instanceName: INSTANCE });
      const inbound = await sim.sendInbound({
        instanceName: INSTANCE,
        from: RITA.number,
        pushName: RITA.name,
        text: 'Bom dia, equipe! Alguma novidade?',
        groupJid: GROUP.jid,
      });
      expect(inbound.body).toEqual({ received: true, outcome: 'stored' });

      // The group ticket arrives live, named after the group, with the group icon.
      const groupRow = rows.filter({ hasText: GROUP.subject }).first();
      await visible(groupRow);
      const groupTicket = (await groupRow.getAttribute('data-testid'))!.replace('ticket-', '');
      const icon = page.getByTestId(`ticket-group-${groupTicket}`);
      await visible(icon);
      expect(await icon.getAttribute('aria-label')).toBe('Group');

      // Opened, the message shows the participant's name above its text.
      await groupRow.click();
      await containsText(page.getByTestId('chat-header'), GROUP.subject);
      const bubble = list
        .locator('[data-testid^="message-"][data-from-me]')
        .filter({ hasText: 'Bom dia, equipe! Alguma novidade?' })
        .first();
      await visible(bubble);
      const sender = bubble.locator('[data-testid^="message-sender-"]');
      const body = bubble.locator('[data-testid^="message-body-"]');
      expect(((await sender.textContent()) ?? '').trim()).toBe(RITA.name);
      const [senderBox, bodyBox] = [await sender.boundingBox(), await body.boundingBox()];
      expect(senderBox && bodyBox && senderBox.y + senderBox.height <= bodyBox.y + 1).toBe(true);

      // The agent takes the ticket and answers: Evolution is asked to send to the group JID.
      await page.getByTestId('ticket-accept').click();
      await attributeIs(page.getByTestId('chat-status'), 'data-status', 'open');
      await page.getByTestId('composer-input').fill('Bom dia, Rita! Novidades amanhã.');
      await page.getByTestId('composer-send').click();
      await expect
        .poll(() => sim.requests.find((r) => r.path === `/message/sendText/${INSTANCE}` && r.status !== undefined), { timeout: TIMEOUT })
        .toMatchObject({ status: 201, body: { number: GROUP.jid, text: 'Bom dia, Rita! Novidades amanhã.' } });
      await containsText(list, 'Bom dia, Rita! Novidades amanhã.');
    } catch (error) {
      await page.screenshot({ path: 'e2e/artifacts/qr-history-groups-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      for (const release of held.splice(0)) release();
      await context.close();
    }
  });
});
