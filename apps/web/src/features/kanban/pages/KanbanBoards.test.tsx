import type { KanbanPage, Lane, Tag, Ticket } from '@conversa/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../../test/fetch';
import { PHONE, setScreenSize } from '../../../test/media';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { buildTicket } from '../../tickets/test-support';
import { applyTicketToCache } from '../../tickets/cache';
import { applyLanesEvent } from '../board-cache';
import { LanesBoardPage } from './LanesBoardPage';
import { TagsBoardPage } from './TagsBoardPage';

const lane = (id: number, name: string, position: number): Lane => ({
  id,
  name,
  color: '#228be6',
  position,
  ticketCount: 0,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
});
const LANES = [lane(1, 'Prospecção', 0), lane(2, 'Proposta', 1)];
const page = (tickets: Ticket[], count = tickets.length, hasMore = false): KanbanPage => ({ tickets, count, hasMore });

const ana = buildTicket({
  id: 11,
  name: 'Ana Lima',
  kanban: { id: 1, name: 'Prospecção' },
  lanePosition: 1024,
  value: 1234.56,
  username: 'Bruno',
  status: 'open',
  userId: 3,
});
const caio = buildTicket({
  id: 12,
  name: 'Caio Reis',
  kanban: { id: 1, name: 'Prospecção' },
  lanePosition: 2048,
  value: 100,
  lastMessage: 'Quero um orçamento',
});
const duda = buildTicket({ id: 13, name: 'Duda Melo', kanban: null, value: null });
const text = (value: string | null | undefined) => (value ?? '').replace(/\s/g, ' ');

function boardApi(extra: Record<string, (call: ApiCall) => { status?: number; body: unknown } | undefined> = {}) {
  return fakeApi({
    'GET /lanes': () => ({ body: LANES }),
    'GET /queue': () => ({ body: [] }),
    'GET /kanban/summary': () => ({
      body: {
        columns: [
          { laneId: 1, count: 2, value: 1334.56 },
          { laneId: null, count: 1, value: 0 },
        ],
      },
    }),
    'GET /kanban/tickets': ({ query }) => {
      const laneId = query.get('laneId');
      if (laneId === '1') return { body: page([ana, caio]) };
      if (laneId === '2') return { body: page([]) };
      return { body: page([duda]) };
    },
    ...extra,
  });
}

const column = (key: string) => screen.getByTestId(`kanban-column-${key}`);
const cardNames = (key: string) =>
  within(column(key))
    .queryAllByTestId('kanban-card-name')
    .map((n) => n.textContent);

