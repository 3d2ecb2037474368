import { createBroadcastBodySchema, type AppNotification, type NotificationList } from '@conversa/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { expectFieldError } from '../../test/form';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp, testQueryClient } from '../../test/render';
import { signInAs } from '../../test/session';
import i18n from '../../lib/i18n';
import { applyNotificationPush, notificationKeys } from './api';
import { NotificationBell } from './components/NotificationBell';
import { NotificationsAdminPage } from './pages/NotificationsAdminPage';

const note = (id: number, message: string, isRead = false, link: string | null = null): AppNotification => ({
  id,
  message,
  content: null,
  link,
  isRead,
  createdAt: '2030-03-01T12:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the bell', () => {
  beforeEach(() => signInAs('user'));

  it('shows the unread count; its list marks one read (and opens its link) or all', async () => {
    let state: NotificationList = {
      unread: 2,
      notifications: [
        {
          ...note(2, 'Lembrete: a tarefa "Ligar" chegou à data limite.', false, '/tarefas?task=4'),
          content: { kind: 'task.reminder', params: { task: 'Ligar' } },
        },
        note(1, 'Manutenção às 22h'),
        note(0, 'Antiga', true),
      ],
    };
    const api = fakeApi({
      'GET /notifications': () => ({ body: state }),
      'PUT /notifications/read-all': () => {
        state = { unread: 0, notifications: state.notifications.map((n) => ({ ...n, isRead: true })) };
        return { body: { unread: 0 } };
      },
      'PUT /notifications/:id/read': ({ path }: ApiCall) => {
        const id = Number(path.split('/')[2]);
        state = { unread: state.unread - 1, notifications: state.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)) };
        return { body: { unread: state.unread } };
      },
    });
    const { user } = renderWithApp(<NotificationBell />, { route: '/contatos' });
    await waitFor(() => expect(screen.getByTestId('bell')).toHaveAttribute('data-unread', '2'));
    expect(screen.getByTestId('bell')).toHaveAccessibleName('Notificações: 2 não lidas');

    await user.click(screen.getByTestId('bell'));
    const dropdown = await screen.findByTestId('bell-dropdown');
    expect(within(dropdown).getByTestId('bell-item-2')).toHaveTextContent('Lembrete: a tarefa "Ligar" chegou à data limite.');
    expect(within(dropdown).getByTestId('bell-item-1')).toHaveAttribute('data-read', 'false');
    expect(within(dropdown).getByTestId('bell-item-0')).toHaveAttribute('data-read', 'true');
    await user.click(within(dropdown).getByTestId('bell-item-2'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.path).toBe('/notifications/2/read'));
    await waitFor(() => expect(screen.getByTestId('bell')).toHaveAttribute('data-unread', '1'));

    await user.click(screen.getByTestId('bell'));
    await user.click(await screen.findByTestId('bell-read-all'));
    await waitFor(() => expect(screen.getByTestId('bell')).toHaveAttribute('data-unread', '0'));
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/notifications/2/read', '/notifications/read-all']);
  });

  it("follows the socket's pushes: a user's count, then a tenant-wide refresh", async () => {
    let state: NotificationList = { unread: 0, notifications: [] };
    fakeApi({ 'GET /notifications': () => ({ body: state }) });
    const queryClient = testQueryClient();
    renderWithApp(<NotificationBell />, { queryClient });
    await waitFor(() => expect(screen.getByTestId('bell')).toHaveAttribute('data-unread', '0'));
    state = { unread: 1, notifications: [note(5, 'Nova versão disponível')] };
    act(() => applyNotificationPush(queryClient, { unread: 1 }));
    await waitFor(() => expect(screen.getByTestId('bell')).toHaveAttribute('data-unread', '1'));
    await waitFor(() => expect(queryClient.getQueryData<NotificationList>(notificationKeys.list)?.notifications).toHaveLength(1));
    // A broadcast's push carries no count: the bell reads its own.
    state = { unread: 2, notifications: [note(6, 'Aviso geral'), ...state.notifications] };
    act(() => applyNotificationPush(queryClient, {}));
    await waitFor(() => expect(screen.getByTestId('bell')).toHaveAttribute('data-unread', '2'));
  });

  it("words the platform's notifications in the reader's language; a broadcast or an older row shows its text", async () => {
    await i18n.changeLanguage('en');
    try {
      fakeApi({
        'GET /notifications': () => ({
          body: {
            unread: 4,
            // The server's `message` in the language of the call (here pt, as before a switch): the bell words the kinds in the app's current one.
            notifications: [
              {
                ...note(4, 'Lembrete: a tarefa "Ligar" chegou à data limite.', false, '/tarefas?task=4'),
                content: { kind: 'task.reminder', params: { task: 'Ligar' } },
              },
              {
                ...note(3, 'Ana mencionou você em uma nota interna: “Veja o pedido”', false, '/atendimento/7'),
                content: { kind: 'note.mention', params: { author: 'Ana', excerpt: 'Veja o pedido' } },
              },
              {
                ...note(2, 'Um colega mencionou você em uma nota interna: “Oi”'),
                content: { kind: 'note.mention', params: { author: null, excerpt: 'Oi' } },
              },
              note(1, 'Lembrete: a tarefa "Antiga" chegou à data limite.'),
            ],
          } satisfies NotificationList,
        }),
      });
      const { user } = renderWithApp(<NotificationBell />);
      await waitFor(() => expect(screen.getByTestId('bell')).toHaveAttribute('data-unread', '4'));
      await user.click(screen.getByTestId('bell'));
      const dropdown = await screen.findByTestId('bell-dropdown');
      expect(within(dropdown).getByTestId('bell-item-4')).toHaveTextContent('Reminder: the task "Ligar" has reached its due date.');
      expect(within(dropdown).getByTestId('bell-item-3')).toHaveTextContent('Ana mentioned you in an internal note: “Veja o pedido”');
      expect(within(dropdown).getByTestId('bell-item-2')).toHaveTextContent('A colleague mentioned you in an internal note: “Oi”');
      // Written before notifications had kinds: its text as stored.
      expect(within(dropdown).getByTestId('bell-item-1')).toHaveTextContent('Lembrete: a tarefa "Antiga" chegou à data limite.');
    } finally {
      await i18n.changeLanguage('pt');
    }
  });

  it('says so when there is nothing; fits a 390 px phone', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /notifications': () => ({ body: { unread: 0, notifications: [] } }) });
    const { user } = renderWithApp(<NotificationBell />);
    await user.click(screen.getByTestId('bell'));
    expect(await screen.findByTestId('bell-empty')).toHaveTextContent('Nenhuma notificação por aqui.');
    expect(screen.getByTestId('bell-read-all')).toBeDisabled();
  });
});

