import type {
  ChannelSession,
  FailedJob,
  MaintenanceRun,
  MediaMigration,
  MediaStorage,
  QueueList,
  SystemVersion,
  TenantUsage,
} from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { PlatformSessionsPage, TenantSessionsPage } from './pages/ChannelSessionsPage';
import { QueueMonitorPage } from './pages/QueueMonitorPage';
import { TenantUsagePage } from './pages/TenantUsagePage';
import { TerminalPage } from './pages/TerminalPage';
import { UpdatePage } from './pages/UpdatePage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const session = (over: Partial<ChannelSession>): ChannelSession => ({
  id: 1,
  tenantId: 2,
  tenantName: 'Loja Azul',
  name: 'WhatsApp Vendas',
  type: 'baileys',
  status: 'connected',
  number: '5511988887777',
  lastActivityAt: '2030-03-01T12:00:00.000Z',
  node: 'srv-1:4242:beef',
  nodeSince: '2030-03-01T10:00:00.000Z',
  updatedAt: '2030-03-01T10:00:00.000Z',
  ...over,
});

describe('sessions monitor', () => {
  it('/sessoestenants: every tenant’s channels with the node holding the session; disconnect asks first', async () => {
    signInAs('superadmin');
    const api = fakeApi({
      'GET /platform/channel-sessions': () => ({
        body: [session({}), session({ id: 5, tenantId: 3, tenantName: 'Padaria', type: 'webchat', node: null, status: 'disconnected' })],
      }),
      'POST /platform/tenants/:tenant/channel-sessions/:id/disconnect': () => ({ body: { id: 1, tenantId: 2, status: 'disconnected' } }),
      'POST /platform/tenants/:tenant/channel-sessions/:id/restart': () => ({ body: { id: 5, tenantId: 3, status: 'connected' } }),
    });
    const { user } = renderWithApp(<PlatformSessionsPage />);
    const row = await screen.findByTestId('session-1');
    expect(row).toHaveTextContent('Loja Azul (#2)');
    expect(row).toHaveTextContent('srv-1:4242:beef');
    expect(row).toHaveTextContent('5511988887777');
    expect(screen.getByTestId('session-5')).toHaveTextContent('nenhum');
    expect(screen.getByTestId('session-status-5')).toHaveTextContent('Desconectado');

    await user.click(screen.getByTestId('session-restart-5'));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/platform/tenants/3/channel-sessions/5/restart')).toBe(true),
    );

    await user.click(screen.getByTestId('session-disconnect-1'));
    expect(
      await screen.findByText('Desconectar WhatsApp Vendas? Canais de QR code precisarão ser lidos de novo para reconectar.'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith('/disconnect'))).toBe(false);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/platform/tenants/2/channel-sessions/1/disconnect')).toBe(true),
    );
  });

  it('/sessoes: the admin’s own channels, without the tenant column; cards on a 390 px phone', async () => {
    signInAs('admin', { tenantId: 2 });
    setScreenSize(PHONE);
    const api = fakeApi({
      'GET /channel-sessions': () => ({ body: [session({})] }),
      'POST /channel-sessions/:id/restart': () => ({ body: { id: 1, tenantId: 2, status: 'connected' } }),
    });
    const { user } = renderWithApp(<TenantSessionsPage />);
    expect(await screen.findByTestId('session-1')).not.toHaveTextContent('Loja Azul');
    expect(screen.getByTestId('sessions-table')).toHaveAttribute('data-layout', 'cards');
    await user.click(screen.getByTestId('session-restart-1'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/channel-sessions/1/restart')).toBe(true));
  });
});

