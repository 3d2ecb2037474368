import type { AutoReply } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { AutoRepliesPage } from './AutoRepliesPage';

const rule = (id: number, fields: Partial<AutoReply>): AutoReply => ({
  id,
  name: `Regra ${id}`,
  active: true,
  trigger: 'keyword',
  matchMode: 'exact',
  keywords: [],
  reply: 'Olá',
  queueId: null,
  channelId: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...fields,
});

afterEach(() => vi.unstubAllGlobals());

describe('/auto-resposta', { timeout: 60_000 }, () => {
  it('lists the rules with their trigger, queue, channel and state, and deletes one after confirming', async () => {
    signInAs('super');
    let rules = [
      rule(1, { name: 'Preços', keywords: ['preço', 'valor'], queueId: 2, channelId: 5 }),
      rule(2, { name: 'Boas-vindas', trigger: 'firstMessage', active: false }),
    ];
    const calls = fakeApi({
      'GET /auto-reply': () => ({ body: rules }),
      'GET /queue': () => ({ body: [{ id: 2, name: 'Vendas', color: '#12b886', greetingMessage: null, userIds: [] }] }),
      'GET /whatsapp': () => ({ body: [{ id: 5, name: 'Site' }] }),
      'DELETE /auto-reply/:id': () => {
        rules = rules.filter((r) => r.id !== 1);
        return { status: 204, body: null };
      },
    });
    const { user } = renderWithApp(<AutoRepliesPage />);
    const first = await screen.findByTestId('auto-reply-1');
    expect(within(first).getByText('Preços')).toBeVisible();
    expect(within(first).getByText('valor')).toBeVisible();
    await waitFor(() => expect(within(first).getByText('Vendas')).toBeVisible());
    expect(within(first).getByText('Site')).toBeVisible();
    const second = screen.getByTestId('auto-reply-2');
    expect(within(second).getByText('Primeira mensagem de um novo atendimento')).toBeVisible();
    expect(within(second).getByText('Todos os canais')).toBeVisible();
    expect(within(second).getByText('Inativo')).toBeVisible();

    await user.click(screen.getByTestId('auto-reply-delete-1'));
    await user.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(screen.queryByTestId('auto-reply-1')).not.toBeInTheDocument(), { timeout: 10_000 });
    expect(calls.calls.find((c) => c.method === 'DELETE')?.path).toBe('/auto-reply/1');
  });

  it('opens the form for a new rule', async () => {
    signInAs('admin');
    fakeApi({ 'GET /auto-reply': () => ({ body: [] }), 'GET /queue': () => ({ body: [] }), 'GET /whatsapp': () => ({ body: [] }) });
    const { user } = renderWithApp(<AutoRepliesPage />);
    expect(await screen.findByText('Nenhum registro encontrado.')).toBeVisible();
    await user.click(screen.getByTestId('auto-replies-new'));
    expect(await screen.findByText('Nova resposta automática')).toBeVisible();
  });
});
