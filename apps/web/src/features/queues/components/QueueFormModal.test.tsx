import { createQueueBodySchema, updateQueueBodySchema, type Queue } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { QueueFormModal } from './QueueFormModal';

const QUEUE: Queue = { id: 3, name: 'Vendas', color: '#12b886', greetingMessage: 'Olá!', userIds: [] };
const users = () => ({ body: { users: [], count: 0, hasMore: false } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the queue form validates with the server schema (createQueueBodySchema / updateQueueBodySchema)', () => {
  it('refuses an empty name and a colour that is not #rrggbb, translated under each field, and sends nothing', async () => {
    const api = fakeApi({ 'GET /users/': users, 'POST /queue': ({ body }) => ({ status: 201, body: { id: 5, ...(body as object) } }) });
    const { user } = renderWithApp(<QueueFormModal queue={null} onClose={() => undefined} />);
    await user.clear(field('Cor'));
    await user.type(field('Cor'), 'azul');
    await user.click(screen.getByTestId('queue-save'));

    await expectFieldError('Nome', 'Este campo é obrigatório.');
    await expectFieldError('Cor', 'Informe uma cor como #4dabf7.');
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('sends a body the schema accepts (an empty greeting is null)', async () => {
    const api = fakeApi({ 'GET /users/': users, 'POST /queue': ({ body }) => ({ status: 201, body: { id: 5, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<QueueFormModal queue={null} onClose={onClose} />);
    await user.type(field('Nome'), ' Suporte ');
    await user.click(screen.getByTestId('queue-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = api.calls.find((call) => call.method === 'POST');
    expect(createQueueBodySchema.safeParse(post?.body).success).toBe(true);
    expect(post?.body).toEqual({ name: 'Suporte', color: '#4dabf7', greetingMessage: null, userIds: [] });
  });

  it("an edit is checked by PUT /queue/:id's schema and sends what it accepts", async () => {
    const api = fakeApi({ 'GET /users/': users, 'PUT /queue/:id': ({ body }) => ({ body: { ...QUEUE, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<QueueFormModal queue={QUEUE} onClose={onClose} />);
    await user.clear(field('Nome'));
    await user.click(screen.getByTestId('queue-save'));
    await expectFieldError('Nome', 'Este campo é obrigatório.');
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.type(field('Nome'), 'Pós-venda');
    await user.clear(screen.getByTestId('queue-greeting'));
    await user.click(screen.getByTestId('queue-greeting'));
    await user.paste('Olá, ');
    await user.click(screen.getByTestId('queue-greeting-variables'));
    await user.click(await screen.findByTestId('queue-greeting-variables-firstName'));
    expect(screen.getByTestId('queue-greeting')).toHaveValue('Olá, {{firstName}}');
    await user.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/queue/3');
    expect(updateQueueBodySchema.safeParse(put?.body).success).toBe(true);
    expect(put?.body).toEqual({ name: 'Pós-venda', color: '#12b886', greetingMessage: 'Olá, {{firstName}}', userIds: [] });
  });
});
