import { resetPasswordBodySchema } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { ResetPasswordPage } from './ResetPasswordPage';

const TOKEN = 'a'.repeat(40);

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/reset/:token" element={<ResetPasswordPage />} />
      <Route path="/login" element={<p data-testid="login-page" />} />
    </Routes>,
    { route: `/reset/${TOKEN}` },
  );
}

describe('the reset-password form validates with the server schema (resetPasswordBodySchema)', () => {
  it('a weak password is refused under its field (SPEC §5 rule, translated), a different confirmation under its own, nothing sent', async () => {
    const api = fakeApi({ 'POST /reset-password': () => ({ body: { message: 'ok' } }) });
    const { user } = renderPage();
    await user.type(field('Nova senha'), 'abcdefg');
    await user.type(field('Confirme a nova senha'), 'abcdefh');
    await user.click(screen.getByTestId('reset-submit'));

    await expectFieldError('Nova senha', 'A senha deve ter pelo menos 7 caracteres, com letras, números e um caractere especial.');
    await expectFieldError('Confirme a nova senha', 'As senhas não coincidem.');
    expect(api.calls).toEqual([]);
  });

  it('sends the token and the password, a body the schema accepts', async () => {
    const api = fakeApi({ 'POST /reset-password': () => ({ body: { message: 'ok' } }) });
    const { user } = renderPage();
    await user.type(field('Nova senha'), 'Nova-senha-1');
    await user.type(field('Confirme a nova senha'), 'Nova-senha-1');
    await user.click(screen.getByTestId('reset-submit'));

    expect(await screen.findByTestId('login-page')).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(resetPasswordBodySchema.safeParse(api.calls[0].body).success).toBe(true);
    expect(api.calls[0].body).toEqual({ token: TOKEN, password: 'Nova-senha-1' });
  });
});
