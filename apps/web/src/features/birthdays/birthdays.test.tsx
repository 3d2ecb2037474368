import { sendBirthdayBodySchema, updateChannelBodySchema, type BirthdayContact, type Channel } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { ChannelFormModal } from '../channels/components/ChannelFormModal';
import { BirthdaysPage } from './pages/BirthdaysPage';
import { watchNotices } from '../../test/notices';

const channel = (overrides: Partial<Channel> = {}): Channel => ({
  id: 3,
  name: 'WhatsApp Loja',
  type: 'webchat',
  status: 'connected',
  number: null,
  isDefault: true,
  queueId: null,
  farewellMessage: null,
  autoCloseKeyword: null,
  autoEvaluation: false,
  autoDistribution: 'none',
  chatFlowId: null,
  birthdayMessage: 'Parabéns, {{firstName}}!',
  birthdayHour: 9,
  transcribeAudio: false,
  webPush: true,
  audioTranscription: null,
  settings: { color: '#228be6', allowedOrigins: [] },
  publicKey: 'key',
  qrcode: null,
  retries: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const person = (overrides: Partial<BirthdayContact> = {}): BirthdayContact => ({
  id: 11,
  name: 'Ana Lima',
  number: '5511987650001',
  birthday: '1990-03-15',
  age: 36,
  channelId: 4,
  greetedAt: null,
  greetedChannelId: null,
  ...overrides,
});

const list = (contacts: BirthdayContact[], more: Partial<{ count: number; hasMore: boolean }> = {}) => ({
  body: { contacts, count: more.count ?? contacts.length, hasMore: more.hasMore ?? false, today: '2026-03-15' },
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/aniversarios', () => {
  it("lists today's birthdays, switches to this month, and shows who was greeted this year", async () => {
    const api = fakeApi({
      'GET /birthdays': (call) =>
        call.query.get('period') === 'month'
          ? list([person(), person({ id: 12, name: 'Sem Ano', birthday: '--03-29', age: null, greetedAt: '2026-03-01T12:00:00.000Z' })], {
              count: 41,
              hasMore: true,
            })
          : list([person()]),
    });
    const { user } = renderWithApp(<BirthdaysPage />);
    const row = await screen.findByTestId('birthday-11');
    expect(row).toHaveTextContent('Ana Lima');
    expect(row).toHaveTextContent('15/03/1990');
    expect(row).toHaveTextContent('36');
    expect(row).toHaveTextContent('Ainda não enviada');
    expect(screen.getByTestId('birthdays-total')).toHaveTextContent('Total: 1');

    await user.click(screen.getByText('Este mês'));
    const noYear = await screen.findByTestId('birthday-12');
    expect(noYear).toHaveTextContent('29/03');
    expect(noYear).not.toHaveTextContent('29/03/');
    expect(within(noYear).getByTestId('birthday-greeted-12')).toHaveTextContent(/^Enviada em \d{2}\/03\/2026 \d{2}:\d{2}$/);
    expect(screen.getByTestId('birthday-send-12')).toBeDisabled();
    expect(screen.getByTestId('birthdays-total')).toHaveTextContent('Total: 41');
    expect(api.calls.filter((call) => call.path === '/birthdays').map((call) => call.query.get('period'))).toEqual(['today', 'month']);
  });

  it("sends by hand on the contact's channel (a channel without a birthday message cannot be picked)", async () => {
    const notices = watchNotices();
    const api = fakeApi({
      'GET /birthdays': () => list([person()]),
      'GET /whatsapp': () => ({
        body: [
          channel(),
          channel({ id: 4, name: 'Canal do contato', isDefault: false }),
          channel({ id: 5, name: 'Mudo', birthdayMessage: null }),
        ],
      }),
      'POST /messages/sendBirthday': () => ({
        status: 201,
        body: { contactId: 11, channelId: 4, ticketId: 90, messageId: 'm-1', year: 2026 },
      }),
    });
    const { user } = renderWithApp(<BirthdaysPage />);
    await user.click(await screen.findByTestId('birthday-send-11'));
    const picker = await screen.findByTestId('birthday-send-channel');
    await waitFor(() => expect(picker).toHaveValue('Canal do contato'));
    await user.click(picker);
    expect((await screen.findByText('Mudo (sem mensagem de aniversário)')).closest('[data-combobox-option]')).toHaveAttribute(
      'data-combobox-disabled',
    );
    await user.click(await screen.findByRole('option', { name: 'Canal do contato', hidden: true }));
    await user.click(screen.getByTestId('birthday-send-confirm'));
    await notices.shown('Mensagem de aniversário enviada para Ana Lima.');
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ contactId: 11, whatsappId: 4 });
    expect(sendBirthdayBodySchema.safeParse(post?.body).success).toBe(true);
    // The list is read again (the row now shows the greeting).
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/birthdays')).toHaveLength(2));
  });

  it('says clearly when the contact was already greeted this year', async () => {
    fakeApi({
      'GET /birthdays': () => list([person()]),
      'GET /whatsapp': () => ({ body: [channel()] }),
      'POST /messages/sendBirthday': () => ({
        status: 409,
        body: {
          error: 'ERR_BIRTHDAY_ALREADY_SENT',
          message: 'This contact was already sent a birthday message this year.',
          details: { year: 2026, greetedAt: '2026-03-15T12:00:00.000Z', channelId: 3, byUser: false },
        },
      }),
    });
    const { user } = renderWithApp(<BirthdaysPage />);
    await user.click(await screen.findByTestId('birthday-send-11'));
    await waitFor(() => expect(screen.getByTestId('birthday-send-channel')).toHaveValue('WhatsApp Loja'));
    await user.click(screen.getByTestId('birthday-send-confirm'));
    expect(await screen.findByTestId('birthday-send-error')).toHaveTextContent(
      /^Ana Lima já recebeu a mensagem de aniversário deste ano, em 15\/03\/2026 \d{2}:00\.$/,
    );
  });

  it('on a phone (390 px) each birthday is a card with its send button', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /birthdays': () => list([person()]) });
    renderWithApp(<BirthdaysPage />);
    expect(await screen.findByTestId('birthdays-table')).toHaveAttribute('data-layout', 'cards');
    expect(within(await screen.findByTestId('birthday-11')).getByTestId('birthday-send-11')).toBeVisible();
  });
});

