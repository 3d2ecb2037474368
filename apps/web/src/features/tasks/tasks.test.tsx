import { createTaskBodySchema, type Task } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { expectFieldError, field } from '../../test/form';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { maskDateTime, parseDateTime, toDateTimeText } from '../../lib/date-time';
import { TasksPage } from './pages/TasksPage';
import { watchNotices } from '../../test/notices';

const stamp = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };
const ANA = { id: 7, name: 'Ana Souza' };
const BETO = { id: 8, name: 'Beto Lima' };
const users = () => ({
  body: { users: [ANA, BETO].map((u) => ({ ...u, email: `${u.id}@x.test`, profile: 'user' })), count: 2, hasMore: false },
});

function task(overrides: Partial<Task> = {}): Task {
  return {
    id: 1,
    name: 'Ligar para cliente',
    description: 'Confirmar a proposta',
    limitDate: '2030-03-10T15:00:00.000Z',
    owner: ANA,
    ownerId: ANA.id,
    createdBy: ANA,
    priority: 'high',
    status: 'pending',
    recurrence: 0,
    repetitions: 0,
    occurrence: 1,
    ticketId: null,
    finishedAt: null,
    commentCount: 0,
    ...stamp,
    ...overrides,
  };
}
const list = (tasks: Task[]) => ({ body: { tasks, count: tasks.length, hasMore: false } });
const validBody = {
  name: 'X',
  description: 'Y',
  limitDate: '2030-03-10T15:00:00.000Z',
  ownerId: 7,
  priority: 'none',
  recurrence: 0,
  repetitions: 0,
  ticketId: null,
} as const;

beforeEach(() => signInAs('user', { userId: 7 }));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the dd/MM/yyyy HH:mm field (SPEC §5)', () => {
  it('masks digits, reads a real date and time, refuses impossible ones, and writes an instant back', () => {
    expect(maskDateTime('100320301530')).toBe('10/03/2030 15:30');
    expect(maskDateTime('10/03')).toBe('10/03');
    expect(parseDateTime('31/02/2030 10:00')).toBeNull();
    expect(parseDateTime('10/03/2030 24:00')).toBeNull();
    expect(parseDateTime('10/03/2030')).toBeNull();
    const iso = parseDateTime('10/03/2030 15:30')!;
    expect(toDateTimeText(iso)).toBe('10/03/2030 15:30');
  });
});