const queues = (advice: 'none' | 'restartQueue' | 'restartServer', failedRestarts = 0): QueueList => ({
  refreshMs: 10_000,
  restartAdviceLimit: 5,
  queues: [
    {
      name: 'message.send',
      kind: 'job',
      waiting: 3,
      active: 1,
      failed: 2,
      completed: 40,
      lastFailedAt: '2030-03-01T12:00:00.000Z',
      lastRestartAt: null,
      failedRestarts,
      advice,
    },
    {
      name: 'channel-session.7',
      kind: 'session',
      waiting: 0,
      active: 0,
      failed: 0,
      completed: 4,
      lastFailedAt: null,
      lastRestartAt: null,
      failedRestarts: 0,
      advice: 'none',
    },
  ],
});
const job = (id: string, error: string): FailedJob => ({
  id,
  queue: 'message.send',
  tenantId: 4,
  error,
  retryCount: 0,
  createdAt: '2030-03-01T11:00:00.000Z',
  failedAt: '2030-03-01T12:00:00.000Z',
});

describe('task-queue monitor (/tenantsQueue)', () => {
  it('lists queues with their counts and advice; shows failed jobs with errors; retries, deletes after confirming, restarts', async () => {
    signInAs('superadmin');
    const api = fakeApi({
      'GET /platform/queues': () => ({ body: queues('restartQueue', 2) }),
      'GET /platform/queues/:name/failed': () => ({ body: [job('a1', 'connect ECONNREFUSED 10.0.0.9:443'), job('b2', 'timeout')] }),
      'POST /platform/queues/:name/jobs/:id/retry': () => ({ status: 204, body: null }),
      'DELETE /platform/queues/:name/jobs/:id': () => ({ status: 204, body: null }),
      'POST /platform/queues/:name/restart': () => ({ body: { queue: 'message.send', retried: 2, failedRestarts: 2, advice: 'none' } }),
    });
    const { user } = renderWithApp(<QueueMonitorPage />);
    expect(await screen.findByTestId('queue-failed-message.send')).toHaveTextContent('2');
    expect(screen.getByTestId('queue-advice-message.send')).toHaveTextContent('Reinicie a fila (2 de 5)');
    expect(screen.getByText('Filas de tarefas em segundo plano, atualizadas a cada 10 s.')).toBeInTheDocument();
    expect(screen.queryByTestId('restart-server-advice')).not.toBeInTheDocument();
    expect(screen.getByTestId('queue-show-failed-channel-session.7')).toBeDisabled();

    await user.click(screen.getByTestId('queue-show-failed-message.send'));
    const failed = await screen.findByTestId('failed-jobs');
    expect(await within(failed).findByText('connect ECONNREFUSED 10.0.0.9:443')).toBeInTheDocument();

    await user.click(screen.getByTestId('job-retry-a1'));
    await waitFor(() =>
      expect(api.calls.some((c: ApiCall) => c.method === 'POST' && c.path === '/platform/queues/message.send/jobs/a1/retry')).toBe(true),
    );

    await user.click(screen.getByTestId('job-delete-b2'));
    expect(await screen.findByText('Excluir esta tarefa com falha? Ela não será executada de novo.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/platform/queues/message.send/jobs/b2')).toBe(true),
    );

    await user.click(screen.getByTestId('queue-restart-message.send'));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/platform/queues/message.send/restart')).toBe(true),
    );
    expect(await screen.findByText('Fila message.send reiniciada: 2 tarefa(s) enviada(s) de novo.')).toBeInTheDocument();
  });

  it('after 5 failed restarts it advises restarting the server (SPEC §9)', async () => {
    signInAs('superadmin');
    fakeApi({ 'GET /platform/queues': () => ({ body: queues('restartServer', 5) }) });
    renderWithApp(<QueueMonitorPage />);
    expect(await screen.findByTestId('restart-server-advice')).toHaveTextContent(
      'As tarefas continuaram falhando depois de 5 reinícios de message.send: reinicie o servidor e verifique os erros.',
    );
    expect(screen.getByTestId('queue-advice-message.send')).toHaveAttribute('data-advice', 'restartServer');
  });
});

