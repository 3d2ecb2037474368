import type { ListEvaluationsResponse } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { RatingsListPage } from './RatingsListPage';

const PAGE: ListEvaluationsResponse = {
  evaluations: [
    {
      id: 1,
      ticketId: 30,
      rating: 5,
      attempts: 1,
      userId: 2,
      username: 'Rita',
      queueId: 3,
      queueName: 'Vendas',
      contactName: 'Carla',
      ratedAt: '2026-02-01T12:00:00.000Z',
    },
    {
      id: 2,
      ticketId: 31,
      rating: 0,
      attempts: 2,
      userId: 4,
      username: 'Beto',
      queueId: null,
      queueName: null,
      contactName: 'Davi',
      ratedAt: '2026-02-01T11:00:00.000Z',
    },
  ],
  averages: [
    { userId: 2, username: 'Rita', average: 4.5, count: 2 },
    { userId: 4, username: 'Beto', average: 0, count: 1 },
  ],
  count: 2,
  hasMore: false,
};

afterEach(() => vi.unstubAllGlobals());

function api() {
  return fakeApi({
    'GET /evaluations': () => ({ body: PAGE }),
    'GET /users/': () => ({
      body: {
        users: [
          { id: 2, name: 'Rita' },
          { id: 4, name: 'Beto' },
        ],
        count: 2,
        hasMore: false,
      },
    }),
    'GET /queue': () => ({ body: [{ id: 3, name: 'Vendas', color: '#000000', greetingMessage: null, userIds: [] }] }),
  });
}

describe('/avaliacoes/listar', () => {
  it('shows each rating with its label (SPEC §9) and the average per agent', async () => {
    api();
    renderWithApp(<RatingsListPage />);
    const first = await screen.findByTestId('rating-1');
    expect(within(first).getByText('5 · Incrível')).toBeInTheDocument();
    expect(within(first).getByText('Vendas')).toBeInTheDocument();
    expect(within(screen.getByTestId('rating-2')).getByText('0 · Ruim')).toBeInTheDocument();
    expect(within(screen.getByTestId('ratings-average-2')).getByText('4,50')).toBeInTheDocument();
    expect(screen.getByText('Avaliações recebidas (2)')).toBeInTheDocument();
  });

  it('filters by days and agent through the query', async () => {
    const fake = api();
    const { user } = renderWithApp(<RatingsListPage />);
    await screen.findByTestId('rating-1');
    await user.type(screen.getByTestId('ratings-date-from'), '2026-01-01');
    await user.click(screen.getByTestId('ratings-agent'));
    await user.click(await screen.findByRole('option', { name: 'Beto', hidden: true }));
    await waitFor(() => {
      const last = fake.calls.filter((call) => call.path === '/evaluations').at(-1);
      expect(Object.fromEntries(last!.query)).toEqual({ dateFrom: '2026-01-01', userId: '4', pageNumber: '1' });
    });
  });
});
