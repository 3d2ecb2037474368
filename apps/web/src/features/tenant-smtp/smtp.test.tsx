import type { TenantSmtp } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { SmtpSettingsPage, TenantSettingsLayout } from './pages/SmtpSettingsPage';

const NONE: TenantSmtp = {
  configured: false,
  host: '',
  port: 587,
  secure: false,
  user: '',
  password: '',
  fromAddress: '',
  updatedAt: null,
};
const STORED: TenantSmtp = {
  configured: true,
  host: 'smtp.loja.com.br',
  port: 587,
  secure: false,
  user: 'atendimento@loja.com.br',
  password: '••••••',
  fromAddress: 'atendimento@loja.com.br',
  updatedAt: '2026-03-01T12:00:00.000Z',
};

beforeEach(() => signInAs('admin', { email: 'ana@loja.com.br' }));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenSize(1280);
});

describe('/configuracoes/smtp', () => {
  it("sets the company's server up: the shared schema checks the fields, then the password shows masked and the test appears", async () => {
    let current = NONE;
    const api = fakeApi({
      'GET /settings/smtp': () => ({ body: current }),
      'PUT /settings/smtp': () => {
        current = STORED;
        return { body: current };
      },
    });
    const { user } = renderWithApp(<SmtpSettingsPage />);
    expect(await screen.findByTestId('smtp-status')).toHaveTextContent('Usando o servidor da plataforma');
    expect(screen.queryByTestId('smtp-test')).toBeNull();

    await user.type(screen.getByTestId('smtp-host'), 'smtp://smtp.loja.com.br');
    await user.clear(screen.getByTestId('smtp-port'));
    await user.type(screen.getByTestId('smtp-port'), '70000');
    await user.type(screen.getByTestId('smtp-from'), 'atendimento@loja.com.br');
    await user.click(screen.getByTestId('smtp-save'));
    expect(
      await screen.findByText('Informe só o nome do servidor, como smtp.suaempresa.com.br (sem smtp:// e sem porta).'),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(screen.getByTestId('smtp-host'));
    await user.type(screen.getByTestId('smtp-host'), 'smtp.loja.com.br');
    await user.clear(screen.getByTestId('smtp-port'));
    await user.type(screen.getByTestId('smtp-port'), '587');
    await user.type(screen.getByTestId('smtp-user'), 'atendimento@loja.com.br');
    await user.type(screen.getByTestId('smtp-password'), 'senha-do-email');
    await user.click(screen.getByTestId('smtp-save'));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        host: 'smtp.loja.com.br',
        port: 587,
        secure: false,
        user: 'atendimento@loja.com.br',
        password: 'senha-do-email',
        fromAddress: 'atendimento@loja.com.br',
      }),
    );
    expect(await screen.findByTestId('smtp-status')).toHaveTextContent('Configurado');
    expect(screen.getByTestId('smtp-password')).toHaveValue('••••••');
    expect(screen.getByTestId('smtp-test')).toBeVisible();
  });

  it('keeps the stored password when untouched, sends the test e-mail and says how it went', async () => {
    const api = fakeApi({
      'GET /settings/smtp': () => ({ body: STORED }),
      'PUT /settings/smtp': ({ body }) => ({
        body: { ...STORED, ...(body as object), password: '••••••', updatedAt: '2026-03-02T12:00:00.000Z' },
      }),
      'POST /settings/smtp/test': ({ body }) =>
        (body as { to: string }).to === 'ana@loja.com.br'
          ? { body: { ok: true, to: 'ana@loja.com.br', response: '250 OK' } }
          : {
              status: 400,
              body: {
                error: 'ERR_SMTP_AUTH_REFUSED',
                message: 'The SMTP server refused the user name or password. (Invalid login: 535 Invalid username or password)',
              },
            },
    });
    const { user } = renderWithApp(<SmtpSettingsPage />);
    // The signed-in user's own address is offered.
    expect(await screen.findByTestId('smtp-test-to')).toHaveValue('ana@loja.com.br');
    await user.click(screen.getByTestId('smtp-test'));
    expect(await screen.findByTestId('smtp-test-result')).toHaveTextContent(
      'E-mail de teste enviado para ana@loja.com.br. Confira a caixa de entrada.',
    );

    await user.clear(screen.getByTestId('smtp-test-to'));
    await user.type(screen.getByTestId('smtp-test-to'), 'outro@loja.com.br');
    await user.click(screen.getByTestId('smtp-test'));
    await waitFor(() =>
      expect(screen.getByTestId('smtp-test-result')).toHaveTextContent(
        'O servidor SMTP recusou o usuário ou a senha. — Invalid login: 535 Invalid username or password',
      ),
    );

    await user.click(screen.getByTestId('smtp-secure'));
    // Unsaved changes are not what the test would use: it waits for the save.
    expect(screen.getByTestId('smtp-test')).toBeDisabled();
    await user.click(screen.getByTestId('smtp-save'));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...omit(STORED), secure: true }));
  });

  it('removes the server after a confirmation', async () => {
    let current = STORED;
    const api = fakeApi({
      'GET /settings/smtp': () => ({ body: current }),
      'DELETE /settings/smtp': () => {
        current = NONE;
        return { status: 204, body: null };
      },
    });
    const { user } = renderWithApp(<SmtpSettingsPage />);
    await user.click(await screen.findByTestId('smtp-remove'));
    expect(await screen.findByText('Os e-mails da empresa voltarão a sair pelo servidor da plataforma.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('smtp-status')).toHaveTextContent('Usando o servidor da plataforma'));
  });

  it('/configuracoesTenant opens smtp-tenant, the same form', async () => {
    fakeApi({ 'GET /settings/smtp': () => ({ body: STORED }) });
    renderWithApp(
      <Routes>
        <Route path="/configuracoesTenant" element={<TenantSettingsLayout />}>
          <Route index element={<Navigate to="smtp-tenant" replace />} />
          <Route path="smtp-tenant" element={<SmtpSettingsPage />} />
        </Route>
      </Routes>,
      { route: '/configuracoesTenant' },
    );
    expect(await screen.findByText('Configurações da empresa')).toBeInTheDocument();
    expect(await screen.findByTestId('smtp-host')).toHaveValue('smtp.loja.com.br');
  });

  it('fits a phone', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /settings/smtp': () => ({ body: STORED }) });
    renderWithApp(<SmtpSettingsPage />);
    expect(await screen.findByTestId('smtp-host')).toBeVisible();
    expect(screen.getByTestId('smtp-save')).toBeVisible();
    expect(screen.getByTestId('smtp-test')).toBeVisible();
  });
});

/** The stored settings as the form sends them back: without the answer-only fields and the kept password. */
function omit(settings: TenantSmtp) {
  const { configured: _configured, password: _password, updatedAt: _updatedAt, ...body } = settings;
  return body;
}
