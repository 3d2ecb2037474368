import { createScheduleBodySchema, type ScheduledMessage } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toDateTimeText, parseDateTime } from '../../lib/date-time';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { errorOf, expectFieldError } from '../../test/form';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { ScheduleDialog } from './components/ScheduleDialog';
import { SchedulesPage } from './pages/SchedulesPage';

const stamp = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };

function scheduled(overrides: Partial<ScheduledMessage> = {}): ScheduledMessage {
  return {
    id: 1,
    status: 'pending',
    body: 'Olá {{firstName}}, sua consulta é amanhã',
    mediaName: null,
    mediaType: null,
    scheduleDate: '2030-03-10T15:00:00.000Z',
    recurrence: 0,
    occurrence: 1,
    sentCount: 0,
    lastSentAt: null,
    lastMessageStatus: null,
    error: null,
    contact: { id: 3, name: 'Ana Lima', number: '5511988887777' },
    channel: { id: 2, name: 'WhatsApp' },
    ticketId: 12,
    createdBy: { id: 7, name: 'Beto Agente' },
    ...stamp,
    ...overrides,
  };
}
const list = (items: ScheduledMessage[]) => ({ body: { scheduledMessages: items, count: items.length, hasMore: false } });
const MINUTE = 60_000;

beforeEach(() => signInAs('user', { userId: 7 }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the message-scheduling dialog', () => {
  it('schedules the composer’s text for the ticket: quick choices fill the dd/MM/yyyy HH:mm field, recurrence and text are sent', async () => {
    const api = fakeApi({
      'POST /messagesSchedule/': ({ body }: ApiCall) => ({ status: 201, body: scheduled({ id: 9, ...(body as object) }) }),
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <ScheduleDialog ticketId={12} contactName="Ana Lima" initialBody="Lembrete" onClose={onClose} onSaved={onSaved} />,
    );
    expect(await screen.findByTestId('schedule-contact')).toHaveTextContent('Para Ana Lima');
    expect(screen.getByTestId('schedule-body')).toHaveValue('Lembrete');
    expect(screen.getByText('Em 30 minutos')).toBeInTheDocument();
    expect(screen.getByText('Próxima semana')).toBeInTheDocument();

    const before = Date.now();
    await user.click(screen.getByTestId('schedule-quick-tomorrow'));
    const typed = screen.getByTestId<HTMLInputElement>('schedule-date').value;
    expect(typed).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const chosen = new Date(parseDateTime(typed)!).getTime();
    expect(chosen).toBeGreaterThan(before + 24 * 60 * MINUTE - 2 * MINUTE);
    expect(chosen).toBeLessThan(before + 24 * 60 * MINUTE + MINUTE);

    await user.click(screen.getByTestId('schedule-recurrence'));
    await user.click(await screen.findByRole('option', { name: 'A cada 15 dias', hidden: true }));
    // The template-variable picker inserts {{firstName}} at the caret (the end of the text).
    await user.type(screen.getByTestId('schedule-body'), ', ');
    await user.click(screen.getByTestId('schedule-body-variables'));
    await user.click(await screen.findByTestId('schedule-body-variables-firstName'));
    await waitFor(() => expect(screen.getByTestId('schedule-body')).toHaveValue('Lembrete, {{firstName}}'));
    await user.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = api.calls.find((c) => c.method === 'POST')!.body;
    expect(body).toEqual({ scheduleDate: parseDateTime(typed), recurrence: 15, body: 'Lembrete, {{firstName}}', ticketId: 12 });
    expect(createScheduleBodySchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
  });

  it("refuses a date in the past ('Data inválida') and an impossible one before sending, and shows the server's refusal", async () => {
    const api = fakeApi({
      'POST /messagesSchedule/': () => ({
        status: 400,
        body: {
          error: 'ERR_INVALID_DATE',
          message: 'Invalid date',
          fields: { scheduleDate: ['Invalid date'] },
          issues: { scheduleDate: [{ code: 'ERR_INVALID_DATE' }] },
        },
      }),
    });
    const { user } = renderWithApp(<ScheduleDialog ticketId={12} onClose={() => undefined} />);
    const date = await screen.findByTestId('schedule-date');
    await user.clear(date);
    await user.type(date, toDateTimeText(new Date(Date.now() - 60 * MINUTE)).replace(/\D/g, ''));
    await user.type(screen.getByTestId('schedule-body'), 'Oi');
    await user.click(screen.getByTestId('schedule-save'));
    await expectFieldError('Data e hora', 'Data inválida: informe uma data e hora a partir de agora.');
    await user.clear(date);
    await user.type(date, '310220301000');
    await user.click(screen.getByTestId('schedule-save'));
    await expectFieldError('Data e hora', 'Data inválida: informe uma data e hora a partir de agora.');
    expect(api.calls).toEqual([]);

    // The server still has the last word (e.g. the clock moved on): its code is shown.
    await user.clear(date);
    await user.click(screen.getByTestId('schedule-quick-in30Minutes'));
    await user.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByTestId('schedule-form-error')).toHaveTextContent('Data inválida');
  });

  it('needs a text or a file; a file alone is sent as multipart with the fields', async () => {
    const api = fakeApi({ 'POST /messagesSchedule/': () => ({ status: 201, body: scheduled({ id: 5, mediaName: 'boleto.pdf' }) }) });
    const { user } = renderWithApp(<ScheduleDialog ticketId={12} onClose={() => undefined} />);
    await user.click(await screen.findByTestId('schedule-save'));
    await expectFieldError('Mensagem', 'Escreva a mensagem ou escolha um arquivo.');
    expect(api.calls).toEqual([]);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'boleto.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    const form = api.calls[0].body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('ticketId')).toBe('12');
    expect(form.get('recurrence')).toBe('0');
    expect((form.get('medias') as File).name).toBe('boleto.pdf');
  });
});

describe('editing a schedule’s file', () => {
  const withFile = scheduled({ id: 4, body: '', mediaName: 'boleto.pdf', mediaType: 'document' });

  it('takes the file off (the text is then required) and sends removeMedia', async () => {
    const api = fakeApi({ 'PUT /messagesSchedule/:id': ({ body }: ApiCall) => ({ body: scheduled({ id: 4, ...(body as object) }) }) });
    const { user } = renderWithApp(<ScheduleDialog schedule={withFile} onClose={() => undefined} />);
    expect(await screen.findByTestId('schedule-current-file')).toHaveTextContent('boleto.pdf');
    await user.click(screen.getByTestId('schedule-remove-file'));
    // Undo is at hand; then off again.
    await user.click(screen.getByTestId('schedule-keep-file'));
    await user.click(screen.getByTestId('schedule-remove-file'));
    await user.click(screen.getByTestId('schedule-save'));
    await expectFieldError('Mensagem', 'Escreva a mensagem ou escolha um arquivo.');
    expect(api.calls).toEqual([]);
    await user.type(screen.getByTestId('schedule-body'), 'Só o texto agora');
    await user.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({ method: 'PUT', path: '/messagesSchedule/4' });
    expect(api.calls[0].body).toEqual({
      scheduleDate: withFile.scheduleDate,
      recurrence: 0,
      body: 'Só o texto agora',
      removeMedia: true,
    });
  });

  it('replaces the file: the edit is sent as multipart with the fields and the new file', async () => {
    const api = fakeApi({ 'PUT /messagesSchedule/:id': () => ({ body: scheduled({ id: 4, mediaName: 'novo.pdf' }) }) });
    const { user } = renderWithApp(<ScheduleDialog schedule={withFile} onClose={() => undefined} />);
    await screen.findByTestId('schedule-current-file');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'novo.pdf', { type: 'application/pdf' }));
    // The old file is no longer shown: the new one replaces it.
    expect(screen.queryByTestId('schedule-current-file')).toBeNull();
    await user.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({ method: 'PUT', path: '/messagesSchedule/4' });
    const form = api.calls[0].body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('scheduleDate')).toBe(withFile.scheduleDate);
    expect(form.get('removeMedia')).toBeNull();
    expect((form.get('medias') as File).name).toBe('novo.pdf');
  });
});

