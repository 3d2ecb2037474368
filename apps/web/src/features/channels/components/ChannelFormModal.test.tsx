import {
  createChannelBodySchema,
  meowSettingsSchema,
  updateChannelBodySchema,
  webchatSettingsSchema,
  whatsappSettingsSchema,
  type Channel,
} from '@conversa/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { errorOf, expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { flowOf } from '../../chatflow/builder/test-flow';
import { SECRET_MASK } from '../channel-types';
import { ChannelFormModal } from './ChannelFormModal';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const waba: Channel = {
  id: 7,
  name: 'WABA Loja',
  type: 'waba',
  status: 'connected',
  number: '5511930000000',
  isDefault: true,
  queueId: null,
  farewellMessage: null,
  autoCloseKeyword: null,
  autoEvaluation: false,
  autoDistribution: 'none',
  chatFlowId: null,
  birthdayMessage: null,
  birthdayHour: 9,
  transcribeAudio: false,
  webPush: true,
  audioTranscription: null,
  settings: {
    phoneNumberId: '106540352242922',
    apiVersion: 'v21.0',
    baseUrl: 'https://graph.facebook.com',
    token: SECRET_MASK,
    appSecret: SECRET_MASK,
    verifyToken: SECRET_MASK,
  },
  publicKey: 'public-key',
  qrcode: null,
  retries: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const FLOWS = [
  flowOf(undefined, { id: 4, name: 'Atendimento', publishedVersion: 2 }),
  flowOf(undefined, { id: 5, name: 'Antigo', isActive: false, publishedVersion: 1 }),
  flowOf(undefined, { id: 6, name: 'Rascunho' }),
];

// jsdom has no FontFaceSet; Mantine's autosize textarea (the settings JSON) listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

describe('the channel form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows stored secrets masked and read-only with "Alterar"; an edit sends the mask back (kept) or the new value', async () => {
    const sent: Array<{ settings: Record<string, unknown> }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init?: RequestInit) => {
        const url = input.toString();
        if (url.includes('/queue')) return json([]);
        if (url.endsWith('/whatsapp/7') && init?.method === 'PUT') {
          sent.push(JSON.parse(init.body as string) as { settings: Record<string, unknown> });
          return json(waba);
        }
        return json([]);
      }),
    );
    const { user } = renderWithApp(<ChannelFormModal channel={waba} onClose={() => undefined} />);

    const token = await screen.findByTestId('channel-setting-token');
    expect(token).toHaveValue(SECRET_MASK);
    expect(token).toHaveAttribute('readonly');
    expect(screen.getAllByText('Salvo. Deixe como está para mantê-lo ou digite um novo valor.')).toHaveLength(3);

    // "Alterar" opens the app secret for a new value; "Manter o valor salvo" puts the stored one back.
    await user.click(screen.getByTestId('channel-secret-change-appSecret'));
    const appSecret = screen.getByTestId('channel-setting-appSecret');
    expect(appSecret).toHaveValue('');
    expect(appSecret).not.toHaveAttribute('readonly');
    await user.click(screen.getByTestId('channel-secret-keep-appSecret'));
    expect(screen.getByTestId('channel-setting-appSecret')).toHaveValue(SECRET_MASK);

    await user.click(screen.getByTestId('channel-secret-change-verifyToken'));
    await user.type(screen.getByTestId('channel-setting-verifyToken'), 'novo-token-de-verificacao');
    await user.click(screen.getByTestId('channel-save'));

    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].settings).toMatchObject({ token: SECRET_MASK, appSecret: SECRET_MASK, verifyToken: 'novo-token-de-verificacao' });
    vi.unstubAllGlobals();
  });

  it('a web chat is checked by the server schemas (the route body and the web-chat settings), translated under each field', async () => {
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /chat-flow': () => ({ body: FLOWS }),
      'POST /whatsapp': ({ body }) => ({ status: 201, body: { ...waba, ...(body as object), type: 'webchat' } }),
    });
    const onClose = vi.fn();
    const { user } = renderWithApp(<ChannelFormModal channel={null} onClose={onClose} />);
    // Pasted rather than typed key by key: the modal is heavy to re-render on a loaded machine.
    const fill = async (input: HTMLElement, text: string) => {
      await user.click(input);
      await user.paste(text);
    };
    await user.clear(field('Cor do widget'));
    await fill(field('Cor do widget'), 'vermelho');
    await fill(field('Sites permitidos'), 'ftp://loja.example.com');
    await user.click(screen.getByTestId('channel-save'));

    await expectFieldError('Nome', 'Este campo é obrigatório.');
    await expectFieldError('Cor do widget', 'Informe uma cor como #4dabf7.');
    await expectFieldError('Sites permitidos', 'Formato inválido.');
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await fill(field('Nome'), 'Site');
    await user.clear(field('Cor do widget'));
    await fill(field('Cor do widget'), '#12b886');
    await user.clear(field('Sites permitidos'));
    await fill(field('Sites permitidos'), 'https://loja.example.com');
    await fill(screen.getByTestId('channel-auto-close-keyword'), ' Encerrar ');
    // The chatbot: the active flows (an unpublished one says so); an inactive one is listed but cannot be chosen.
    await user.click(screen.getByTestId('channel-chatbot'));
    expect(await screen.findByRole('option', { name: 'Antigo (inativo)', hidden: true })).toHaveAttribute('data-combobox-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Rascunho (ainda não publicado)', hidden: true })).not.toHaveAttribute(
      'data-combobox-disabled',
    );
    await user.click(screen.getByRole('option', { name: 'Atendimento', hidden: true }));
    expect(screen.getByTestId('channel-chatbot')).toHaveValue('Atendimento');
    await fill(screen.getByTestId('channel-farewell'), 'Até mais, ');
    await user.click(screen.getByTestId('channel-farewell-variables'));
    await user.click(await screen.findByTestId('channel-farewell-variables-name'));
    expect(screen.getByTestId('channel-farewell')).toHaveValue('Até mais, {{name}}');
    await user.click(screen.getByTestId('channel-auto-evaluation'));
    await user.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = api.calls.find((call) => call.method === 'POST');
    expect(createChannelBodySchema.safeParse(post?.body).success).toBe(true);
    expect(webchatSettingsSchema.safeParse((post?.body as { settings: unknown }).settings).success).toBe(true);
    expect(post?.body).toMatchObject({
      name: 'Site',
      type: 'webchat',
      autoCloseKeyword: 'Encerrar',
      farewellMessage: 'Até mais, {{name}}',
      chatFlowId: 4,
      autoEvaluation: true,
      settings: { color: '#12b886', allowedOrigins: ['https://loja.example.com'] },
    });
    vi.unstubAllGlobals();
  });

  it("another type's settings are checked by its shared schema: a required setting left empty is marked, translated, and nothing is sent", async () => {
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /chat-flow': () => ({ body: FLOWS }),
      'POST /whatsapp': ({ body }) => ({ status: 201, body: { ...waba, ...(body as object), type: 'meow' } }),
    });
    const onClose = vi.fn();
    const { user } = renderWithApp(<ChannelFormModal channel={null} onClose={onClose} />);
    await user.selectOptions(screen.getByTestId('channel-type'), 'meow');
    await user.click(field('Nome'));
    await user.paste('WuzAPI');
    await user.click(field('URL base da API'));
    await user.paste('https://wuzapi.example.com');
    await user.click(screen.getByTestId('channel-save'));

    await expectFieldError('Token', 'Este campo é obrigatório.');
    expect(errorOf(field('URL base da API'))).toBeNull();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(field('Token'));
    await user.paste('token-do-usuario');
    await user.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = api.calls.find((call) => call.method === 'POST');
    const settings = (post?.body as { settings: unknown }).settings;
    expect(meowSettingsSchema.safeParse(settings).success).toBe(true);
    expect(post?.body).toMatchObject({
      name: 'WuzAPI',
      type: 'meow',
      settings: { baseUrl: 'https://wuzapi.example.com', token: 'token-do-usuario' },
    });
    vi.unstubAllGlobals();
  });

  it('the history block is checked by the shared rules as it is filled: a range that ends before it starts shows its message and nothing is sent', async () => {
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /chat-flow': () => ({ body: FLOWS }),
      'POST /whatsapp': ({ body }) => ({ status: 201, body: { ...waba, ...(body as object), type: 'whatsapp' } }),
    });
    const onClose = vi.fn();
    const { user } = renderWithApp(<ChannelFormModal channel={null} onClose={onClose} />);
    await user.selectOptions(screen.getByTestId('channel-type'), 'whatsapp');
    await user.click(field('Nome'));
    await user.paste('Celular');
    await user.click(screen.getByTestId('channel-history-importOldMessages'));
    fireEvent.change(screen.getByTestId('channel-history-importFrom'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('channel-history-importTo'), { target: { value: '2026-01-31' } });
    await expectFieldError('Importar até', 'Deve ser igual ou posterior à data de início da importação.');

    await user.click(screen.getByTestId('channel-save'));
    await expectFieldError('Importar até', 'Deve ser igual ou posterior à data de início da importação.');
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    fireEvent.change(screen.getByTestId('channel-history-importTo'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(errorOf(field('Importar até'))).toBeNull());
    await user.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = api.calls.find((call) => call.method === 'POST');
    const settings = (post?.body as { settings: unknown }).settings;
    expect(whatsappSettingsSchema.safeParse(settings).success).toBe(true);
    expect(settings).toMatchObject({ importOldMessages: true, importFrom: '2026-03-01', importTo: '2026-03-31' });
    vi.unstubAllGlobals();
  });

  it("an edit can take the channel's chatbot away (none: chatFlowId null)", async () => {
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /chat-flow': () => ({ body: FLOWS }),
      'PUT /whatsapp/:id': ({ body }) => ({ body: { ...waba, ...(body as object) } }),
    });
    const onClose = vi.fn();
    const { user } = renderWithApp(<ChannelFormModal channel={{ ...waba, chatFlowId: 4 }} onClose={onClose} />);
    await waitFor(() => expect(screen.getByTestId('channel-chatbot')).toHaveValue('Atendimento'));
    const clear = screen.getByTestId('channel-chatbot').closest('.mantine-InputWrapper-root')!.querySelector('button')!;
    await user.click(clear);
    expect(screen.getByTestId('channel-chatbot')).toHaveValue('');
    await user.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ chatFlowId: null });
    expect(updateChannelBodySchema.safeParse(put?.body).success).toBe(true);
    vi.unstubAllGlobals();
  });

  it('"transcribe audio": the AI (OpenAI-protocol ones only) and the model are chosen and saved with the channel', async () => {
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /chat-flow': () => ({ body: [] }),
      'GET /ai-bots': () => ({
        body: [
          { provider: 'chat-gpt', statusKey: 'chatgptStatus', label: 'ChatGPT' },
          { provider: 'claude', statusKey: 'claudeStatus', label: 'Claude' },
        ],
      }),
      'PUT /whatsapp/:id': ({ body }) => ({ body: { ...waba, ...(body as object) } }),
    });
    const onClose = vi.fn();
    const { user } = renderWithApp(<ChannelFormModal channel={waba} onClose={onClose} />);
    expect(screen.queryByTestId('channel-transcription-provider')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('channel-transcribe-audio'));
    // Without the AI chosen, the form says so and sends nothing.
    await user.click(screen.getByTestId('channel-save'));
    expect(await screen.findByText('Escolha a IA que transcreve.')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(screen.getByTestId('channel-transcription-provider'));
    expect(screen.queryByRole('option', { name: 'Claude', hidden: true })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'ChatGPT', hidden: true }));
    expect(screen.getByTestId('channel-transcription-model')).toHaveValue('whisper-1');
    await user.clear(screen.getByTestId('channel-transcription-model'));
    await user.type(screen.getByTestId('channel-transcription-model'), 'gpt-4o-mini-transcribe');
    await user.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      transcribeAudio: true,
      audioTranscription: { provider: 'chat-gpt', model: 'gpt-4o-mini-transcribe' },
    });
    expect(updateChannelBodySchema.safeParse(put?.body).success).toBe(true);
  });
});