beforeEach(() => signInAs('user', { userId: 3 }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/kanban/kanbans: the lanes board', () => {
  it('shows the column without a lane then the lanes in order, their cards, and each header the count and pt-BR sum the server computed', async () => {
    boardApi();
    renderWithApp(<LanesBoardPage />);
    await waitFor(() => expect(cardNames('1')).toEqual(['Ana Lima', 'Caio Reis']));
    expect(screen.getAllByTestId('kanban-column-title').map((n) => n.textContent)).toEqual(['Sem coluna', 'Prospecção', 'Proposta']);
    expect(cardNames('none')).toEqual(['Duda Melo']);
    expect(within(column('1')).getByTestId('kanban-column-count')).toHaveTextContent('2');
    expect(text(within(column('1')).getByTestId('kanban-column-sum').textContent)).toBe('R$ 1.334,56');
    expect(text(within(column('2')).getByTestId('kanban-column-sum').textContent)).toBe('R$ 0,00');
    const card = screen.getByTestId('kanban-card-11');
    expect(text(within(card).getByTestId('kanban-card-value').textContent)).toBe('R$ 1.234,56');
    expect(within(card).getByText('Bruno')).toBeInTheDocument();
    expect(within(screen.getByTestId('kanban-card-12')).getByText('Quero um orçamento')).toBeInTheDocument();
    expect(within(screen.getByTestId('kanban-card-12')).getByText('Sem atendente')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ana Lima' })).toHaveAttribute('href', '/atendimento/11');
  });

  it('moves a card with its menu: shown in the new column at once, sent as the API body', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const api = boardApi({
      'PUT /tickets/:id/lane': ({ body }) => {
        void answered;
        return { body: { ...caio, kanban: { id: 2, name: 'Proposta' }, lanePosition: 1024, ...(body as object) } };
      },
    });
    const { user } = renderWithApp(<LanesBoardPage />);
    await user.click(await screen.findByTestId('kanban-card-menu-12'));
    await user.click(await screen.findByTestId('kanban-move-to-2'));
    await waitFor(() => expect(cardNames('2')).toEqual(['Caio Reis']));
    expect(cardNames('1')).toEqual(['Ana Lima']);
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/tickets/12/lane', body: { laneId: 2 } });
    release();
  });

  it('puts the card back where it was when the server refuses the move', async () => {
    boardApi({ 'PUT /tickets/:id/lane': () => ({ status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'No permission' } }) });
    const { user } = renderWithApp(<LanesBoardPage />);
    await user.click(await screen.findByTestId('kanban-card-menu-11'));
    await user.click(await screen.findByTestId('kanban-move-to-none'));
    await waitFor(() => expect(cardNames('1')).toEqual(['Ana Lima', 'Caio Reis']));
    expect(cardNames('none')).toEqual(['Duda Melo']);
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeInTheDocument();
  });

  it('moves a card with the keyboard (space, arrow, space): the API gets the lane and the neighbour, the move is announced', async () => {
    // jsdom lays nothing out: the columns side by side, the cards one under the other.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function layout(this: HTMLElement): DOMRect {
      // The drag overlay's card is where the dragged card is.
      const overlay = this.closest('[data-ticket-id]');
      const inBoard = overlay?.closest('[role="region"]');
      if (overlay && !inBoard) {
        const original = document.querySelector<HTMLElement>(
          `[role="region"] [data-ticket-id="${overlay.getAttribute('data-ticket-id')}"]`,
        );
        if (original) return layout.call(original);
      }
      const columnEl = this.closest('[data-testid^="kanban-column-"][role="region"]');
      const columns = [...document.querySelectorAll('[data-testid^="kanban-column-"][role="region"]')];
      const x = columns.indexOf(columnEl as Element) * 300;
      const rect = (left: number, top: number, width: number, height: number) =>
        ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
      if (!columnEl) return rect(0, 0, 0, 0);
      const card = this.closest('[data-ticket-id]');
      if (card) {
        const cards = [...columnEl.querySelectorAll('[data-ticket-id]')];
        return rect(x + 10, 100 + cards.indexOf(card) * 90, 260, 80);
      }
      if (this.dataset.testid?.startsWith('kanban-column-body-')) return rect(x + 5, 90, 270, 600);
      return rect(x, 0, 280, 700);
    });
    const api = boardApi({
      'PUT /tickets/:id/lane': () => ({ body: { ...duda, kanban: { id: 1, name: 'Prospecção' }, lanePosition: 0 } }),
    });
    const { user } = renderWithApp(<LanesBoardPage />);
    await waitFor(() => expect(cardNames('1')).toHaveLength(2));
    const handle = screen.getByRole('button', { name: 'Arrastar o atendimento de Duda Melo' });
    handle.focus();
    await user.keyboard(' ');
    const live = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
    await waitFor(() => expect(live()).toBe('Atendimento de Duda Melo em Sem coluna, posição 1.'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(live()).toMatch(/^Atendimento de Duda Melo em Prospecção/));
    await user.keyboard(' ');
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/tickets/13/lane');
    expect(put.body).toMatchObject({ laneId: 1 });
    expect(Object.keys(put.body as object).some((k) => k === 'beforeTicketId' || k === 'afterTicketId')).toBe(true);
    await waitFor(() => expect(live()).toMatch(/^Atendimento de Duda Melo movido para Prospecção/));
    await waitFor(() => expect(cardNames('1')).toContain('Duda Melo'));
  });

  it('follows the live updates: a ticket moved by someone else changes column; a renamed lane shows its new name; the sums are asked again', async () => {
    const api = boardApi();
    const { queryClient } = renderWithApp(<LanesBoardPage />);
    await waitFor(() => expect(cardNames('1')).toEqual(['Ana Lima', 'Caio Reis']));
    const summaries = () => api.calls.filter((c) => c.path === '/kanban/summary').length;
    const before = summaries();
    act(() => applyTicketToCache(queryClient, { ...ana, kanban: { id: 2, name: 'Proposta' }, lanePosition: 500, value: 99 }));
    await waitFor(() => expect(cardNames('2')).toEqual(['Ana Lima']));
    expect(cardNames('1')).toEqual(['Caio Reis']);
    await waitFor(() => expect(summaries()).toBeGreaterThan(before));
    act(() => applyLanesEvent(queryClient, [lane(2, 'Negociação', 0), lane(1, 'Prospecção', 1)]));
    await waitFor(() =>
      expect(screen.getAllByTestId('kanban-column-title').map((n) => n.textContent)).toEqual(['Sem coluna', 'Negociação', 'Prospecção']),
    );
  });

  it('loads a long lane 50 cards at a time ("Carregar mais")', async () => {
    const many = Array.from({ length: 50 }, (_, i) =>
      buildTicket({ id: 200 + i, name: `Cliente ${i}`, kanban: { id: 1, name: 'Prospecção' }, lanePosition: i }),
    );
    const api = boardApi({
      'GET /kanban/tickets': ({ query }) =>
        query.get('laneId') === '1'
          ? {
              body:
                query.get('pageNumber') === '2'
                  ? page([buildTicket({ id: 300, name: 'Último', kanban: { id: 1, name: 'Prospecção' }, lanePosition: 99 })], 51)
                  : page(many, 51, true),
            }
          : { body: page([]) },
    });
    const { user } = renderWithApp(<LanesBoardPage />);
    await waitFor(() => expect(cardNames('1')).toHaveLength(50));
    await user.click(screen.getByTestId('kanban-load-more-1'));
    await waitFor(() => expect(cardNames('1')).toHaveLength(51));
    expect(cardNames('1').at(-1)).toBe('Último');
    expect(api.calls.some((c) => c.path === '/kanban/tickets' && c.query.get('pageNumber') === '2')).toBe(true);
    expect(screen.queryByTestId('kanban-load-more-1')).toBeNull();
  });

  it('fits a phone: the columns scroll sideways', async () => {
    setScreenSize(PHONE);
    boardApi();
    renderWithApp(<LanesBoardPage />);
    await waitFor(() => expect(cardNames('1')).toHaveLength(2));
    expect(column('1')).toHaveStyle({ width: '280px' });
    expect(screen.getByTestId('kanban-scroll')).toBeInTheDocument();
  });
});