describe('/agendamentos', () => {
  it('lists the schedules with status, recurrence and contact; the status filter is sent as the query', async () => {
    const api = fakeApi({
      'GET /scheduleMessages/': () =>
        list([
          scheduled(),
          scheduled({
            id: 2,
            status: 'failed',
            recurrence: 30,
            error: 'ERR_SENDING_WAPP_MSG',
            sentCount: 1,
            contact: { id: 4, name: 'Bruno Dias', number: null },
          }),
        ]),
    });
    const { user } = renderWithApp(<SchedulesPage />);
    expect(await screen.findByTestId('schedule-row-status-1')).toHaveTextContent('Pendente');
    const failed = screen.getByTestId('schedule-row-2');
    expect(failed).toHaveTextContent('Falhou');
    expect(failed).toHaveTextContent('A cada 30 dias');
    expect(failed).toHaveTextContent('Bruno Dias · WhatsApp');
    expect(failed).toHaveTextContent('Enviada 1 vez');
    expect(screen.getByTestId('schedules-total')).toHaveTextContent('2 agendamentos');
    // Pending only at first; only pending ones can be edited or canceled.
    expect(api.calls.find((c) => c.path === '/scheduleMessages/')?.query.get('status')).toBe('pending');
    expect(screen.getByTestId('schedule-edit-1')).toBeInTheDocument();
    expect(screen.queryByTestId('schedule-cancel-2')).toBeNull();
    await user.click(screen.getByTestId('schedules-filter-failed'));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path === '/scheduleMessages/')
          .at(-1)
          ?.query.get('status'),
      ).toBe('pending,failed'),
    );
  });

  it('cancels after a confirmation, and edits a pending one in the dialog', async () => {
    const api = fakeApi({
      'GET /scheduleMessages/': () => list([scheduled()]),
      'PUT /messagesSchedule/:id/cancel': () => ({ body: scheduled({ status: 'canceled' }) }),
      'PUT /messagesSchedule/:id': ({ body }: ApiCall) => ({ body: scheduled(body as object) }),
    });
    const { user } = renderWithApp(<SchedulesPage />);
    await user.click(await screen.findByTestId('schedule-cancel-1'));
    expect(await screen.findByText('A mensagem para Ana Lima não será enviada (nem repetida). Deseja cancelar?')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.path).toBe('/messagesSchedule/1/cancel'));

    await user.click(screen.getByTestId('schedule-edit-1'));
    const dialog = await screen.findByTestId('schedule-dialog');
    expect(within(dialog).getByTestId('schedule-date')).toHaveValue(toDateTimeText('2030-03-10T15:00:00.000Z'));
    await user.clear(within(dialog).getByTestId('schedule-body'));
    await user.type(within(dialog).getByTestId('schedule-body'), 'Texto novo');
    await user.click(within(dialog).getByTestId('schedule-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/messagesSchedule/1')?.body).toEqual({
        scheduleDate: '2030-03-10T15:00:00.000Z',
        recurrence: 0,
        body: 'Texto novo',
      }),
    );
  });

  it('deletes a canceled (or sent) schedule after a confirmation; a pending one offers cancel, not delete', async () => {
    let rows = [scheduled(), scheduled({ id: 2, status: 'canceled' }), scheduled({ id: 3, status: 'sent', sentCount: 1 })];
    const api = fakeApi({
      'GET /scheduleMessages/': () => list(rows),
      'DELETE /messagesSchedule/:id': ({ path }: ApiCall) => {
        rows = rows.filter((row) => `/messagesSchedule/${row.id}` !== path);
        return { status: 204, body: null };
      },
    });
    const { user } = renderWithApp(<SchedulesPage />);
    await user.click(await screen.findByTestId('schedule-delete-2'));
    expect(screen.getByTestId('schedule-delete-3')).toBeInTheDocument();
    expect(screen.queryByTestId('schedule-delete-1')).toBeNull();
    expect(screen.getByTestId('schedule-cancel-1')).toBeInTheDocument();

    expect(
      await screen.findByText(
        'O agendamento da mensagem para Ana Lima será excluído da lista. As mensagens já enviadas continuam no atendimento. Deseja excluir?',
      ),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe('/messagesSchedule/2'));
    await waitFor(() => expect(screen.queryByTestId('schedule-row-2')).toBeNull());
    expect(screen.getByTestId('schedule-row-3')).toBeInTheDocument();
  });

  it('schedules a new message from the list: a contact is required, found by search; the channel is optional (the default one)', async () => {
    const api = fakeApi({
      'GET /scheduleMessages/': () => list([]),
      'GET /whatsapp': () => ({ body: [{ id: 2, name: 'WhatsApp Vendas' }] }),
      'GET /contacts': () => ({ body: { contacts: [{ id: 3, name: 'Ana Lima', number: '5511988887777' }], count: 1, hasMore: false } }),
      'POST /messagesSchedule/': ({ body }: ApiCall) => ({ status: 201, body: scheduled({ ticketId: null, ...(body as object) }) }),
    });
    const { user } = renderWithApp(<SchedulesPage />);
    await user.click(await screen.findByTestId('schedules-new'));
    const dialog = await screen.findByTestId('schedule-dialog');
    await user.type(within(dialog).getByTestId('schedule-body'), 'Lembrete da consulta');
    await user.click(within(dialog).getByTestId('schedule-save'));
    await waitFor(() => expect(errorOf(within(dialog).getByTestId('schedule-contact-picker'))).toBe('Escolha o contato.'));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(within(dialog).getByTestId('schedule-contact-picker'));
    await user.keyboard('Ana');
    await user.click(await screen.findByRole('option', { name: 'Ana Lima (5511988887777)', hidden: true }));
    await user.click(within(dialog).getByTestId('schedule-channel'));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Vendas', hidden: true }));
    await user.click(within(dialog).getByTestId('schedule-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ contactId: 3, whatsappId: 2, body: 'Lembrete da consulta', recurrence: 0 });
    expect(post?.body).not.toHaveProperty('ticketId');
    expect(createScheduleBodySchema.safeParse(post?.body).success).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('schedule-dialog')).toBeNull());
  });

  it('on a phone (390 px) each schedule is a card with its actions', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /scheduleMessages/': () => list([scheduled()]) });
    renderWithApp(<SchedulesPage />);
    expect(await screen.findByTestId('schedules-table')).toHaveAttribute('data-layout', 'cards');
    const card = await screen.findByTestId('schedule-row-1');
    expect(within(card).getByTestId('schedule-cancel-1')).toBeVisible();
  });
});
