import { createLaneBodySchema, type Lane } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { PHONE, setScreenSize } from '../../../test/media';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { TicketListPanel } from '../../tickets/components/TicketListPanel';
import { ticketPage } from '../../tickets/test-support';
import { LanesPage } from './LanesPage';

const lane = (id: number, name: string, position: number, ticketCount = 0): Lane => ({
  id,
  name,
  color: '#868e96',
  position,
  ticketCount,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
});

const LANES = [lane(1, 'Prospecção', 0, 3), lane(2, 'Proposta', 1), lane(3, 'Fechado', 2)];
const names = () => screen.getAllByTestId(/^lane-\d+$/).map((row) => within(row).getByText(/./, { selector: 'p' }).textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/lanes: the kanban lanes', () => {
  it('lists the lanes in board order with their ticket counts; the first cannot go up nor the last down', async () => {
    fakeApi({ 'GET /lanes': () => ({ body: LANES }) });
    renderWithApp(<LanesPage />);
    const first = await screen.findByTestId('lane-1');
    expect(names()).toEqual(['Prospecção', 'Proposta', 'Fechado']);
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(screen.getByTestId('lane-up-1')).toBeDisabled();
    expect(screen.getByTestId('lane-down-3')).toBeDisabled();
    expect(screen.getByTestId('lane-down-1')).toBeEnabled();
  });

  it('moves a lane with the keyboard: the new order the server answers is shown', async () => {
    const api = fakeApi({
      'GET /lanes': () => ({ body: LANES }),
      'PUT /lanes/:id/position': () => ({ body: [lane(2, 'Proposta', 0), lane(1, 'Prospecção', 1, 3), lane(3, 'Fechado', 2)] }),
    });
    const { user } = renderWithApp(<LanesPage />);
    const up = await screen.findByRole('button', { name: 'Subir “Proposta”' });
    up.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(['Proposta', 'Prospecção', 'Fechado']));
    expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/lanes/2/position', body: { position: 0 } });
  });

  it("creates a lane with the body the server schema accepts; an empty name is refused before sending; a duplicate shows the server's reason", async () => {
    let posts = 0;
    const api = fakeApi({
      'GET /lanes': () => ({ body: LANES }),
      'POST /lanes': ({ body }) =>
        ++posts === 1
          ? {
              status: 409,
              body: {
                error: 'ERR_DUPLICATED_LANE',
                message: 'A kanban lane with this name already exists.',
                fields: { name: ['Already used'] },
              },
            }
          : { status: 201, body: { ...lane(9, 'Pós-venda', 3), ...(body as object) } },
    });
    const { user } = renderWithApp(<LanesPage />);
    await user.click(await screen.findByTestId('lane-new'));
    await user.click(screen.getByTestId('lane-save'));
    await expectFieldError('Nome', 'Este campo é obrigatório.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(field('Nome'), '  Proposta ');
    await user.click(screen.getByTestId('lane-save'));
    expect(await screen.findByTestId('lane-form-error')).toHaveTextContent('Já existe uma coluna do kanban com este nome.');

    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'Pós-venda');
    await user.click(screen.getByTestId('lane-save'));
    await waitFor(() => expect(screen.queryByTestId('lane-modal')).not.toBeInTheDocument());
    const post = api.calls.filter((call) => call.method === 'POST').at(-1);
    expect(post?.body).toEqual({ name: 'Pós-venda', color: '#868e96' });
    expect(createLaneBodySchema.safeParse(post?.body).success).toBe(true);
  });

  it('edits a lane, and deleting one in use says how many tickets leave it before deleting', async () => {
    const api = fakeApi({
      'GET /lanes': () => ({ body: LANES }),
      'PUT /lanes/:id': ({ body }) => ({ body: { ...LANES[1], ...(body as object) } }),
      'DELETE /lanes/:id': () => ({ body: { detachedTickets: 3 } }),
    });
    const { user } = renderWithApp(<LanesPage />);
    await user.click(await screen.findByTestId('lane-edit-2'));
    expect(field('Nome')).toHaveValue('Proposta');
    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'Proposta enviada');
    await user.click(screen.getByTestId('lane-save'));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/lanes/2', body: { name: 'Proposta enviada' } }),
    );

    await user.click(screen.getByTestId('lane-delete-1'));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir coluna do kanban' });
    expect(dialog).toHaveTextContent('A coluna “Prospecção” tem 3 atendimentos');
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'DELETE')?.path).toBe('/lanes/1'));
  });

  it('counts the tickets as they are when deleting is asked (they move on the board meanwhile), not as first listed', async () => {
    let proposals = 0;
    fakeApi({ 'GET /lanes': () => ({ body: [lane(1, 'Prospecção', 0, 3), lane(2, 'Proposta', 1, proposals)] }) });
    const { user } = renderWithApp(<LanesPage />);
    expect(within(await screen.findByTestId('lane-2')).getByText('0')).toBeInTheDocument();
    proposals = 2;
    await user.click(screen.getByTestId('lane-delete-2'));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir coluna do kanban' });
    await waitFor(() => expect(dialog).toHaveTextContent('A coluna “Proposta” tem 2 atendimentos'));
  });

  it('on a phone (390 px) each lane is a card with its move buttons', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /lanes': () => ({ body: LANES }) });
    renderWithApp(<LanesPage />);
    expect(await screen.findByTestId('lane-table')).toHaveAttribute('data-layout', 'cards');
    const card = await screen.findByTestId('lane-2');
    expect(within(card).getByRole('button', { name: 'Subir “Proposta”' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Descer “Proposta”' })).toBeEnabled();
  });
});

describe('the ticket list filtered by kanban lanes', () => {
  it('asks for tickets in the chosen lanes and keeps them as the kanbanFiltro preference', async () => {
    signInAs('admin', { userId: 9 });
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /tags': () => ({ body: [] }),
      'GET /lanes': () => ({ body: LANES }),
      'GET /tickets': () => ({ body: ticketPage([]) }),
    });
    localStorage.setItem('ticketTab:9', JSON.stringify('open'));
    const { user } = renderWithApp(<TicketListPanel selectedId={null} />);
    await user.click(await screen.findByTestId('tickets-filters'));
    await user.click(await screen.findByTestId('tickets-filter-lanes'));
    await user.click(await screen.findByRole('option', { name: 'Proposta', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'Prospecção', hidden: true }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/tickets' && c.query.get('laneIds') === '1,2')).toBe(true));
    expect((JSON.parse(localStorage.getItem('ticketListFilters:9') ?? '{}') as { kanbanFiltro?: number[] }).kanbanFiltro).toEqual([2, 1]);
    localStorage.clear();
  });

  it('a lane deleted since it was chosen as a filter filters nothing out (the tabs would stay empty)', async () => {
    signInAs('admin', { userId: 9 });
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /lanes': () => ({ body: LANES }),
      'GET /tickets': () => ({ body: ticketPage([]) }),
    });
    localStorage.setItem('ticketTab:9', JSON.stringify('open'));
    localStorage.setItem(
      'ticketListFilters:9',
      JSON.stringify({ queuesIds: [], showAll: null, withUnreadMessages: false, tagFiltro: [], kanbanFiltro: [2, 4] }),
    );
    renderWithApp(<TicketListPanel selectedId={null} />);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/tickets' && c.query.get('laneIds') === '2')).toBe(true));
    localStorage.clear();
  });
});
