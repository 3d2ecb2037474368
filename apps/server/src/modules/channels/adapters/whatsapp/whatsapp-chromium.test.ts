/**
 * The real whatsapp-web.js Client, as the driver builds it, starts Debian's Chromium (never a
 * downloaded browser) with the login kept by the database-backed RemoteAuth. WhatsApp Web itself
 * is unreachable here, so the page load fails: this test shows only that the browser starts as
 * configured. Skipped where Chromium is not installed.
 */
import { existsSync } from 'node:fs';
import type WAWebJS from 'whatsapp-web.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { buildTenant } from '../../../../../test/factories.js';
import { buildChannel, eventually } from '../../../../../test/inbox.js';
import type { LiveSession } from '../../sessions/session-host.js';
import { createWhatsappDriver, type WwebClient } from './whatsapp.driver.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.skipIf(!existsSync(CHROMIUM))('whatsapp-web.js in Debian Chromium', () => {
  let server: TestServer;
  let session: LiveSession | undefined;

  beforeAll(async () => {
    server = await startTestServer({ CHROMIUM_PATH: CHROMIUM });
  }, 60_000);

  afterAll(async () => {
    await session?.close({ logout: false });
    await server?.close();
  });

  it('launches the configured Chromium through the library, with the RemoteAuth profile folder', async () => {
    const tenant = await buildTenant(server.ctx);
    const channel = await buildChannel(server.ctx, tenant.id, { type: 'whatsapp', status: 'disconnected' });
    const clients: (WAWebJS.Client & WwebClient)[] = [];
    const driver = createWhatsappDriver({
      createClient: (options, library) => {
        const client = new library.Client(options) as WAWebJS.Client & WwebClient;
        clients.push(client);
        return client;
      },
      backoff: { firstMs: 60_000, maxMs: 60_000 },
    });
    session = await driver.open(server.ctx, channel);
    const client = clients[0];
    // The browser starts (the real launch: the path, the flags, the RemoteAuth profile folder)…
    const browser = await eventually(async () => client.pupBrowser, { timeoutMs: 30_000, intervalMs: 100, what: 'Chromium to start' });
    const spawned = browser.process();
    expect(spawned?.spawnfile).toBe(CHROMIUM);
    expect(spawned?.spawnargs).toEqual(
      expect.arrayContaining([
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        expect.stringMatching(/^--user-data-dir=.*RemoteAuth-channel-\d+$/),
      ]),
    );
  }, 60_000);
});
