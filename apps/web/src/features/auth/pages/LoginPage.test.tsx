import { loginBodySchema, passwordResetRequestSchema, type LoginResponse, type Plan } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GlobalLoadingOverlay } from '../../../app/GlobalLoadingOverlay';
import { fakeApi, mockApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { LoginPage } from './LoginPage';

const PLAN: Plan = { id: 1, name: 'Básico', value: 99.9, connections: 1, users: 3, trial: false, trialDays: 0 };

describe('the login page and public sign-up', () => {
  it('offers no sign-up while no plan exists', async () => {
    const fetch = mockApi({ 'GET /plans/public': [] });
    renderWithApp(
      <>
        <GlobalLoadingOverlay />
        <LoginPage />
      </>,
      { route: '/login' },
    );
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    // Positive marker: the plans have been answered (empty) before the link is checked.
    await waitFor(() => expect(screen.getByTestId('login-form')).toHaveAttribute('data-signup-checked', 'true'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('signup-link')).not.toBeInTheDocument();
    expect(screen.queryByText('Ainda não tem conta?')).not.toBeInTheDocument();
    // The check runs in the background: no loading overlay over the form.
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    // The rest of the form is there.
    expect(screen.getByTestId('forgot-link')).toBeInTheDocument();
  });

  it('offers sign-up once a plan exists', async () => {
    mockApi({ 'GET /plans/public': [PLAN] });
    renderWithApp(<LoginPage />, { route: '/login' });
    const link = await screen.findByTestId('signup-link');
    expect(link).toHaveTextContent('Cadastre-se');
    expect(link).toHaveAttribute('href', '/signup');
  });
});

const LOGIN: LoginResponse = {
  token: 'access-1',
  refreshToken: 'refresh-1',
  username: 'Ana Souza',
  profile: 'admin',
  userId: 7,
  tenantId: 1,
  email: 'ana@example.com',
  queues: [],
  blockWavoip: false,
  whatsappAllowed: true,
  configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
};

describe('the login and password-reset forms validate with the server schemas', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("an e-mail POST /auth/login/ refuses is told under its field, translated, and nothing is sent; a valid one sends the schema's body", async () => {
    const api = fakeApi({ 'GET /plans/public': () => ({ body: [] }), 'POST /auth/login/': () => ({ body: LOGIN }) });
    const { user } = renderWithApp(<LoginPage />, { route: '/login' });
    await user.type(await screen.findByLabelText(/^E-mail/), 'ana@');
    await user.type(field('Senha'), 'Senha-1!');
    screen.getByRole('slider').focus();
    await user.keyboard('{End}');
    await user.click(screen.getByTestId('login-submit'));

    await expectFieldError('E-mail', 'E-mail inválido.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(field('E-mail'), 'example.com ');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = api.calls.find((call) => call.method === 'POST');
    expect(loginBodySchema.safeParse(post?.body).success).toBe(true);
    expect(post?.body).toEqual({ email: 'ana@example.com', password: 'Senha-1!' });
  });

  it("the reset request checks its e-mail with POST /password-reset's schema", async () => {
    const api = fakeApi({ 'POST /password-reset': () => ({ body: { message: 'ok' } }) });
    const { user } = renderWithApp(<LoginPage />, { route: '/login?forgot' });
    await user.type(await screen.findByLabelText(/^E-mail/), 'ana.example.com');
    await user.click(screen.getByTestId('forgot-submit'));
    await expectFieldError('E-mail', 'E-mail inválido.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'ana@example.com');
    await user.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByTestId('forgot-success')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(passwordResetRequestSchema.safeParse(post?.body).success).toBe(true);
    expect(post?.body).toEqual({ email: 'ana@example.com' });
  });
});
