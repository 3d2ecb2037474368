import { createQuickMessageBodySchema, type QuickMessage } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { QuickMessagesPage } from './QuickMessagesPage';

const base = { sendAsAudio: false, isActive: true, createdAt: '2025-01-01T10:00:00.000Z', updatedAt: '2025-01-01T10:00:00.000Z' };
const LIST: QuickMessage[] = [
  { ...base, id: 1, key: 'ola', message: 'Olá {{name}}!', media: null },
  {
    ...base,
    id: 2,
    key: 'audio',
    message: '',
    media: { name: 'voz.mp3', mime: 'audio/mpeg', size: 10, type: 'audio', url: '/media/1' },
    sendAsAudio: true,
    isActive: false,
  },
];

beforeEach(() => signInAs('super'));
afterEach(() => vi.unstubAllGlobals());

describe('/mensagens-rapidas', () => {
  it('lists the quick messages with their key, text, file and active switch; the switch saves at once', async () => {
    const api = fakeApi({
      'GET /fastreply': () => ({ body: LIST }),
      'PUT /fastreply/:id': ({ body }) => ({ body: { ...LIST[0], ...(body as object) } }),
    });
    const { user } = renderWithApp(<QuickMessagesPage />);
    const row = await screen.findByTestId('quick-message-1');
    expect(row).toHaveTextContent('/ola');
    expect(row).toHaveTextContent('Olá {{name}}!');
    expect(screen.getByTestId('quick-message-2')).toHaveTextContent('voz.mp3');
    expect(screen.getByTestId('quick-message-2')).toHaveTextContent('Inativa');

    await user.click(screen.getByTestId('quick-message-active-1'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/fastreply/1', body: { isActive: false } }),
    );
  });

  it('deletes after confirmation only', async () => {
    const api = fakeApi({ 'GET /fastreply': () => ({ body: LIST }), 'DELETE /fastreply/:id': () => ({ status: 204, body: null }) });
    const { user } = renderWithApp(<QuickMessagesPage />);
    await user.click(await screen.findByTestId('quick-message-delete-1'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Excluir a mensagem rápida /ola?');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/fastreply/1']));
  });

  it('creates one: the shared schema refuses a key with spaces and an unknown variable before sending', async () => {
    const api = fakeApi({
      'GET /fastreply': () => ({ body: [] }),
      'POST /fastreply': ({ body }) => ({ status: 201, body: { ...base, id: 9, media: null, ...(body as object) } }),
    });
    const { user } = renderWithApp(<QuickMessagesPage />);
    await user.click(await screen.findByTestId('quick-messages-new'));
    await user.type(field('Chave'), 'duas palavras');
    await user.type(screen.getByTestId('quick-message-text'), 'Oi {{{{nome}}');
    await user.click(screen.getByTestId('quick-message-save'));
    await expectFieldError('Chave', 'Use uma palavra sem espaços, que não comece com /.');
    expect(screen.getByTestId('quick-message-text').closest('.mantine-InputWrapper-root')).toHaveTextContent(
      'Há uma variável desconhecida. Use apenas as variáveis da lista.',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(field('Chave'));
    await user.type(field('Chave'), 'oi');
    await user.clear(screen.getByTestId('quick-message-text'));
    await user.type(screen.getByTestId('quick-message-text'), '{{{{greeting}}, {{{{firstName}}!');
    await user.click(screen.getByTestId('quick-message-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ key: 'oi', message: '{{greeting}}, {{firstName}}!', sendAsAudio: false, isActive: true });
    expect(createQuickMessageBodySchema.safeParse(post?.body).success).toBe(true);
  });

  it('uploads a chosen file first and names it by its token; an audio file can be sent as audio', async () => {
    const api = fakeApi({
      'GET /fastreply': () => ({ body: [] }),
      'POST /fastreply/media': () => ({
        status: 201,
        body: { mediaToken: 'enc:v1:token', name: 'voz.mp3', mime: 'audio/mpeg', size: 3, type: 'audio' },
      }),
      'POST /fastreply': ({ body }) => ({ status: 201, body: { ...base, id: 9, media: null, ...(body as object) } }),
    });
    const { user } = renderWithApp(<QuickMessagesPage />);
    await user.click(await screen.findByTestId('quick-messages-new'));
    await user.type(field('Chave'), 'voz');
    expect(screen.queryByTestId('quick-message-audio')).toBeNull();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['abc'], 'voz.mp3', { type: 'audio/mpeg' }));
    await user.click(await screen.findByTestId('quick-message-audio'));
    await user.click(screen.getByTestId('quick-message-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [upload, create] = api.calls.filter((c) => c.method === 'POST');
    expect(upload.path).toBe('/fastreply/media');
    expect(create.body).toEqual({ key: 'voz', message: '', sendAsAudio: true, isActive: true, mediaToken: 'enc:v1:token' });
  });
});