describe('/tarefas', () => {
  it('lists tasks with their status, priority, owner and recurrence; the filters are sent as the query', async () => {
    const api = fakeApi({
      'GET /users/': users,
      'GET /tasks': () =>
        list([
          task(),
          task({
            id: 2,
            name: 'Enviar contrato',
            status: 'delayed',
            priority: 'low',
            recurrence: 7,
            repetitions: 2,
            owner: BETO,
            ownerId: 8,
          }),
        ]),
    });
    const { user } = renderWithApp(<TasksPage />);
    expect(await screen.findByTestId('task-status-2')).toHaveTextContent('Atrasada');
    expect(screen.getByTestId('task-status-1')).toHaveTextContent('Pendente');
    const row = screen.getByTestId('task-row-2');
    expect(row).toHaveTextContent('Beto Lima');
    expect(row).toHaveTextContent('A cada 7 dias · faltam 2 repetições');
    expect(screen.getByTestId('task-row-1')).toHaveTextContent('Alta');
    // By default the open ones (pending and delayed).
    expect(api.calls.find((c) => c.path === '/tasks')?.query.get('status')).toBe('pending,delayed');

    await user.click(screen.getByTestId('tasks-filter-priority'));
    await user.click(await screen.findByRole('option', { name: 'Alta', hidden: true }));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path === '/tasks')
          .at(-1)
          ?.query.get('priority'),
      ).toBe('high'),
    );
    await user.click(screen.getByTestId('tasks-filter-owner'));
    await user.click(await screen.findByRole('option', { name: 'Beto Lima', hidden: true }));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path === '/tasks')
          .at(-1)
          ?.query.get('ownerIds'),
      ).toBe('8'),
    );
  });

  it('creates a task: required fields and the date are checked by the shared schema before sending', async () => {
    const api = fakeApi({
      'GET /users/': users,
      'GET /tasks': () => list([]),
      'POST /tasks': ({ body }: ApiCall) => ({ status: 201, body: task({ id: 9, ...(body as object) }) }),
    });
    const { user } = renderWithApp(<TasksPage />);
    await user.click(await screen.findByTestId('tasks-new'));
    const date = screen.getByTestId('task-limit-date');
    await user.clear(date);
    await user.type(date, '31022030');
    await user.click(screen.getByTestId('task-save'));
    await expectFieldError('Nome', 'Este campo é obrigatório.');
    await expectFieldError('Descrição', 'Este campo é obrigatório.');
    await expectFieldError('Data limite', 'Informe uma data e hora válidas (dd/mm/aaaa hh:mm).');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(field('Nome'), 'Retornar ligação');
    await user.type(field('Descrição'), 'Cliente pediu retorno');
    await user.clear(date);
    await user.type(date, '100320301530');
    expect(date).toHaveValue('10/03/2030 15:30');
    await user.click(screen.getByTestId('task-recurrence'));
    await user.click(await screen.findByRole('option', { name: 'A cada 30 dias', hidden: true }));
    const repetitions = await screen.findByTestId('task-repetitions');
    await user.clear(repetitions);
    await user.type(repetitions, '3');
    await user.click(screen.getByTestId('task-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = api.calls.find((c) => c.method === 'POST')!.body;
    expect(body).toEqual({
      name: 'Retornar ligação',
      description: 'Cliente pediu retorno',
      limitDate: parseDateTime('10/03/2030 15:30'),
      ownerId: 7,
      priority: 'none',
      recurrence: 30,
      repetitions: 3,
      ticketId: null,
    });
    expect(createTaskBodySchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('task-modal')).toBeNull());
  });

  it('a recurrence needs at least 1 repetition: the shared rule, under the field, before sending', async () => {
    const api = fakeApi({
      'GET /users/': users,
      'GET /tasks': () => list([]),
      'POST /tasks': ({ body }: ApiCall) => ({ status: 201, body: task({ id: 9, ...(body as object) }) }),
    });
    const { user } = renderWithApp(<TasksPage />);
    await user.click(await screen.findByTestId('tasks-new'));
    await user.type(field('Nome'), 'Revisar contrato');
    await user.type(field('Descrição'), 'Toda semana');
    await user.click(screen.getByTestId('task-recurrence'));
    await user.click(await screen.findByRole('option', { name: 'A cada 7 dias', hidden: true }));
    const repetitions = await screen.findByTestId('task-repetitions');
    // Left empty: no repetition (the field itself takes nothing below 1).
    await user.clear(repetitions);
    await user.click(screen.getByTestId('task-save'));
    await expectFieldError('Número de repetições', 'Uma tarefa recorrente se repete pelo menos 1 vez.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(createTaskBodySchema.safeParse({ ...validBody, recurrence: 7, repetitions: 0 }).success).toBe(false);

    await user.clear(repetitions);
    await user.type(repetitions, '1');
    await user.click(screen.getByTestId('task-save'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ recurrence: 7, repetitions: 1 }));
  });

  it("editing the last occurrence of a series (0 left) saves; the server's refusal of a repetition shows under the field", async () => {
    const last = task({ recurrence: 7, repetitions: 0, occurrence: 3 });
    const first = task({ id: 2, name: 'Outra série', recurrence: 7, repetitions: 0, occurrence: 1 });
    const api = fakeApi({
      'GET /users/': users,
      'GET /tasks': () => list([last, first]),
      'PUT /tasks/:id': ({ path, body }: ApiCall) =>
        path === '/tasks/1'
          ? { body: { ...last, ...(body as object) } }
          : {
              status: 400,
              body: {
                error: 'ERR_VALIDATION',
                message: 'A recurring task repeats at least once.',
                fields: { repetitions: ['A recurring task repeats at least once.'] },
                issues: { repetitions: [{ code: 'custom', rule: 'taskRepetitionsMin' }] },
              },
            },
    });
    const { user } = renderWithApp(<TasksPage />);
    await user.click(await screen.findByTestId('task-edit-1'));
    await user.click(screen.getByTestId('task-save'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ recurrence: 7, repetitions: 0 }));
    await waitFor(() => expect(screen.queryByTestId('task-modal')).toBeNull());

    // The first of a series with 0 left (saved before the rule) must get at least 1.
    await user.click(screen.getByTestId('task-edit-2'));
    await user.click(screen.getByTestId('task-save'));
    await expectFieldError('Número de repetições', 'Uma tarefa recorrente se repete pelo menos 1 vez.');
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('links a task to a ticket by its number; the list opens the linked ticket; an unknown ticket is said under the field', async () => {
    let refuse = true;
    const api = fakeApi({
      'GET /users/': users,
      'GET /tasks': () => list([task({ ticketId: 12 }), task({ id: 2, name: 'Sem atendimento' })]),
      'POST /tasks': ({ body }: ApiCall) =>
        refuse
          ? { status: 404, body: { error: 'ERR_NO_TICKET_FOUND', message: 'ERR_NO_TICKET_FOUND' } }
          : { status: 201, body: task({ id: 9, ...(body as object) }) },
    });
    const { user } = renderWithApp(
      <Routes>
        <Route path="/tarefas" element={<TasksPage />} />
        <Route path="/atendimento/:ticketId" element={<p data-testid="chat-opened">chat</p>} />
      </Routes>,
      { route: '/tarefas' },
    );
    const link = await screen.findByTestId('task-ticket-1');
    expect(link).toHaveTextContent('Atendimento #12');
    expect(link).toHaveAttribute('href', expect.stringContaining('/atendimento/12'));
    expect(screen.queryByTestId('task-ticket-2')).toBeNull();

    await user.click(screen.getByTestId('tasks-new'));
    await user.type(field('Nome'), 'Retornar');
    await user.type(field('Descrição'), 'Sobre o pedido');
    await user.type(screen.getByTestId('task-ticket'), '999');
    await user.click(screen.getByTestId('task-save'));
    await expectFieldError('Atendimento', 'Nenhum ticket encontrado com este ID.');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ ticketId: 999 });

    refuse = false;
    await user.clear(screen.getByTestId('task-ticket'));
    await user.type(screen.getByTestId('task-ticket'), '12');
    await user.click(screen.getByTestId('task-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({ ticketId: 12 }));
    await waitFor(() => expect(screen.queryByTestId('task-modal')).toBeNull());

    await user.click(screen.getByTestId('task-ticket-1'));
    expect(await screen.findByTestId('chat-opened')).toBeInTheDocument();
  });

  it('finishing a recurring task says when the next one is due', async () => {
    const notices = watchNotices();
    const recurring = task({ recurrence: 7, repetitions: 1 });
    const next = task({ id: 2, limitDate: '2030-03-17T15:00:00.000Z', repetitions: 0, occurrence: 2 });
    const api = fakeApi({
      'GET /users/': users,
      'GET /tasks': () => list([recurring]),
      'PUT /tasks/:id/finish': () => ({ body: { task: { ...recurring, status: 'finished' }, next } }),
    });
    const { user } = renderWithApp(<TasksPage />);
    await user.click(await screen.findByTestId('task-finish-1'));
    await notices.shown(`Tudo certo! Tarefa concluída. A próxima vence em ${toDateTimeText(next.limitDate)}.`);
    expect(api.calls.find((c) => c.method === 'PUT')?.path).toBe('/tasks/1/finish');
  });

  it('the comments drawer lists the thread with author and date, and adds one', async () => {
    const comments = [{ id: 1, taskId: 1, comment: 'Cliente não atendeu', author: BETO, createdAt: '2030-03-01T12:00:00.000Z' }];
    const api = fakeApi({
      'GET /users/': users,
      'GET /tasks': () => list([task({ commentCount: comments.length })]),
      'GET /tasks/:id/comments': () => ({ body: comments }),
      'POST /tasks/:id/comments': ({ body }: ApiCall) => {
        const added = {
          id: 2,
          taskId: 1,
          comment: (body as { comment: string }).comment,
          author: ANA,
          createdAt: '2030-03-02T12:00:00.000Z',
        };
        comments.push(added);
        return { status: 201, body: added };
      },
    });
    const { user } = renderWithApp(<TasksPage />);
    await user.click(await screen.findByTestId('task-comments-1'));
    const drawer = await screen.findByTestId('task-comments');
    expect(await within(drawer).findByTestId('task-comment-1')).toHaveTextContent('Cliente não atendeu');
    expect(within(drawer).getByTestId('task-comment-1')).toHaveTextContent('Beto Lima');
    await user.click(within(drawer).getByTestId('task-comment-send'));
    await expectFieldError('Novo comentário', 'Este campo é obrigatório.');
    await user.type(within(drawer).getByTestId('task-comment-input'), '  Retornar amanhã ');
    await user.click(within(drawer).getByTestId('task-comment-send'));
    expect(await within(drawer).findByTestId('task-comment-2')).toHaveTextContent('Retornar amanhã');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ comment: 'Retornar amanhã' });
  });

  it('deleting asks first and says the comments go with it', async () => {
    const api = fakeApi({
      'GET /users/': users,
      'GET /tasks': () => list([task({ commentCount: 3 })]),
      'DELETE /tasks/:id': () => ({ status: 204, body: null }),
    });
    const { user } = renderWithApp(<TasksPage />);
    await user.click(await screen.findByTestId('task-delete-1'));
    expect(await screen.findByTestId('task-delete-comments')).toHaveTextContent('Os 3 comentários dela também serão excluídos.');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe('/tasks/1'));
  });

  it('a notification link (?task=1) opens that task’s comments', async () => {
    fakeApi({
      'GET /users/': users,
      'GET /tasks': () => list([]),
      'GET /tasks/:id': () => ({ body: task() }),
      'GET /tasks/:id/comments': () => ({ body: [] }),
    });
    renderWithApp(<TasksPage />, { route: '/tarefas?task=1' });
    expect(await screen.findByTestId('task-comments')).toHaveTextContent('Comentários: Ligar para cliente');
  });

  it('on a phone (390 px) each task is a card with its actions', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /users/': users, 'GET /tasks': () => list([task()]) });
    renderWithApp(<TasksPage />);
    expect(await screen.findByTestId('tasks-table')).toHaveAttribute('data-layout', 'cards');
    const card = await screen.findByTestId('task-row-1');
    expect(within(card).getByTestId('task-finish-1')).toBeVisible();
  });
});
