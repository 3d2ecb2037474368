import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { buildTicket } from '../test-support';
import { TicketRow } from './TicketRow';

describe('a row of the ticket list', () => {
  it("shows the ticket's kanban lane subtly, and nothing without one", () => {
    const inLane = buildTicket({ id: 51, kanban: { id: 3, name: 'Negociação' } });
    const outside = buildTicket({ id: 52 });
    renderWithApp(
      <>
        <TicketRow ticket={inLane} selected={false} />
        <TicketRow ticket={outside} selected={false} />
      </>,
    );
    expect(screen.getByTestId('ticket-lane-51')).toHaveTextContent('Kanban: Negociação');
    expect(screen.queryByTestId('ticket-lane-52')).not.toBeInTheDocument();
  });
});
