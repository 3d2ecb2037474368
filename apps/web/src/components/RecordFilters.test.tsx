import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { RecordFilterBar, RecordPager, useRecordFilters } from './RecordFilters';

function Probe({ hasMore }: { hasMore: boolean }) {
  const state = useRecordFilters({ searchParam: '', dateFrom: '', dateTo: '' });
  return (
    <>
      <RecordFilterBar testId="probe" searchLabel="Buscar" state={state} total={41} cols={{ base: 1, sm: 3 }} />
      <RecordPager testId="probe" page={state.pageNumber} hasMore={hasMore} onChange={state.setPageNumber} />
      <output data-testid="probe-query">{JSON.stringify(state.query)}</output>
    </>
  );
}

const query = () => JSON.parse(screen.getByTestId('probe-query').textContent ?? '{}') as Record<string, unknown>;

describe('RecordFilterBar, RecordPager and useRecordFilters', () => {
  it('a range ending before it starts is shown as such and its end is not sent; any change goes back to page 1', async () => {
    const { user } = renderWithApp(<Probe hasMore />);
    expect(screen.getByTestId('probe-total')).toHaveTextContent('Total: 41');
    await user.click(screen.getByTestId('probe-next'));
    expect(query()).toMatchObject({ pageNumber: 2 });

    fireEvent.change(screen.getByTestId('probe-date-from'), { target: { value: '2026-01-10' } });
    expect(query()).toMatchObject({ pageNumber: 1, dateFrom: '2026-01-10' });
    fireEvent.change(screen.getByTestId('probe-date-to'), { target: { value: '2026-01-05' } });
    expect(await screen.findByText('A data final não pode ser antes da inicial.')).toBeTruthy();
    expect(query().dateTo).toBeUndefined();
    fireEvent.change(screen.getByTestId('probe-date-to'), { target: { value: '2026-01-12' } });
    expect(query()).toMatchObject({ dateFrom: '2026-01-10', dateTo: '2026-01-12' });
  });

  it('has no pager on a single page', () => {
    renderWithApp(<Probe hasMore={false} />);
    expect(screen.queryByTestId('probe-next')).toBeNull();
  });
});
