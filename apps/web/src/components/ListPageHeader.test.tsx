import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ListPageHeader } from './ListPageHeader';
import { useConfirmedDelete } from './useConfirmedDelete';

describe('ListPageHeader', () => {
  it('shows the title, the description, the actions and a "new" button that calls onNew', async () => {
    const onNew = vi.fn();
    const { user } = renderWithApp(
      <ListPageHeader
        title="Etiquetas"
        description="O que os atendentes usam"
        newLabel="Nova"
        onNew={onNew}
        newTestId="new"
        actions={<Button>Importar</Button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Etiquetas' })).toBeTruthy();
    expect(screen.getByText('O que os atendentes usam')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importar' })).toBeTruthy();
    await user.click(screen.getByTestId('new'));
    expect(onNew).toHaveBeenCalledOnce();
  });

  it("shows the list query's error with a retry that refetches", async () => {
    const refetch = vi.fn();
    const { user } = renderWithApp(<ListPageHeader title="Filas" query={{ isError: true, error: new Error('falhou'), refetch }} />);
    expect(screen.queryByRole('button', { name: /^nov[ao]/i })).toBeNull(); // no "Nova" without onNew ("Tentar novamente" is the retry)
    await user.click(await screen.findByRole('button', { name: /tentar/i }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});

function DeleteProbe({
  mutate,
  onDeleted,
}: {
  mutate: (id: number, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  onDeleted?: () => void;
}) {
  const removal = useConfirmedDelete<{ id: number; name: string }>({ mutate, isPending: false }, 'probe-delete-error', onDeleted);
  return (
    <>
      <span data-testid="deleting">{removal.deleting?.name ?? 'nenhum'}</span>
      <Button onClick={() => removal.ask({ id: 7, name: 'Vendas' })}>Excluir</Button>
      <Button onClick={removal.confirm}>Confirmar</Button>
      <Button onClick={removal.cancel}>Cancelar</Button>
    </>
  );
}

describe('useConfirmedDelete', () => {
  it('deletes the row asked about once confirmed, then closes and calls onDeleted', async () => {
    const mutate = vi.fn((_id: number, options: { onSuccess: () => void }) => options.onSuccess());
    const onDeleted = vi.fn();
    const { user } = renderWithApp(<DeleteProbe mutate={mutate} onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(mutate).not.toHaveBeenCalled(); // nothing asked yet
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(screen.getByTestId('deleting').textContent).toBe('Vendas');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(mutate).toHaveBeenCalledWith(7, expect.anything());
    await waitFor(() => expect(screen.getByTestId('deleting').textContent).toBe('nenhum'));
    expect(onDeleted).toHaveBeenCalledOnce();
  });

  it('keeps the confirmation open when the delete is refused', async () => {
    const mutate = vi.fn((_id: number, options: { onError: (error: unknown) => void }) => options.onError(new Error('recusado')));
    const onDeleted = vi.fn();
    const { user } = renderWithApp(<DeleteProbe mutate={mutate} onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(mutate).toHaveBeenCalledOnce();
    expect(screen.getByTestId('deleting').textContent).toBe('Vendas');
    expect(onDeleted).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByTestId('deleting').textContent).toBe('nenhum');
  });
});
