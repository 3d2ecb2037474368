import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ConfirmEmailPage } from './ConfirmEmailPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(token: string) {
  return renderWithApp(
    <Routes>
      <Route path="/perfil/email/:token" element={<ConfirmEmailPage />} />
    </Routes>,
    { route: `/perfil/email/${token}` },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the e-mail confirmation page', () => {
  it('sends the token of the link and says the e-mail changed', async () => {
    const fetch = vi.fn(async () => json(200, { message: 'E-mail changed.' }));
    vi.stubGlobal('fetch', fetch);
    const { user } = renderAt('token-from-the-link-123');
    await user.click(screen.getByTestId('confirm-email-submit'));
    expect(await screen.findByTestId('confirm-email-done')).toHaveTextContent('Tudo certo! E-mail alterado.');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/users\/email-change\/confirm$/);
    expect(JSON.parse(init.body as string)).toEqual({ token: 'token-from-the-link-123' });
  });

  it('an expired or used link is told, translated', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, { error: 'ERR_INVALID_EMAIL_CHANGE_TOKEN', message: 'The e-mail confirmation link is invalid or has expired.' }),
      ),
    );
    const { user } = renderAt('old-token-from-the-link');
    await user.click(screen.getByTestId('confirm-email-submit'));
    expect(await screen.findByTestId('confirm-email-error')).toHaveTextContent('O link de confirmação de e-mail é inválido ou expirou.');
  });
});
