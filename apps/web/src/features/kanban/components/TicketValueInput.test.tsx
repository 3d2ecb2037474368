import { ticketValueBodySchema } from '@conversa/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { buildTicket } from '../../tickets/test-support';
import { formatCurrency } from '../../../lib/format';
import { TicketValueInput } from './TicketValueInput';
import { watchNotices } from '../../../test/notices';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Valor do atendimento' });

describe("the chat header's value", () => {
  it('formats a value in reais the pt-BR way (Intl): R$ 1.234,56', () => {
    expect(formatCurrency(1234.56).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatCurrency(0).replace(/\s/g, ' ')).toBe('R$ 0,00');
    expect(formatCurrency(999_999_999.99).replace(/\s/g, ' ')).toBe('R$ 999.999.999,99');
  });

  it('shows the value as typed in Brazil and saves what is typed on leaving the field, with the body the API schema accepts', async () => {
    const notices = watchNotices();
    const ticket = buildTicket({ id: 40, value: 1234.5, status: 'open' });
    const api = fakeApi({ 'PUT /tickets/:id/value': ({ body }) => ({ body: { ...ticket, ...(body as object) } }) });
    const { user } = renderWithApp(<TicketValueInput ticket={ticket} />);
    expect(input().value).toBe('R$ 1.234,50');
    await user.clear(input());
    await user.type(input(), '2500,75');
    expect(input().value).toBe('R$ 2.500,75');
    fireEvent.blur(input());
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put).toMatchObject({ path: '/tickets/40/value', body: { value: 2500.75 } });
    expect(ticketValueBodySchema.safeParse(put.body).success).toBe(true);
    await notices.shown('Valor salvo.');
  });

  it('an emptied field clears the value; an unchanged one sends nothing; a third decimal cannot be typed', async () => {
    const ticket = buildTicket({ id: 41, value: 10, status: 'open' });
    const api = fakeApi({ 'PUT /tickets/:id/value': ({ body }) => ({ body: { ...ticket, ...(body as object) } }) });
    const { user } = renderWithApp(<TicketValueInput ticket={ticket} />);
    fireEvent.blur(input());
    await user.clear(input());
    await user.type(input(), '7,129');
    expect(input().value).toBe('R$ 7,12');
    await user.clear(input());
    fireEvent.blur(input());
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({ path: '/tickets/41/value', body: { value: null } });
  });

  it("puts the ticket's value back and says why when the server refuses", async () => {
    const ticket = buildTicket({ id: 42, value: 5, status: 'open' });
    fakeApi({ 'PUT /tickets/:id/value': () => ({ status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'No permission' } }) });
    const { user } = renderWithApp(<TicketValueInput ticket={ticket} />);
    await user.clear(input());
    await user.type(input(), '8');
    fireEvent.blur(input());
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeInTheDocument();
    await waitFor(() => expect(input().value).toBe('R$ 5,00'));
  });
});