describe('internal data (/tenantsPk)', () => {
  it('per tenant: users, channels, storage, messages this month, last activity', async () => {
    signInAs('superadmin');
    const usage: TenantUsage[] = [
      {
        tenantId: 2,
        name: 'Loja Azul',
        status: 'active',
        users: 7,
        channels: 3,
        connectedChannels: 2,
        storageBytes: 5 * 1024 * 1024,
        messagesThisMonth: 1234,
        lastActivityAt: '2030-03-01T12:00:00.000Z',
      },
    ];
    fakeApi({ 'GET /platform/tenant-usage': () => ({ body: usage }) });
    renderWithApp(<TenantUsagePage />);
    const row = await screen.findByTestId('usage-2');
    expect(row).toHaveTextContent('Loja Azul (#2)');
    expect(row).toHaveTextContent('2/3');
    expect(row).toHaveTextContent('5.0 MB');
    expect(row).toHaveTextContent('1234');
  });
});

const version = (pending: string[]): SystemVersion => ({
  version: '0.1.0',
  node: 'v20.19.0',
  database: 'PostgreSQL 17.4',
  databaseKind: 'postgres',
  pgBoss: '10.4.2',
  startedAt: '2030-03-01T09:00:00.000Z',
  migrations: { total: 44, applied: 44 - pending.length, pending, latest: '0045_platform_ops' },
});
const run = (over: Partial<MaintenanceRun>): MaintenanceRun => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'media-cleanup',
  status: 'done',
  dryRun: true,
  scanned: 120,
  orphaned: 4,
  removed: 0,
  bytesFreed: 2048,
  error: null,
  createdAt: '2030-03-01T12:00:00.000Z',
  finishedAt: '2030-03-01T12:00:05.000Z',
  ...over,
});

const LOCAL_ONLY: MediaStorage = { active: 'local', s3Configured: false, s3: null };
const WITH_S3: MediaStorage = {
  active: 'local',
  s3Configured: true,
  s3: { endpoint: 'https://s3.sa-east-1.amazonaws.com', bucket: 'conversa-media', region: 'sa-east-1' },
};
const migration = (over: Partial<MediaMigration>): MediaMigration => ({
  id: '33333333-3333-4333-8333-333333333333',
  source: 'local',
  target: 's3',
  status: 'running',
  totalFiles: 200,
  totalBytes: 4 * 1024 * 1024,
  copied: 50,
  skipped: 10,
  bytesCopied: 1024 * 1024,
  attempts: 1,
  error: null,
  createdAt: '2030-03-01T12:00:00.000Z',
  finishedAt: null,
  ...over,
});

