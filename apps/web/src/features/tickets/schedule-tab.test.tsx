import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { applyScheduleEvent } from '../schedules/api';
import { applyTicketToCache } from './cache';
import { TicketListPanel } from './components/TicketListPanel';
import { buildTicket, later, layOutLists, ticketPage } from './test-support';

/** The ticket list's `schedule` tab (SPEC §4): tickets with a pending scheduled message, whatever their status. */

const ME = 7;
layOutLists();
afterEach(() => vi.unstubAllGlobals());

describe('the scheduled tab of the ticket list', () => {
  it('asks the server for status=schedule; a change of a listed ticket keeps it there; a schedule event reads the list again', async () => {
    signInAs('admin', { userId: ME });
    const waiting = buildTicket({ id: 4, status: 'open', userId: ME, name: 'Carla Agendada' });
    let scheduled = [waiting];
    const { calls } = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /tags': () => ({ body: [] }),
      'GET /tickets': ({ query }: ApiCall) => ({ body: ticketPage(query.get('status') === 'schedule' ? scheduled : []) }),
    });
    const { user, queryClient } = renderWithApp(<TicketListPanel selectedId={null} />);

    const tab = await screen.findByRole('tab', { name: 'Agendados' });
    await waitFor(() => expect(within(tab).getByTestId('tab-count-schedule')).toHaveTextContent('1'));
    await user.click(tab);
    const list = await screen.findByTestId('ticket-list-schedule');
    expect(await within(list).findByText('Carla Agendada')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/tickets' && c.query.get('status') === 'schedule')).toBe(true);

    // Its status is "open", not "schedule": the row is updated in place, not dropped.
    act(() => applyTicketToCache(queryClient, later(waiting, 5, { lastMessage: 'Mensagem nova' })));
    expect(await within(list).findByText('Mensagem nova')).toBeInTheDocument();

    // The message went out: the schedule's event reads the list again, which no longer has it.
    scheduled = [];
    act(() => applyScheduleEvent(queryClient, { action: 'update' } as never));
    await waitFor(() => expect(within(screen.getByTestId('ticket-list-schedule')).queryByText('Mensagem nova')).toBeNull());
  });

  it('on a phone (390 px) the four tabs fit: the scheduled one is an icon named for screen readers', async () => {
    setScreenSize(PHONE);
    signInAs('user', { userId: ME });
    fakeApi({ 'GET /queue': () => ({ body: [] }), 'GET /tags': () => ({ body: [] }), 'GET /tickets': () => ({ body: ticketPage([]) }) });
    renderWithApp(<TicketListPanel selectedId={null} />);
    const tab = await screen.findByRole('tab', { name: 'Agendados' });
    expect(tab).not.toHaveTextContent('Agendados');
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('data-testid'))).toEqual([
      'tab-open',
      'tab-pending',
      'tab-closed',
      'tab-schedule',
    ]);
  });
});