describe('the channel form: birthday message and hour', () => {
  it('edits the message (birthday variables only) and the whole hour, sent as a number', async () => {
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /chat-flow': () => ({ body: [] }),
      'PUT /whatsapp/:id': ({ body }) => ({ body: { ...channel(), ...(body as object) } }),
    });
    const onClose = vi.fn();
    const { user } = renderWithApp(<ChannelFormModal channel={channel()} onClose={onClose} />);
    const message = await screen.findByTestId('channel-birthday-message');
    expect(message).toHaveValue('Parabéns, {{firstName}}!');
    expect(screen.getByTestId('channel-birthday-hour')).toHaveValue('09:00');

    // A variable outside the birthday set is refused before saving.
    await user.click(message);
    await user.paste(' {{protocol}}');
    const errorOf = () => message.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-error')?.textContent;
    await waitFor(() => expect(errorOf()).toContain('{{protocol}}'));
    await user.click(screen.getByTestId('channel-save'));
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(message);
    await user.paste('Feliz aniversário, {{name}}!');
    await user.click(screen.getByTestId('channel-birthday-hour'));
    await user.click(await screen.findByRole('option', { name: '18:00', hidden: true }));
    await user.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ birthdayMessage: 'Feliz aniversário, {{name}}!', birthdayHour: 18 });
    expect(updateChannelBodySchema.safeParse(put?.body).success).toBe(true);
  });
});
