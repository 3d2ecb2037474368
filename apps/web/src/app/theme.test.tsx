import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from '../components/ConfirmModal';
import { DESKTOP, PHONE, setScreenSize } from '../test/media';
import { renderWithApp } from '../test/render';

function renderConfirm() {
  renderWithApp(<ConfirmModal opened title="Excluir usuário" message="Tem certeza?" onConfirm={vi.fn()} onClose={vi.fn()} />);
  return screen.findByRole('dialog', { name: 'Excluir usuário' });
}

describe("the app's theme", () => {
  it('makes every modal full-screen on a phone', async () => {
    setScreenSize(PHONE);
    const dialog = await renderConfirm();
    expect(dialog).toHaveAttribute('data-full-screen', 'true');
  });

  it('keeps modals as floating dialogs on a wide screen', async () => {
    setScreenSize(DESKTOP, 800);
    const dialog = await renderConfirm();
    expect(dialog).not.toHaveAttribute('data-full-screen');
  });
});
