import { autoReplyBodySchema, type AutoReply } from '@conversa/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { errorOf, expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { AutoReplyFormModal } from './AutoReplyFormModal';

const RULE: AutoReply = {
  id: 4,
  name: 'Preços',
  active: true,
  trigger: 'keyword',
  matchMode: 'exact',
  keywords: ['preço'],
  reply: 'Veja nossos preços, {{name}}.',
  queueId: 2,
  channelId: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /queue': () => ({ body: [{ id: 2, name: 'Vendas', color: '#12b886', greetingMessage: null, userIds: [] }] }),
    'GET /whatsapp': () => ({ body: [] }),
    'POST /auto-reply': ({ body }) => ({ status: 201, body: { ...RULE, id: 9, ...(body as object) } }),
    'PUT /auto-reply/:id': ({ body }) => ({ body: { ...RULE, ...(body as object) } }),
    ...overrides,
  });
}

describe('the auto-reply form validates with the server schema (autoReplyBodySchema)', { timeout: 60_000 }, () => {
  it('refuses an empty name, a keyword rule without keywords and a reply with unknown variables, and sends nothing', async () => {
    const calls = api();
    const { user } = renderWithApp(<AutoReplyFormModal rule={null} onClose={() => undefined} />);
    fireEvent.change(field('Resposta'), { target: { value: 'Oi {{cliente}}' } });
    await user.click(screen.getByTestId('auto-reply-save'));
    await expectFieldError('Nome', 'Este campo é obrigatório.');
    expect(errorOf(screen.getByTestId('auto-reply-keywords'))).toBe('Informe pelo menos uma palavra-chave.');
    expect(errorOf(field('Resposta'))).toBe('Há uma variável desconhecida. Use apenas as variáveis da lista.');
    expect(calls.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("creates a 'first message of a new ticket' rule with a body the schema accepts (no keywords, no queue)", async () => {
    const calls = api();
    const onClose = vi.fn();
    const { user } = renderWithApp(<AutoReplyFormModal rule={null} onClose={onClose} />);
    await user.type(field('Nome'), ' Boas-vindas ');
    await user.click(screen.getByTestId('auto-reply-trigger'));
    // The options' dropdown sits outside the modal, which hides the rest of the page from assistive queries.
    await user.click(await screen.findByRole('option', { name: 'Primeira mensagem de um novo atendimento', hidden: true }));
    expect(screen.queryByTestId('auto-reply-keywords')).not.toBeInTheDocument();
    fireEvent.change(field('Resposta'), { target: { value: '{{greeting}}, ' } });
    await user.click(screen.getByTestId('auto-reply-reply-variables'));
    await user.click(await screen.findByTestId('auto-reply-reply-variables-firstName'));
    expect(field('Resposta')).toHaveValue('{{greeting}}, {{firstName}}');
    await user.click(screen.getByTestId('auto-reply-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.calls.find((c) => c.method === 'POST');
    expect(autoReplyBodySchema.safeParse(post?.body).success).toBe(true);
    expect(post?.body).toEqual({
      name: 'Boas-vindas',
      active: true,
      trigger: 'firstMessage',
      matchMode: 'exact',
      keywords: [],
      reply: '{{greeting}}, {{firstName}}',
      queueId: null,
      channelId: null,
    });
  });

  it('edits a keyword rule: adds a keyword, keeps its queue, and PUTs the whole rule', async () => {
    const calls = api();
    const onClose = vi.fn();
    const { user } = renderWithApp(<AutoReplyFormModal rule={RULE} onClose={onClose} />);
    await user.type(screen.getByTestId('auto-reply-keywords'), 'valor{Enter}');
    await user.click(screen.getByTestId('auto-reply-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/auto-reply/4');
    expect(autoReplyBodySchema.safeParse(put?.body).success).toBe(true);
    expect(put?.body).toMatchObject({ name: 'Preços', trigger: 'keyword', keywords: ['preço', 'valor'], queueId: 2, channelId: null });
  });

  it('shows a taken name under the name field (409 ERR_DUPLICATED_AUTO_REPLY)', async () => {
    api({ 'PUT /auto-reply/:id': () => ({ status: 409, body: { error: 'ERR_DUPLICATED_AUTO_REPLY', message: 'taken' } }) });
    const { user } = renderWithApp(<AutoReplyFormModal rule={RULE} onClose={() => undefined} />);
    await user.click(screen.getByTestId('auto-reply-save'));
    await expectFieldError('Nome', 'Já existe uma resposta automática com este nome.');
  });
});
