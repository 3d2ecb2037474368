import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startTwilioSimulator, type TwilioSimulator } from '@conversa/simulators';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';
import { apiClient } from './helpers.js';

/**
 * Campaigns (issue 12): an admin creates a campaign of 3 messages on a web-chat channel (which
 * delivers by storing: no provider), links the contacts of a tag, starts it after the spam-risk
 * warning, watches the live progress to finished and opens the report. Each tagged visitor gets
 * exactly one of the 3 messages, with their name; a visitor without the tag gets nothing.
 *
 * Mass sending's sms tab (same outreach server): the admin types numbers and a text, confirms,
 * watches the mass send finish in the list and opens its report; the Twilio simulator got one SMS
 * per number.
 */

const ROOT = { email: 'root@campaigns.test', password: 'Campaigns-root-pass-1!' };
const ADMIN = { name: 'Ana Admin', email: 'ana@campaigns.test', password: 'Ana-admin-pass-1!' };
const TAGGED = ['Bia Cliente', 'Caio Cliente', 'Duda Cliente'];
const UNTAGGED = 'Edu Visitante';
const MESSAGES = ['Oferta 1 para {{name}}', 'Oferta 2 para {{name}}', 'Oferta 3 para {{name}}'];

let server: RunningServer;
let browser: Browser;
let twilio: TwilioSimulator;
let adminToken: string;
const visitors = new Map<string, string>();

const api = apiClient(() => server.url);

interface VisitorMessage {
  from: 'visitor' | 'agent';
  body: string;
}

async function received(name: string): Promise<string[]> {
  const { messages } = await api<{ messages: VisitorMessage[] }>('GET', '/webchat/messages', undefined, visitors.get(name));
  return messages.filter((m) => m.from === 'agent').map((m) => m.body);
}

