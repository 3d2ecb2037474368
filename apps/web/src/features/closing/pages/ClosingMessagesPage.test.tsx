import { farewellMessageBodySchema, type FarewellMessage } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { ClosingMessagesPage } from './ClosingMessagesPage';

const FAREWELL: FarewellMessage = {
  id: 4,
  message: 'Obrigado pelo contato, {{name}}!',
  userId: 2,
  username: 'Rita Alves',
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('/fechamento: the closing messages', () => {
  it('lists each message with its user', async () => {
    fakeApi({ 'GET /farewellMessages': () => ({ body: [FAREWELL] }) });
    renderWithApp(<ClosingMessagesPage />);
    const row = await screen.findByTestId('farewell-4');
    expect(within(row).getByText('Obrigado pelo contato, {{name}}!')).toBeInTheDocument();
    expect(within(row).getByText('Rita Alves')).toBeInTheDocument();
  });

  it('creates one with the body the server schema accepts; an empty message or an unknown variable is refused before sending', async () => {
    const api = fakeApi({
      'GET /farewellMessages': () => ({ body: [] }),
      'POST /farewellMessages': ({ body }) => ({ status: 201, body: { ...FAREWELL, id: 9, ...(body as object) } }),
    });
    const { user } = renderWithApp(<ClosingMessagesPage />);
    await user.click(await screen.findByTestId('farewell-new'));
    await user.click(screen.getByTestId('farewell-save'));
    await expectFieldError('Mensagem', 'Este campo é obrigatório.');

    await user.click(field('Mensagem'));
    await user.paste('Até logo, {{nome}}');
    await user.click(screen.getByTestId('farewell-save'));
    await expectFieldError('Mensagem', 'Há uma variável desconhecida. Use apenas as variáveis da lista.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(field('Mensagem'));
    await user.paste('  Até logo, ');
    await user.click(screen.getByTestId('farewell-message-variables'));
    await user.click(await screen.findByTestId('farewell-message-variables-firstName'));
    expect(field('Mensagem')).toHaveValue('  Até logo, {{firstName}}');
    await user.click(screen.getByTestId('farewell-save'));
    await waitFor(() => expect(screen.queryByTestId('farewell-modal')).not.toBeInTheDocument());
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ message: 'Até logo, {{firstName}}' });
    expect(farewellMessageBodySchema.safeParse(post?.body).success).toBe(true);
  });

  it('edits and deletes (after confirming)', async () => {
    const api = fakeApi({
      'GET /farewellMessages': () => ({ body: [FAREWELL] }),
      'PUT /farewellMessages/:id': ({ body }) => ({ body: { ...FAREWELL, ...(body as object) } }),
      'DELETE /farewellMessages/:id': () => ({ status: 204, body: null }),
    });
    const { user } = renderWithApp(<ClosingMessagesPage />);
    await user.click(await screen.findByTestId('farewell-edit-4'));
    expect(field('Mensagem')).toHaveValue('Obrigado pelo contato, {{name}}!');
    await user.clear(field('Mensagem'));
    await user.paste('Tchau!');
    await user.click(screen.getByTestId('farewell-save'));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/farewellMessages/4', body: { message: 'Tchau!' } }),
    );

    await user.click(screen.getByTestId('farewell-delete-4'));
    await user.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'DELETE')?.path).toBe('/farewellMessages/4'));
  });
});
