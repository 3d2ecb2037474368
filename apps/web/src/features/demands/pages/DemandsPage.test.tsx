import type { Demand } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { PHONE, setScreenSize } from '../../../test/media';
import { renderWithApp } from '../../../test/render';
import { DemandsPage } from './DemandsPage';
import { watchNotices } from '../../../test/notices';

const demand = (id: number, name: string, ticketCount = 0): Demand => ({
  id,
  name,
  ticketCount,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('/configuracoes/motivos: the reasons', () => {
  it('lists the reasons with how many tickets carry each', async () => {
    fakeApi({ 'GET /demands': () => ({ body: [demand(1, 'Dúvida', 3), demand(2, 'Venda')] }) });
    renderWithApp(<DemandsPage />);
    const row = await screen.findByTestId('demand-1');
    expect(within(row).getByText('Dúvida')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
  });

  it("creates a reason with the server schema's body; an empty name is refused before sending; a duplicate shows the server's reason", async () => {
    let posts = 0;
    const api = fakeApi({
      'GET /demands': () => ({ body: [demand(1, 'Dúvida')] }),
      'POST /demands': ({ body }) =>
        ++posts === 1
          ? {
              status: 409,
              body: {
                error: 'ERR_DUPLICATED_DEMAND',
                message: 'A reason with this name already exists.',
                fields: { name: ['Already used'] },
              },
            }
          : { status: 201, body: { ...demand(9, ''), ...(body as object) } },
    });
    const { user } = renderWithApp(<DemandsPage />);
    await user.click(await screen.findByTestId('demand-new'));
    await user.click(screen.getByTestId('demand-save'));
    await expectFieldError('Nome', 'Este campo é obrigatório.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(field('Nome'), '  Dúvida ');
    await user.click(screen.getByTestId('demand-save'));
    expect(await screen.findByTestId('demand-form-error')).toHaveTextContent('Já existe um motivo com este nome.');
    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'Reclamação');
    await user.click(screen.getByTestId('demand-save'));
    await waitFor(() => expect(screen.queryByTestId('demand-modal')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Dúvida' }, { name: 'Reclamação' }]);
  });

  it('deleting a reason in use says first how many tickets lose it, then deletes it', async () => {
    const notices = watchNotices();
    const api = fakeApi({
      'GET /demands': () => ({ body: [demand(1, 'Dúvida', 3)] }),
      'DELETE /demands/:id': () => ({ body: { detachedTickets: 3 } }),
    });
    const { user } = renderWithApp(<DemandsPage />);
    await user.click(await screen.findByTestId('demand-delete-1'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent(
      'O motivo “Dúvida” está em 3 atendimentos. Ao excluí-lo, eles continuam existindo, mas ficam sem motivo',
    );
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await notices.shown('Tudo certo! Registro excluído.');
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/demands/1']);
  });

  it('works on a 390 px phone', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /demands': () => ({ body: [demand(1, 'Um motivo com um nome bem comprido para caber')] }) });
    renderWithApp(<DemandsPage />);
    expect(await screen.findByTestId('demand-1')).toBeVisible();
    expect(screen.getByTestId('demand-new')).toBeVisible();
  });
});