describe('media storage on /atualizar', () => {
  it('without S3 settings: the local folder, the explanation, and the move disabled', async () => {
    signInAs('superadmin');
    fakeApi({
      'GET /platform/version': () => ({ body: version([]) }),
      'GET /platform/maintenance/runs': () => ({ body: [] }),
      'GET /platform/media-storage': () => ({ body: LOCAL_ONLY }),
      'GET /platform/maintenance/media-migrations': () => ({ body: [] }),
    });
    renderWithApp(<UpdatePage />);
    expect(await screen.findByTestId('media-active')).toHaveTextContent('Pasta local');
    expect(screen.getByTestId('media-s3-missing')).toHaveTextContent('MEDIA_S3_');
    expect(screen.getByTestId('media-migrate')).toBeDisabled();
  });

  it('moves the files to S3 after confirming, shows the progress polled live, then S3 as the location (390 px)', async () => {
    setScreenSize(PHONE);
    signInAs('superadmin');
    let storage = WITH_S3;
    let migrations: MediaMigration[] = [];
    // The copy finishes once the test has seen it running (a starved machine polled three times
    // before the first progress was checked).
    let finished = false;
    const api = fakeApi({
      'GET /platform/version': () => ({ body: version([]) }),
      'GET /platform/maintenance/runs': () => ({ body: [] }),
      'GET /platform/media-storage': () => ({ body: storage }),
      'GET /platform/maintenance/media-migrations': () => {
        // The copy has finished and S3 is where files are kept.
        if (migrations.length && finished) {
          migrations = [
            migration({
              status: 'done',
              copied: 190,
              skipped: 10,
              bytesCopied: 4 * 1024 * 1024 - 2048,
              finishedAt: '2030-03-01T12:01:00.000Z',
            }),
          ];
          storage = { ...WITH_S3, active: 's3' };
        }
        return { body: migrations };
      },
      'POST /platform/maintenance/media-migration': () => {
        migrations = [migration({})];
        return { status: 202, body: migrations[0] };
      },
    });
    const { user } = renderWithApp(<UpdatePage />);
    expect(await screen.findByTestId('media-s3')).toHaveTextContent('conversa-media');
    await user.click(screen.getByTestId('media-migrate'));
    expect(
      await screen.findByText('Copiar agora todos os arquivos guardados? O atendimento continua funcionando durante a cópia.'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Iniciar' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ target: 's3' }));
    const id = '33333333-3333-4333-8333-333333333333';
    expect(await screen.findByTestId(`migration-progress-${id}`)).toHaveTextContent('60 de 200 arquivos');
    expect(screen.getByTestId('media-migrate')).toBeDisabled();
    finished = true;
    // Polled until done; the location is read again.
    await waitFor(() => expect(screen.getByTestId(`migration-status-${id}`)).toHaveTextContent('Concluída'), { timeout: 5000 });
    expect(screen.getByTestId(`migration-progress-${id}`)).toHaveTextContent('200 de 200 arquivos');
    await waitFor(() => expect(screen.getByTestId('media-active')).toHaveTextContent('Armazenamento compatível com S3'));
    expect(screen.getByTestId('media-migrate')).toHaveTextContent('Trazer os arquivos de volta para a pasta local');
  });

  it('a refusal from the server is shown translated', async () => {
    signInAs('superadmin');
    fakeApi({
      'GET /platform/version': () => ({ body: version([]) }),
      'GET /platform/maintenance/runs': () => ({ body: [] }),
      'GET /platform/media-storage': () => ({ body: WITH_S3 }),
      'GET /platform/maintenance/media-migrations': () => ({ body: [] }),
      'POST /platform/maintenance/media-migration': () => ({
        status: 409,
        body: { error: 'ERR_MEDIA_MIGRATION_RUNNING', message: 'A media migration is already running.' },
      }),
    });
    const { user } = renderWithApp(<UpdatePage />);
    await user.click(await screen.findByTestId('media-migrate'));
    await user.click(await screen.findByRole('button', { name: 'Iniciar' }));
    expect(await screen.findByText('Já há uma migração de mídias em andamento.')).toBeInTheDocument();
  });
});

describe('update (/atualizar)', () => {
  it('shows the running version and pending migrations; simulates and cleans (after confirming) orphaned media', async () => {
    signInAs('superadmin');
    let runs = [run({})];
    const api = fakeApi({
      'GET /platform/version': () => ({ body: version(['0046_next']) }),
      'GET /platform/maintenance/runs': () => ({ body: runs }),
      'GET /platform/media-storage': () => ({ body: LOCAL_ONLY }),
      'GET /platform/maintenance/media-migrations': () => ({ body: [] }),
      'POST /platform/maintenance/media-cleanup': ({ body }) => {
        const started = run({
          id: '22222222-2222-4222-8222-222222222222',
          status: 'running',
          dryRun: (body as { dryRun: boolean }).dryRun,
          scanned: 10,
        });
        runs = [started, ...runs];
        return { status: 202, body: started };
      },
    });
    const { user } = renderWithApp(<UpdatePage />);
    expect(await screen.findByTestId('server-version')).toHaveTextContent('0.1.0');
    expect(screen.getByTestId('migrations')).toHaveTextContent('43 de 44 aplicadas');
    expect(screen.getByTestId('pending-migrations')).toHaveTextContent('0046_next');
    expect(await screen.findByTestId('run-status-11111111-1111-4111-8111-111111111111')).toHaveTextContent('Concluída');

    await user.click(screen.getByTestId('cleanup-dry-run'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ dryRun: true }));
    expect(await screen.findByTestId('run-status-22222222-2222-4222-8222-222222222222')).toHaveTextContent('Em andamento');
    // One at a time: the buttons wait for the running one.
    expect(screen.getByTestId('cleanup-run')).toBeDisabled();
  });

  it('an uploaded package is refused with the server’s explanation, translated', async () => {
    signInAs('superadmin');
    const api = fakeApi({
      'GET /platform/version': () => ({ body: version([]) }),
      'GET /platform/maintenance/runs': () => ({ body: [] }),
      'GET /platform/media-storage': () => ({ body: LOCAL_ONLY }),
      'GET /platform/maintenance/media-migrations': () => ({ body: [] }),
      'POST /platform/update': () => ({
        status: 400,
        body: { error: 'ERR_UPDATE_NOT_VERIFIED', message: 'Uploaded update bundles are refused' },
      }),
    });
    const { user } = renderWithApp(<UpdatePage />);
    expect(await screen.findByText('Nenhuma migração pendente.')).toBeInTheDocument();
    const input = screen.getByTestId('update-file');
    const fileInput =
      input.tagName === 'INPUT' ? (input as HTMLInputElement) : document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('no file input');
    await user.upload(fileInput, new File(['PK'], 'update_rapido.zip', { type: 'application/zip' }));
    await user.click(screen.getByTestId('update-send'));
    expect(await screen.findByTestId('update-refused')).toHaveTextContent('nunca descompacta nem executa código enviado');
    const call = api.calls.find((c) => c.path === '/platform/update');
    expect((call?.body as FormData).get('file')).toBeInstanceOf(File);
  });
});

describe('terminal (/terminal)', () => {
  it("anyone but the platform superadmin reads 'Usuário não autorizado a acessar o terminal' and calls nothing", async () => {
    const api = fakeApi({});
    for (const [profile, tenantId] of [
      ['admin', 1],
      ['superadmin', 5],
      ['user', 1],
    ] as const) {
      signInAs(profile, { tenantId });
      const { unmount } = renderWithApp(<TerminalPage />);
      expect(screen.getByTestId('terminal-denied')).toHaveTextContent('Usuário não autorizado a acessar o terminal');
      expect(screen.queryByTestId('console-health')).not.toBeInTheDocument();
      unmount();
    }
    expect(api.calls).toEqual([]);
  });

  it('runs only the fixed commands and shows their output; a 403 from the server shows the refusal', async () => {
    signInAs('superadmin');
    let allowed = true;
    const api = fakeApi({
      'POST /platform/console': ({ body }) =>
        allowed
          ? {
              body: {
                command: (body as { command: string }).command,
                ranAt: '2030-03-01T12:00:00.000Z',
                lines: ['database: ok (1.2 ms)', 'uptime: 42 s'],
              },
            }
          : { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'no' } },
    });
    const { user } = renderWithApp(<TerminalPage />);
    expect(
      ['console-health', 'console-versions', 'console-database', 'console-queues', 'console-errors'].every((id) => screen.getByTestId(id)),
    ).toBe(true);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('console-health'));
    expect(await screen.findByTestId('console-output')).toHaveTextContent('database: ok (1.2 ms)');
    expect(api.calls[0].body).toEqual({ command: 'health' });

    allowed = false;
    await user.click(screen.getByTestId('console-errors'));
    expect(await screen.findByTestId('terminal-denied')).toHaveTextContent('Usuário não autorizado a acessar o terminal');
  });
});
