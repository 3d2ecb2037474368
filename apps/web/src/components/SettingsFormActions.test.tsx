import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/errors';
import { renderWithApp } from '../test/render';
import { SettingsFormActions, type SettingsRemoval } from './SettingsFormActions';

/** A removal whose mutation answers as `outcome` says. */
function removal(outcome: 'removed' | Error): SettingsRemoval & { mutate: ReturnType<typeof vi.fn> } {
  const mutate = vi.fn((_: undefined, options: { onSuccess: () => void; onError: (error: unknown) => void }) =>
    outcome === 'removed' ? options.onSuccess() : options.onError(outcome),
  );
  return {
    label: 'Remover',
    title: 'Remover o provedor?',
    message: 'As mensagens deixam de sair por ele.',
    removed: 'Provedor removido.',
    mutation: { mutate, isPending: false },
    mutate,
  };
}

describe('SettingsFormActions', () => {
  it('shows the save error, and remove, test and save for a provider that is set up', async () => {
    const remove = removal('removed');
    const onTest = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user } = renderWithApp(
      <form onSubmit={onSubmit}>
        <SettingsFormActions
          testIdPrefix="x"
          formError="A chave foi recusada."
          errorTestId="x-error"
          configured
          remove={remove}
          test={{ label: 'Testar conexão', onTest, running: false }}
          saving={false}
        />
      </form>,
    );
    expect(screen.getByTestId('x-error').textContent).toBe('A chave foi recusada.');
    await user.click(screen.getByTestId('x-remove'));
    expect(await screen.findByText('Remover o provedor?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(remove.mutate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Testar conexão' }));
    expect(onTest).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('x-save'));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('offers neither remove before the provider is set up nor a test where it has none, and no error without one', () => {
    renderWithApp(
      <SettingsFormActions
        testIdPrefix="x"
        formError={null}
        errorTestId="x-error"
        configured={false}
        remove={removal('removed')}
        saving={false}
      />,
    );
    expect(screen.getByTestId('x-save')).toBeTruthy();
    expect(screen.queryByTestId('x-remove')).toBeNull();
    expect(screen.queryByTestId('x-test')).toBeNull();
    expect(screen.queryByTestId('x-error')).toBeNull();
  });

  it('removes after the confirmation, says so and closes it', async () => {
    const remove = removal('removed');
    const { user } = renderWithApp(
      <SettingsFormActions testIdPrefix="x" formError={null} errorTestId="x-error" configured remove={remove} saving={false} />,
    );
    await user.click(screen.getByTestId('x-remove'));
    await user.click(await screen.findByTestId('confirm-button'));
    expect(remove.mutate).toHaveBeenCalledOnce();
    expect(await screen.findByText('Provedor removido.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Remover o provedor?')).toBeNull());
  });

  it('notifies a refused removal, without saying it was removed', async () => {
    const remove = removal(new ApiError(409, 'ERR_REMOVAL_REFUSED', 'O servidor recusou.'));
    const { user } = renderWithApp(
      <SettingsFormActions testIdPrefix="x" formError={null} errorTestId="x-error" configured remove={remove} saving={false} />,
    );
    await user.click(screen.getByTestId('x-remove'));
    await user.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByText('O servidor recusou.')).toBeInTheDocument();
    expect(screen.queryByText('Provedor removido.')).toBeNull();
  });
});
