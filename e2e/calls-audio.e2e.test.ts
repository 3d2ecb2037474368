import { startWavoipSimulator, type WavoipSimulator } from '@conversa/simulators';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { apiClient, signInAgent } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';

/**
 * The softphone's audio in Chromium with fake media devices (issue 15 "Softphone and calls"): the
 * fake microphone (Chromium's beeps) goes browser → server (the user's socket) → the provider's
 * device connection held by the server → the Wavoip simulator, which records it; the simulator's
 * tone goes back the same way and plays through the softphone's AudioWorklet, whose played frames
 * and level the page exposes. Hang-up resets 3.5 s later; an incoming call rings on another screen
 * and is answered there.
 */
const ROOT = { email: 'root@calls.test', password: 'Calls-root-pass-1!' };
const AGENT = { name: 'Bruno Agente', email: 'bruno@calls.test', password: 'Bruno-agent-pass-1!' };
const TOKEN = 'tok-e2e-audio';

let sim: WavoipSimulator;
let server: RunningServer;
let browser: Browser;
const api = apiClient(() => server.url);

beforeAll(async () => {
  sim = await startWavoipSimulator();
  sim.device(TOKEN, 'answer');
  sim.playTone(TOKEN, 440);
  server = await startProduct({ ADMIN_EMAIL: ROOT.email, ADMIN_PASSWORD: ROOT.password, WAVOIP_BASE_URL: sim.url });
  // Fake camera and microphone, no permission prompt; audio may start without a click (the test's
  // clicks are gestures anyway).
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ]);
  const token = (await api<{ token: string }>('POST', '/auth/login/', ROOT)).token;
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#228be6' }, token);
  await api('POST', '/users', { ...AGENT, profile: 'user', queueIds: [queue.id] }, token);
  const channel = await api<{ id: number }>('POST', '/whatsapp', { name: 'Linha Vendas', type: 'webchat', queueId: queue.id }, token);
  await api('PUT', `/channels/${channel.id}/call-tokens`, { tokens: TOKEN }, token);
  await sim.waitConnected(TOKEN, 15_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

/** The call's audio markers (features/calls/components/CallDock.tsx). */
async function audioMarkers(page: Page) {
  return page.getByTestId('call-audio').evaluate((el) => ({
    callId: Number(el.getAttribute('data-call-id')),
    state: el.getAttribute('data-state'),
    sent: Number(el.getAttribute('data-sent-frames')),
    received: Number(el.getAttribute('data-received-frames')),
    played: Number(el.getAttribute('data-played-frames')),
    level: Number(el.getAttribute('data-level')),
  }));
}

async function waitForPlayedTone(page: Page, callId: number): Promise<void> {
  // The poll returns the markers themselves, so that a timeout prints how far the audio got.
  await expect
    .poll(async () => ((await page.getByTestId('call-audio').count()) ? await audioMarkers(page) : null), {
      timeout: 20_000,
      interval: 200,
    })
    .toSatisfy((m) => !!m && m.callId === callId && m.state === 'live' && m.played >= 25 && m.level > 0.05);
}

/** `performance.now()` of the page when the softphone first showed the call ended, and when the dial pad came back. */
type SoftphoneMarks = { ended?: number; dialBack?: number };

/**
 * Records, in the page, when the softphone first shows the call ended and when the dial pad is back:
 * the 3.5 s reset is measured between the two renders, not between two polls of a busy test runner.
 */
async function watchSoftphoneReset(page: Page): Promise<() => Promise<SoftphoneMarks>> {
  await page.evaluate(() => {
    const marks: SoftphoneMarks = {};
    (window as unknown as { softphoneMarks: typeof marks }).softphoneMarks = marks;
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="softphone-status"]')?.textContent ?? '';
      if (marks.ended === undefined && status.includes('Encerrada')) marks.ended = performance.now();
      if (marks.ended !== undefined && marks.dialBack === undefined && document.querySelector('[data-testid="softphone-dial"]'))
        marks.dialBack = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { softphoneMarks: SoftphoneMarks }).softphoneMarks);
}

describe('softphone audio (Chromium, fake media)', () => {
  it('places a call: the provider hears the microphone and the browser plays the provider; hang-up resets after 3.5 s', async () => {
    const page = await browser.newPage();
    try {
      await signInAgent(page, server.url, AGENT);
      await page.getByTestId('nav-wavoip').click();
      await page.waitForURL(/#\/wavoip/);
      await page.getByTestId('softphone-number').fill('5511988887777');
      await page.getByTestId('softphone-dial').click();
      await containsText(page.getByTestId('softphone-status'), 'Discando');

      // The customer picks up: the provider starts the call's audio and plays its tone.
      sim.answer(TOKEN);
      await containsText(page.getByTestId('softphone-status'), 'Em chamada');
      const callId = Number(await page.getByTestId('call-audio').getAttribute('data-call-id'));
      expect(callId).toBeGreaterThan(0);

      // The provider received the fake microphone: frames of 16-bit PCM, not silence.
      const heard = await sim.waitAudio(TOKEN, 25, 0.001, 20_000);
      expect(heard.bytes).toBe(heard.frames * 1280);
      expect(heard.peak).toBeGreaterThan(0.05);
      // The browser played the provider's tone.
      await waitForPlayedTone(page, callId);
      expect((await audioMarkers(page)).sent).toBeGreaterThanOrEqual(25);

      const resetMarks = await watchSoftphoneReset(page);
      await page.getByTestId('softphone-hangup').click();
      await containsText(page.getByTestId('softphone-status'), 'Encerrada');
      await expect.poll(() => sim.receivedAudio(TOKEN)?.ended, { timeout: 10_000 }).toBe(true);
      await expect.poll(async () => (await audioMarkers(page)).state, { timeout: 10_000 }).toBe('ended');
      await visible(page.getByTestId('softphone-dial'));
      const { ended, dialBack } = await resetMarks();
      expect(ended).toBeGreaterThan(0);
      expect(dialBack! - ended!).toBeGreaterThanOrEqual(3400);
    } finally {
      await page.close();
    }
  });

  it('an incoming call rings on another screen, is accepted there and carries audio both ways', async () => {
    const page = await browser.newPage();
    try {
      await signInAgent(page, server.url, AGENT);
      await page.getByTestId('nav-contatos').click();
      await page.waitForURL(/#\/contatos/);

      sim.offer(TOKEN, '5511966665555', 'Dona Maria');
      const dock = page.getByTestId('call-dock');
      await visible(dock);
      await containsText(page.getByTestId('call-dock-status'), 'Chamada recebida');
      await containsText(page.getByTestId('call-dock-party'), 'Dona Maria · 5511966665555');
      await page.getByTestId('call-dock-accept').click();
      await containsText(page.getByTestId('call-dock-status'), 'Em chamada');
      expect(page.url()).toMatch(/#\/contatos/);

      const callId = Number(await page.getByTestId('call-audio').getAttribute('data-call-id'));
      await waitForPlayedTone(page, callId);
      const heard = await sim.waitAudio(TOKEN, 25, 0.001, 20_000);
      expect(heard.peak).toBeGreaterThan(0.05);

      // The customer hangs up: the call ends and leaves the screen 3.5 s later.
      sim.hangup(TOKEN);
      await containsText(page.getByTestId('call-dock-status'), 'Chamada encerrada');
      await dock.waitFor({ state: 'detached', timeout: 15_000 });
    } finally {
      await page.close();
    }
  });
});
