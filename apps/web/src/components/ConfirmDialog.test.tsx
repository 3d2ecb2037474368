import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ConfirmDialog, type ConfirmModalProps } from './ConfirmDialog';

function dialog(props: Partial<ConfirmModalProps> & { onConfirm: () => void }) {
  return (
    <ConfirmDialog opened title="Resolver atendimento?" message="O cliente recebe a despedida." onClose={() => undefined} {...props} />
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ConfirmDialog', () => {
  it('confirms once on a double click, before the caller shows it is busy', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithApp(dialog({ onConfirm }));
    await user.dblClick(await screen.findByTestId('confirm-button'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('confirms again once the action it started has finished (a refused one is retried)', async () => {
    const onConfirm = vi.fn();
    const { user, rerender } = renderWithApp(dialog({ onConfirm }));
    await user.click(await screen.findByTestId('confirm-button'));
    rerender(dialog({ onConfirm, loading: true }));
    rerender(dialog({ onConfirm, loading: false }));
    await user.click(screen.getByTestId('confirm-button'));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('without a busy state, takes one click per opening: again at once when reopened', async () => {
    const onConfirm = vi.fn();
    const { user, rerender } = renderWithApp(dialog({ onConfirm }));
    await user.click(await screen.findByTestId('confirm-button'));
    await user.click(screen.getByTestId('confirm-button'));
    await user.click(screen.getByTestId('confirm-button'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(dialog({ onConfirm, opened: false }));
    rerender(dialog({ onConfirm, opened: true }));
    await user.click(await screen.findByTestId('confirm-button'));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it("takes a new click at once after the dialog's fields are touched (what the action found missing, now filled)", async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithApp(dialog({ onConfirm, children: <input aria-label="Motivo" /> }));
    await user.click(await screen.findByTestId('confirm-button'));
    await user.type(screen.getByLabelText('Motivo'), 'Dúvida');
    await user.click(screen.getByTestId('confirm-button'));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