describe('/kanban/tags: the tags board', () => {
  const tag = (id: number, name: string): Tag => ({
    id,
    name,
    color: '#fa5252',
    isActive: true,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
  });

  it('one column per active tag with the open and pending tickets carrying it', async () => {
    const vip = { id: 5, name: 'VIP', color: '#fa5252' };
    const api = fakeApi({
      'GET /tags': () => ({ body: [tag(5, 'VIP'), tag(6, 'Atrasado')] }),
      'GET /lanes': () => ({ body: LANES }),
      'GET /tickets': ({ query }) => ({ body: query.get('tagIds') === '5' ? page([{ ...ana, tags: [vip] }]) : page([]) }),
    });
    renderWithApp(<TagsBoardPage />);
    await waitFor(() => expect(cardNames('tag-5')).toEqual(['Ana Lima']));
    expect(cardNames('tag-6')).toEqual([]);
    expect(screen.getAllByTestId('kanban-column-title').map((n) => n.textContent)).toEqual(['VIP', 'Atrasado']);
    const call = api.calls.find((c) => c.path === '/tickets' && c.query.get('tagIds') === '5')!;
    expect(call.query.get('status')).toBe('open,pending');
    expect(call.query.get('count')).toBe('50');
    expect(api.calls.find((c) => c.path === '/tags')?.query.get('activeOnly')).toBe('true');
  });
});
