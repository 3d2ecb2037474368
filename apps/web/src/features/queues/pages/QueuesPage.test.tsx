import type { Queue, QueueChatFlow } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { QueuesPage } from './QueuesPage';

const SALES: Queue = { id: 3, name: 'Vendas', color: '#12b886', greetingMessage: null, userIds: [] };
const SUPPORT: Queue = { id: 4, name: 'Suporte', color: '#4dabf7', greetingMessage: null, userIds: [] };
const users = () => ({ body: { users: [], count: 0, hasMore: false } });

beforeEach(() => signInAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function routingFlows(byQueue: Record<number, QueueChatFlow[]>) {
  return fakeApi({
    'GET /queue': () => ({ body: [SALES, SUPPORT] }),
    'GET /users/': users,
    'GET /queue/:id/chat-flows': ({ path }) => ({ body: byQueue[Number(path.split('/')[2])] ?? [] }),
    'DELETE /queue/:id': () => ({ status: 204, body: null }),
  });
}

describe('/filas: deleting a queue', () => {
  it('names the chatbot flows that route to it, and deletes once confirmed', async () => {
    const api = routingFlows({
      3: [
        { id: 11, name: 'Atendimento' },
        { id: 12, name: 'Pós-venda' },
      ],
    });
    const { user } = renderWithApp(<QueuesPage />);
    await user.click(await screen.findByTestId('queue-delete-3'));

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('queue-delete-flows')).toHaveTextContent(
      'Os fluxos de chatbot “Atendimento” e “Pós-venda” encaminham atendimentos para esta fila. Depois de excluí-la, essas rotas deixam o atendimento pendente onde está até que você altere e publique os fluxos.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/queue/3')).toBe(true));
  });

  it('one flow is named in the singular; a queue no flow routes to says nothing more', async () => {
    routingFlows({ 3: [{ id: 11, name: 'Atendimento' }] });
    const { user } = renderWithApp(<QueuesPage />);
    await user.click(await screen.findByTestId('queue-delete-3'));
    expect(await screen.findByTestId('queue-delete-flows')).toHaveTextContent(
      'O fluxo de chatbot “Atendimento” encaminha atendimentos para esta fila.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByTestId('queue-delete-4'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).queryByTestId('queue-delete-flows-checking')).toBeNull());
    // (Visible once the modal's opening transition is over: slow on a loaded machine.)
    await waitFor(() =>
      expect(within(dialog).getByText('Deseja realmente excluir a fila Suporte? Os atendimentos dela ficam sem fila.')).toBeVisible(),
    );
    expect(within(dialog).queryByTestId('queue-delete-flows')).toBeNull();
  });

  it('when the flows cannot be checked, says so instead of nothing', async () => {
    fakeApi({
      'GET /queue': () => ({ body: [SALES, SUPPORT] }),
      'GET /users/': users,
      'GET /queue/:id/chat-flows': () => ({ status: 400, body: { error: 'ERR_VALIDATION', message: 'refused' } }),
    });
    const { user } = renderWithApp(<QueuesPage />);
    await user.click(await screen.findByTestId('queue-delete-3'));
    expect(await screen.findByTestId('queue-delete-flows-unknown')).toHaveTextContent(
      'Não foi possível verificar se algum fluxo de chatbot encaminha para esta fila.',
    );
  });
});
