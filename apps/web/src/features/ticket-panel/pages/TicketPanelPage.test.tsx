import { SETTING_DEFINITIONS, type BulkTicketsBody, type Setting, type Ticket } from '@conversa/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { PHONE, setScreenSize } from '../../../test/media';
import { renderWithApp, testQueryClient } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { buildTicket } from '../../tickets/test-support';
import { applyTicketToPanel, removeTicketFromPanel } from '../panel-cache';
import { TicketPanelPage } from './TicketPanelPage';

const QUEUES = [
  {
    id: 1,
    name: 'Suporte',
    color: '#228be6',
    greetingMessage: null,
    users: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 2,
    name: 'Vendas',
    color: '#12b886',
    greetingMessage: null,
    users: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];
const contact = (id: number, name: string) => ({ id, name, number: null, email: null, profilePicUrl: null, blocked: false });
const TICKETS: Ticket[] = [
  buildTicket({ id: 1, status: 'open', userId: 7, username: 'Ana Souza', queueId: 1, contact: contact(11, 'Bruno') }),
  buildTicket({ id: 2, status: 'open', userId: 8, username: 'Caio Lima', queueId: 2, contact: contact(12, 'Dora') }),
  buildTicket({ id: 3, status: 'pending', queueId: 1, contact: contact(13, 'Eva') }),
  buildTicket({ id: 4, status: 'pending', queueId: 1, contact: contact(14, 'Fábio') }),
  buildTicket({ id: 5, status: 'pending', queueId: null, contact: contact(15, 'Gina') }),
];
const settings = Object.entries(SETTING_DEFINITIONS).map(([key, d]) => ({ key, value: d.default }) as Setting);

function api(bulk: (body: BulkTicketsBody) => unknown = () => ({ done: 0, refused: 0, results: [] })) {
  return fakeApi({
    'GET /tickets/panel': ({ query }) => ({
      body:
        query.get('showAll') === 'false'
          ? { tickets: TICKETS.filter((t) => t.queueId === 2), total: 1, truncated: false, scopeQueueIds: [2] }
          : { tickets: TICKETS, total: 5, truncated: false, scopeQueueIds: null },
    }),
    'GET /queue': () => ({ body: QUEUES }),
    'GET /demands': () => ({ body: [{ id: 9, name: 'Resolvido em massa', ticketCount: 0, createdAt: '', updatedAt: '' }] }),
    'GET /settings/': () => ({ body: settings }),
    'GET /users/': () => ({ body: { users: [], count: 0, hasMore: false } }),
    'POST /tickets/bulk': ({ body }) => ({ body: bulk(body as BulkTicketsBody) }),
  });
}

beforeEach(() => signInAs('admin', { userId: 1 }));
afterEach(() => vi.unstubAllGlobals());

describe('/painel-atendimentos', () => {
  it("shows a column per agent with their open tickets and per queue with its pending ones, and one without queue; 'view all' off asks for the admin's queues", async () => {
    const fake = api();
    const { user } = renderWithApp(<TicketPanelPage />);
    const ana = await screen.findByTestId('panel-column-user-7');
    expect(within(ana).getByText('Ana Souza')).toBeInTheDocument();
    expect(within(ana).getByTestId('panel-ticket-1')).toBeInTheDocument();
    expect(within(screen.getByTestId('panel-column-queue-1')).getByTestId('panel-column-count-queue-1')).toHaveTextContent('2');
    expect(within(screen.getByTestId('panel-column-queue-2')).getByText('Nenhum atendimento.')).toBeInTheDocument();
    expect(within(screen.getByTestId('panel-column-no-queue')).getByTestId('panel-ticket-5')).toBeInTheDocument();

    await user.click(screen.getByTestId('panel-view-all'));
    await waitFor(() => expect(screen.queryByTestId('panel-column-queue-1')).not.toBeInTheDocument());
    expect(screen.getByTestId('panel-column-user-8')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path === '/tickets/panel').map((c) => c.query.get('showAll'))).toEqual(['true', 'false']);
  });

  it('resolves the selected tickets with a reason after a confirmation and shows what was done and what was refused, and why', async () => {
    const fake = api((body) => ({
      done: body.ticketIds.length - 1,
      refused: 1,
      results: body.ticketIds.map((ticketId) =>
        ticketId === 5 ? { ticketId, ok: false, error: 'ERR_NO_PERMISSION', message: 'x' } : { ticketId, ok: true },
      ),
    }));
    const { user } = renderWithApp(<TicketPanelPage />);
    await user.click(await screen.findByTestId('panel-column-select-queue-1'));
    await user.click(screen.getByTestId('panel-ticket-5'));
    expect(screen.getByTestId('panel-selected-count')).toHaveTextContent('Selecionados: 3');
    await user.click(screen.getByTestId('panel-resolve'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Resolver 3 atendimentos selecionados?');
    expect(dialog).toHaveTextContent('sem mensagem de despedida e sem pedir avaliação, de 10 em 10');
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(await within(dialog).findByTestId('panel-resolve-demand'));
    await user.click(await screen.findByRole('option', { name: 'Resolvido em massa', hidden: true }));
    await user.click(within(dialog).getByTestId('confirm-button'));
    const summary = await screen.findByTestId('panel-result');
    expect(within(summary).getByTestId('panel-result-summary')).toHaveTextContent('Resolvidos: 2 · Recusados: 1');
    expect(within(summary).getByTestId('panel-result-refused')).toHaveTextContent('#5 Gina — Você não tem permissão');
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ ticketIds: [3, 4, 5], action: 'resolve', demandId: 9 });
  });

  it('a transfer needs a queue or an agent; return to queue sends the selection', async () => {
    const fake = api((body) => ({
      done: body.ticketIds.length,
      refused: 0,
      results: body.ticketIds.map((ticketId) => ({ ticketId, ok: true })),
    }));
    const { user } = renderWithApp(<TicketPanelPage />);
    await user.click(await screen.findByTestId('panel-ticket-1'));
    await user.click(screen.getByTestId('panel-transfer'));
    const dialog = await screen.findByTestId('confirm-modal');
    await user.click(within(dialog).getByTestId('confirm-button'));
    expect(await within(dialog).findByTestId('panel-form-error')).toHaveTextContent('Escolha uma fila e/ou um atendente.');
    await user.click(within(dialog).getByTestId('panel-transfer-queue'));
    await user.click(await screen.findByRole('option', { name: 'Vendas', hidden: true }));
    await user.click(within(dialog).getByTestId('confirm-button'));
    expect(await screen.findByTestId('panel-result-summary')).toHaveTextContent('Transferidos: 1');
    await user.click(screen.getByTestId('panel-result-close'));
    await user.click(screen.getByTestId('panel-ticket-2'));
    await user.click(screen.getByTestId('panel-return'));
    await screen.findByText('Devolver 1 atendimento selecionado à fila, sem atendente?');
    await user.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByTestId('panel-result-summary')).toHaveTextContent('Devolvidos à fila: 1');
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { ticketIds: [1], action: 'transfer', queueId: 2 },
      { ticketIds: [2], action: 'return' },
    ]);
  });

  it('is live: a pushed ticket takes its new column, a resolved one leaves', async () => {
    api();
    const queryClient: QueryClient = testQueryClient();
    renderWithApp(<TicketPanelPage />, { queryClient });
    await screen.findByTestId('panel-ticket-3');
    act(() => applyTicketToPanel(queryClient, { ...TICKETS[2], status: 'open', userId: 8, username: 'Caio Lima' }));
    await waitFor(() => expect(within(screen.getByTestId('panel-column-user-8')).getByTestId('panel-ticket-3')).toBeInTheDocument());
    act(() => applyTicketToPanel(queryClient, { ...TICKETS[3], status: 'closed' }));
    await waitFor(() => expect(screen.queryByTestId('panel-ticket-4')).not.toBeInTheDocument());
    act(() => applyTicketToPanel(queryClient, buildTicket({ id: 40, status: 'pending', queueId: 2, contact: contact(40, 'Hugo') })));
    expect(await within(screen.getByTestId('panel-column-queue-2')).findByTestId('panel-ticket-40')).toBeInTheDocument();
    act(() => removeTicketFromPanel(queryClient, 40));
    await waitFor(() => expect(screen.queryByTestId('panel-ticket-40')).not.toBeInTheDocument());
  });

  it('works on a 390 px phone', async () => {
    setScreenSize(PHONE);
    api();
    renderWithApp(<TicketPanelPage />);
    expect(await screen.findByTestId('panel-column-user-7')).toBeVisible();
    expect(screen.getByTestId('panel-resolve')).toBeVisible();
  });
});
