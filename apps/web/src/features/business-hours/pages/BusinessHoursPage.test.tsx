import { updateAbsenceMessageBodySchema, updateBusinessHoursBodySchema, type BusinessHours } from '@conversa/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { errorOf } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { BusinessHoursPage } from './BusinessHoursPage';

const HOURS: BusinessHours = {
  businessHours: [0, 1, 2, 3, 4, 5, 6].map((day) =>
    day === 0 ? { day, type: 'C', intervals: [] } : { day, type: 'H', intervals: [{ start: '08:00', end: '12:00' }] },
  ),
  messageBusinessHours: 'Estamos fechados, {{name}}.',
  timeZone: 'America/Sao_Paulo',
};
const SETTINGS = [{ key: 'absenceMessageMaxRepeats', value: '2' }];

afterEach(() => vi.unstubAllGlobals());

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /tenants/business-hours/': () => ({ body: HOURS }),
    'GET /settings/': () => ({ body: SETTINGS }),
    'PUT /tenants/business-hours/': ({ body }) => ({ body: { ...HOURS, ...(body as object) } }),
    'PUT /tenants/message-business-hours/': ({ body }) => ({ body: { ...HOURS, ...(body as object) } }),
    'PUT /settings/:key': ({ body }) => ({ body: { key: 'absenceMessageMaxRepeats', ...(body as object) } }),
    ...overrides,
  });
}

const setTime = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