describe('/notificacao (platform superadmin)', () => {
  beforeEach(() => signInAs('superadmin', { tenantId: 1 }));

  it('sends to all tenants or to one, checked by the shared schema; lists what was sent', async () => {
    const sent: unknown[] = [];
    const api = fakeApi({
      'GET /tenants/': () => ({
        body: [
          { id: 1, name: 'Plataforma' },
          { id: 4, name: 'Loja Azul' },
        ],
      }),
      'GET /notifications/broadcasts': () => ({
        body: [
          {
            id: 3,
            message: 'Manutenção às 22h',
            tenantId: null,
            tenantName: null,
            recipients: 120,
            sender: { id: 1, name: 'Root' },
            createdAt: '2030-03-01T12:00:00.000Z',
          },
        ],
      }),
      'POST /notifications/broadcasts': ({ body }: ApiCall) => {
        sent.push(body);
        return {
          status: 201,
          body: { id: 4, ...(body as object), tenantName: null, recipients: 12, sender: null, createdAt: '2030-03-02T12:00:00.000Z' },
        };
      },
    });
    const { user } = renderWithApp(<NotificationsAdminPage />);
    const row = await screen.findByTestId('broadcast-3');
    expect(row).toHaveTextContent('Todas as empresas');
    expect(row).toHaveTextContent('120');

    await user.click(screen.getByTestId('broadcast-send'));
    await expectFieldError('Mensagem', 'Este campo é obrigatório.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByTestId('broadcast-message'), 'Nova versão disponível');
    await user.click(screen.getByTestId('broadcast-send'));
    await waitFor(() => expect(sent).toEqual([{ message: 'Nova versão disponível', tenantId: null }]));
    expect(await screen.findByText('Tudo certo! Notificação enviada para 12 usuários.')).toBeInTheDocument();

    await user.click(screen.getByTestId('broadcast-target'));
    await user.click(await screen.findByRole('option', { name: 'Loja Azul', hidden: true }));
    await user.type(screen.getByTestId('broadcast-message'), 'Só para a Loja Azul');
    await user.click(screen.getByTestId('broadcast-send'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ message: 'Só para a Loja Azul', tenantId: 4 });
    expect(createBroadcastBodySchema.safeParse(sent[1]).success).toBe(true);
  });
});
