import { startS3Simulator, type S3Simulator } from '@conversa/simulators';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { containsText, visible } from './expect-ui.js';
import { apiClient, loginToken } from './helpers.js';
import { startProduct, type RunningServer } from './server.js';
import { signIn } from './session.js';

/**
 * Platform monitors and maintenance (issue 15) in a real browser: the superadmin of tenant 1 opens
 * /tenantsQueue (the job queues), /tenantsPk (each tenant's figures), /terminal (runs a fixed
 * command, its output shown) and /atualizar (version and migrations; moves the media files to the
 * local S3 simulator with the progress shown until done); tenant 1's admin is refused every one of
 * them, and the terminal tells it so (SPEC §8).
 */

const ROOT = { email: 'root@platform-ops.test', password: 'Platform-ops-root-pass-1!' };
const ADMIN = { name: 'Ana Admin', email: 'ana@platform-ops.test', password: 'Ana-admin-pass-1!' };
const S3 = { accessKeyId: 'AKIAE2EPLATFORMOPS', secretAccessKey: 'e2e-secret-access-key-0123456789', region: 'sa-east-1' };

let server: RunningServer;
let browser: Browser;
let s3: S3Simulator;
const api = apiClient(() => server.url);

beforeAll(async () => {
  s3 = await startS3Simulator({ ...S3, buckets: ['conversa-media'] });
  server = await startProduct({
    ADMIN_EMAIL: ROOT.email,
    ADMIN_PASSWORD: ROOT.password,
    MEDIA_S3_ENDPOINT: s3.url,
    MEDIA_S3_REGION: S3.region,
    MEDIA_S3_BUCKET: 'conversa-media',
    MEDIA_S3_ACCESS_KEY_ID: S3.accessKeyId,
    MEDIA_S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
  });
  browser = await launchBrowser();
  const token = await loginToken(api, ROOT.email, ROOT.password);
  const queue = await api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#228be6' }, token);
  await api('POST', '/users', { ...ADMIN, profile: 'admin', queueIds: [queue.id] }, token);
  // A stored file (a quick message's attachment) for the media migration to move.
  const form = new FormData();
  form.append('medias', new Blob([Buffer.from('%PDF-1.4 tabela de preços')], { type: 'application/pdf' }), 'precos.pdf');
  const upload = await fetch(`${server.url}/fastreply/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBeLessThan(300);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await s3?.close();
});

describe('platform monitors in a real browser', () => {
  it('the tenant-1 superadmin sees the queues, the tenants, runs a console command and reads the version; moves the media to S3', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      await signIn(page, server.url, { ...ROOT, passwordLabel: 'Senha' });

      await page.goto(`${server.url}/#/tenantsQueue`);
      await visible(page.getByTestId('queue-monitor-page'));
      await visible(page.getByTestId('queue-platform-ops.media-migration'));
      await visible(page.getByTestId('queue-platform-ops.media-cleanup'));

      await page.goto(`${server.url}/#/tenantsPk`);
      await visible(page.getByTestId('tenant-usage-page'));
      await containsText(page.getByTestId('usage-1'), 'Conversa');

      await page.goto(`${server.url}/#/terminal`);
      await visible(page.getByTestId('terminal-page'));
      await page.getByTestId('console-health').click();
      await containsText(page.getByTestId('console-output'), 'database: ok');
      await containsText(page.getByTestId('console-output'), 'migrations applied: all');

      await page.goto(`${server.url}/#/atualizar`);
      await visible(page.getByTestId('version-card'));
      await containsText(page.getByTestId('migrations'), 'aplicadas');
      expect(await page.getByTestId('pending-migrations').count()).toBe(0);

      // The media storage: the local folder, then every file moved to S3 with the progress shown.
      await containsText(page.getByTestId('media-active'), 'Pasta local');
      await containsText(page.getByTestId('media-s3'), 'conversa-media');
      await page.getByTestId('media-migrate').click();
      await page.getByRole('button', { name: 'Iniciar' }).click();
      const status = page.locator('[data-testid^="migration-status-"]').first();
      await containsText(status, 'Concluída');
      await containsText(page.getByTestId('media-active'), 'Armazenamento compatível com S3');
      const [run] = await api<{ totalFiles: number; copied: number }[]>(
        'GET',
        '/platform/maintenance/media-migrations',
        undefined,
        await loginToken(api, ROOT.email, ROOT.password),
      );
      expect(run.totalFiles).toBeGreaterThanOrEqual(1);
      expect(run.copied).toBe(run.totalFiles);
      await containsText(page.locator('[data-testid^="migration-progress-"]').first(), `${run.totalFiles} de ${run.totalFiles} arquivos`);
      expect(s3.buckets.get('conversa-media')?.size).toBe(run.totalFiles);
      // Every request the server made was signed as AWS documents (the simulator refused none).
      expect(s3.refusals).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("tenant 1's admin is refused every platform screen; the terminal says it is not authorised", async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      await signIn(page, server.url, { ...ADMIN, passwordLabel: 'Senha', landing: /#\/home/ });
      expect(await page.getByTestId('navbar').getByText('Terminal').count()).toBe(0);
      for (const path of ['tenantsQueue', 'tenantsPk', 'atualizar']) {
        await page.goto(`${server.url}/#/${path}`);
        await visible(page.getByTestId('forbidden-page'));
      }
      await page.goto(`${server.url}/#/terminal`);
      await containsText(page.getByTestId('terminal-denied'), 'Usuário não autorizado a acessar o terminal');
      // The API refuses it too.
      const token = await loginToken(api, ADMIN.email, ADMIN.password);
      const refused = await fetch(`${server.url}/platform/queues`, { headers: { authorization: `Bearer ${token}` } });
      expect(refused.status).toBe(403);
    } finally {
      await context.close();
    }
  });
});