// A heavy screen (seven days, some 600 time zones): generous time on a loaded machine.
describe('/horario-atendimento', { timeout: 60_000 }, () => {
  it('shows the seven days with their type and intervals, the time zone, the absence message and its repeats', async () => {
    signInAs('admin');
    api();
    renderWithApp(<BusinessHoursPage />);
    expect(await screen.findByText('Domingo')).toBeVisible();
    expect(screen.getByText('Sábado')).toBeVisible();
    const sunday = screen.getByTestId('business-day-0');
    expect(within(sunday).queryByTestId('business-day-0-start-0')).not.toBeInTheDocument();
    expect(screen.getByTestId('business-day-1-start-0')).toHaveValue('08:00');
    expect(screen.getByTestId('business-day-1-end-0')).toHaveValue('12:00');
    expect(screen.getByTestId('business-time-zone')).toHaveValue('America/Sao_Paulo');
    expect(screen.getByTestId('absence-message-text')).toHaveValue('Estamos fechados, {{name}}.');
    await waitFor(() => expect(screen.getByTestId('absence-max-repeats')).toHaveValue('2'));
  });

  it('refuses overlapping intervals and an end before the start under the field, and sends nothing', async () => {
    signInAs('admin');
    const calls = api();
    renderWithApp(<BusinessHoursPage />);
    await screen.findByTestId('business-day-1-add');
    fireEvent.click(screen.getByTestId('business-day-1-add'));
    setTime('business-day-1-start-1', '11:00');
    setTime('business-day-1-end-1', '14:00');
    setTime('business-day-2-start-0', '18:00');
    setTime('business-day-2-end-0', '09:00');
    fireEvent.click(screen.getByTestId('business-week-save'));
    await waitFor(() =>
      expect(errorOf(screen.getByTestId('business-day-1-start-1'))).toBe('Este intervalo se sobrepõe a outro do mesmo dia.'),
    );
    expect(errorOf(screen.getByTestId('business-day-2-end-0'))).toBe('O horário final deve ser depois do inicial.');
    expect(calls.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    // The first interval removed: nothing overlaps any more, and the one left carries no error.
    fireEvent.click(screen.getByTestId('business-day-1-remove-0'));
    await waitFor(() => expect(screen.getByTestId('business-day-1-start-0')).toHaveValue('11:00'));
    expect(errorOf(screen.getByTestId('business-day-1-start-0'))).toBeFalsy();
    expect(errorOf(screen.getByTestId('business-day-2-end-0'))).toBe('O horário final deve ser depois do inicial.');
  });

  it('a day switched to hours starts with default intervals; a day with hours and none left is refused', async () => {
    signInAs('admin');
    const calls = api();
    renderWithApp(<BusinessHoursPage />);
    await screen.findByTestId('business-day-0-type');
    fireEvent.click(within(screen.getByTestId('business-day-0-type')).getByText('Horário'));
    expect(screen.getByTestId('business-day-0-start-0')).toHaveValue('08:00');
    expect(screen.getByTestId('business-day-0-end-1')).toHaveValue('18:00');
    fireEvent.click(screen.getByTestId('business-day-3-remove-0'));
    fireEvent.click(screen.getByTestId('business-week-save'));
    expect(await screen.findByTestId('business-day-3-error')).toHaveTextContent('Informe pelo menos um intervalo para este dia.');
    expect(calls.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the week (O and C without intervals) and the time zone with a body the server schema accepts', async () => {
    signInAs('admin');
    const calls = api();
    renderWithApp(<BusinessHoursPage />);
    await screen.findByTestId('business-day-6-type');
    fireEvent.click(within(screen.getByTestId('business-day-6-type')).getByText('Aberto'));
    fireEvent.click(screen.getByTestId('business-week-save'));
    await waitFor(() => expect(calls.calls.some((c) => c.method === 'PUT' && c.path === '/tenants/business-hours/')).toBe(true));
    const put = calls.calls.find((c) => c.path === '/tenants/business-hours/' && c.method === 'PUT')!;
    expect(updateBusinessHoursBodySchema.safeParse(put.body).success).toBe(true);
    const body = put.body as { businessHours: { day: number; type: string; intervals: unknown[] }[]; timeZone: string };
    expect(body.timeZone).toBe('America/Sao_Paulo');
    expect(body.businessHours[6]).toEqual({ day: 6, type: 'O', intervals: [] });
    expect(body.businessHours[1]).toEqual({ day: 1, type: 'H', intervals: [{ start: '08:00', end: '12:00' }] });
  });

  it('the absence message: unknown variables are refused before sending; a valid one is saved; the repeats are saved at once', async () => {
    signInAs('admin');
    const calls = api();
    renderWithApp(<BusinessHoursPage />);
    const text = await screen.findByTestId('absence-message-text');
    fireEvent.change(text, { target: { value: 'Oi {{nome}}' } });
    fireEvent.click(screen.getByTestId('absence-message-save'));
    await waitFor(() => expect(errorOf(text)).toBe('Há uma variável desconhecida. Use apenas as variáveis da lista.'));
    expect(calls.calls.filter((c) => c.path === '/tenants/message-business-hours/')).toEqual([]);

    fireEvent.change(text, { target: { value: '{{greeting}}, ' } });
    fireEvent.click(screen.getByTestId('absence-message-text-variables'));
    fireEvent.click(await screen.findByTestId('absence-message-text-variables-name'));
    expect(text).toHaveValue('{{greeting}}, {{name}}');
    fireEvent.click(screen.getByTestId('absence-message-save'));
    await waitFor(() => expect(calls.calls.some((c) => c.path === '/tenants/message-business-hours/')).toBe(true));
    const put = calls.calls.find((c) => c.path === '/tenants/message-business-hours/')!;
    expect(updateAbsenceMessageBodySchema.safeParse(put.body).success).toBe(true);
    expect(put.body).toEqual({ messageBusinessHours: '{{greeting}}, {{name}}' });

    await waitFor(() => expect(screen.getByTestId('absence-max-repeats')).toBeEnabled());
    fireEvent.change(screen.getByTestId('absence-max-repeats'), { target: { value: '3' } });
    await waitFor(() => expect(calls.calls.some((c) => c.path === '/settings/absenceMessageMaxRepeats')).toBe(true));
    expect(calls.calls.find((c) => c.path === '/settings/absenceMessageMaxRepeats')?.body).toEqual({ value: '3' });
  });

  it('a supervisor edits the week but neither the time zone (not sent) nor the repeats', async () => {
    signInAs('super');
    const calls = api();
    renderWithApp(<BusinessHoursPage />);
    await screen.findByTestId('business-week-save');
    expect(screen.getByTestId('business-time-zone')).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('absence-max-repeats')).toHaveValue('2'));
    expect(screen.getByTestId('absence-max-repeats')).toBeDisabled();
    fireEvent.click(screen.getByTestId('business-week-save'));
    await waitFor(() => expect(calls.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.calls.find((c) => c.method === 'PUT')?.body).not.toHaveProperty('timeZone');
  });
});