beforeAll(async () => {
  twilio = await startTwilioSimulator({ numbers: ['+15005550006'], autoStatuses: { delayMs: 100 } });
  server = await startProduct({ ADMIN_EMAIL: ROOT.email, ADMIN_PASSWORD: ROOT.password, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  browser = await launchBrowser();
  const token = (await api<{ token: string }>('POST', '/auth/login/', ROOT)).token;
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#228be6' }, token);
  await api('POST', '/users', { ...ADMIN, profile: 'admin', queueIds: [queue.id] }, token);
  adminToken = (await api<{ token: string }>('POST', '/auth/login/', { email: ADMIN.email, password: ADMIN.password })).token;
  const { publicKey } = await api<{ publicKey: string }>('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: queue.id }, token);
  const tag = await api<{ id: number }>('POST', '/tags', { name: 'Clientes VIP', color: '#12b886' }, token);
  for (const name of [...TAGGED, UNTAGGED]) {
    const session = await api<{ token: string }>('POST', `/webchat/${publicKey}/sessions`, { name });
    await api('POST', '/webchat/messages', { clientId: randomUUID(), body: 'Olá!' }, session.token);
    visitors.set(name, session.token);
    if (!TAGGED.includes(name)) continue;
    const { contacts } = await api<{ contacts: { id: number; name: string }[] }>(
      'GET',
      `/contacts?searchParam=${encodeURIComponent(name)}`,
      undefined,
      token,
    );
    const contact = contacts.find((c) => c.name === name);
    if (!contact) throw new Error(`no contact ${name}`);
    await api('PUT', `/contacts/${contact.id}/tags`, { tagIds: [tag.id] }, token);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await twilio?.close();
});

describe('campaigns in a real browser', () => {
  it('an admin creates a 3-message campaign for a tag, starts it, watches it finish and opens the report', async () => {
    const context = await browser.newContext({ locale: 'pt-BR', acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signIn(page, server.url, { ...ADMIN, passwordLabel: 'Senha', landing: /#\/(home|atendimento)/ });
      await page.getByTestId('nav-campanhas').click();
      await visible(page.getByTestId('campaigns-page'));
      await page.getByTestId('campaigns-new').click();

      await page.getByTestId('campaign-name').fill('Promoção de verão');
      await page.getByTestId('campaign-channel').click();
      await page.getByRole('option', { name: 'Site' }).click();
      await page.getByTestId('campaign-delay').fill('0');
      for (const [index, text] of MESSAGES.entries()) await page.getByTestId(`campaign-message-${index + 1}-text`).fill(text);
      // Starts now: the current minute (the server allows the minute the form shows), away from its end.
      const seconds = new Date().getSeconds();
      if (seconds > 45) await page.waitForTimeout((61 - seconds) * 1000);
      const now = await page.evaluate(() => {
        const d = new Date();
        const two = (n: number) => String(n).padStart(2, '0');
        return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
      });
      await page.getByTestId('campaign-start').fill(now);
      await page.getByTestId('campaign-save').click();

      // The detail screen: link the contacts of the tag.
      await visible(page.getByTestId('campaign-page'));
      await containsText(page.getByTestId('campaign-status'), 'Pendente');
      await page.getByTestId('campaign-link-tags').click();
      await page.getByRole('option', { name: 'Clientes VIP' }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('campaign-link-filter').click();
      await containsText(page.getByTestId('campaign-count-contacts'), 'Contatos: 3');
      for (const name of TAGGED) await visible(page.getByTestId('campaign-contacts-table').getByText(name));

      // Start: the confirmation shows the spam-risk warning first.
      await page.getByTestId('campaign-start-button').click();
      const dialog = page.getByTestId('confirm-modal');
      await containsText(dialog.getByTestId('campaign-spam-warning'), 'Se 2% dos destinatários denunciarem o número como spam');
      await dialog.getByTestId('confirm-button').click();

      // Live progress over the socket, to finished (no reload).
      await containsText(page.getByTestId('campaign-status'), 'Finalizada');
      await containsText(page.getByTestId('campaign-count-sent'), 'Enviadas: 3');
      await containsText(page.getByTestId('campaign-count-not-sent'), 'Não enviadas: 0');

      // The report on screen: each contact with the message it got.
      for (const name of TAGGED) {
        const row = page.getByTestId('campaign-contacts-table').locator('[data-testid^="campaign-contact-"]').filter({ hasText: name });
        await containsText(row, 'Mensagem ');
      }
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('campaign-report-csv').click()]);
      const csv = readFileSync(await download.path(), 'utf8');
      for (const name of TAGGED) expect(csv).toContain(name);
      expect(csv).not.toContain(UNTAGGED);

      // Each tagged visitor got exactly one of the 3 messages, with their name; the other, none.
      for (const name of TAGGED) {
        const got = await received(name);
        expect(got).toHaveLength(1);
        expect(MESSAGES.map((m) => m.replace('{{name}}', name))).toContain(got[0]);
      }
      expect(await received(UNTAGGED)).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: 'e2e/artifacts/campaigns-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('an admin sends an SMS mass send to typed numbers, watches it finish and opens its report', async () => {
    await api(
      'PUT',
      '/settings/sms',
      { accountSid: twilio.accountSid, authToken: twilio.authToken, fromNumber: twilio.numbers[0], baseUrl: twilio.url },
      adminToken,
    );
    const numbers = ['5511987650001', '5521987650002'];
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    try {
      await signIn(page, server.url, { ...ADMIN, passwordLabel: 'Senha', landing: /#\/(home|atendimento)/ });
      await page.getByTestId('nav-massa').click();
      await visible(page.getByTestId('mass-sends-page'));
      await page.getByTestId('mass-send-tab-sms').click();
      await visible(page.getByTestId('mass-send-form-sms'));
      await page.getByTestId('mass-send-min').fill('0');
      await page.getByTestId('mass-send-max').fill('1');
      await page.getByTestId('mass-send-numbers').fill(numbers.map((n) => `+${n}`).join('\n'));
      await page.getByTestId('mass-send-message').fill('Sua entrega chega amanhã.');
      await containsText(page.getByTestId('mass-send-sms-counter'), '1 SMS');
      await page.getByTestId('mass-send-submit').click();
      const dialog = page.getByTestId('confirm-modal');
      await containsText(dialog, 'Destinatários: 2.');
      await dialog.getByTestId('confirm-button').click();

      // The list follows it live to finished, both sent.
      const status = page.locator('[data-testid^="mass-send-status-"]').first();
      await containsText(status, 'Concluído');
      await containsText(page.locator('[data-testid^="mass-send-progress-"]').first(), '2/2 processados · 2 enviados · 0 não enviados');
      await page.locator('[data-testid^="mass-send-open-report-"]').first().click();
      for (const number of numbers) await visible(page.locator('[data-testid^="mass-send-report-"]').getByText(number));

      for (const number of numbers)
        expect(twilio.sent.filter((m) => m.to === `+${number}`).map((m) => m.body)).toEqual(['Sua entrega chega amanhã.']);
    } catch (error) {
      await page.screenshot({ path: 'e2e/artifacts/mass-send-sms-failure.png' }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
