import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { SettingsFormActions } from './SettingsFormActions';

describe('SettingsFormActions', () => {
  it('shows the save error, and remove, test and save for a provider that is set up', async () => {
    const onRemove = vi.fn();
    const onTest = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user } = renderWithApp(
      <form onSubmit={onSubmit}>
        <SettingsFormActions
          testIdPrefix="x"
          formError="A chave foi recusada."
          errorTestId="x-error"
          configured
          removeLabel="Remover"
          onRemove={onRemove}
          test={{ label: 'Testar conexão', onTest, running: false }}
          saving={false}
        />
      </form>,
    );
    expect(screen.getByTestId('x-error').textContent).toBe('A chave foi recusada.');
    await user.click(screen.getByTestId('x-remove'));
    expect(onRemove).toHaveBeenCalledOnce();
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
        removeLabel="Remover"
        onRemove={vi.fn()}
        saving={false}
      />,
    );
    expect(screen.getByTestId('x-save')).toBeTruthy();
    expect(screen.queryByTestId('x-remove')).toBeNull();
    expect(screen.queryByTestId('x-test')).toBeNull();
    expect(screen.queryByTestId('x-error')).toBeNull();
  });
});
