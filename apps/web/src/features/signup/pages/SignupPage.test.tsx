import { signupBodySchema, type Plan } from '@conversa/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, mockApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { SignupPage } from './SignupPage';

const PLAN: Plan = { id: 3, name: 'Pro', value: 199, connections: 3, users: 10, trial: true, trialDays: 7 };

describe('the sign-up page', () => {
  it('without plans says sign-up is unavailable instead of showing a form that cannot succeed', async () => {
    mockApi({ 'GET /plans/public': [] });
    renderWithApp(<SignupPage />, { route: '/signup' });
    const notice = await screen.findByTestId('signup-closed');
    expect(notice).toHaveTextContent('Cadastro indisponível');
    expect(notice).toHaveTextContent('Nenhum plano disponível no momento.');
    expect(screen.queryByTestId('signup-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('signup-login-link')).toHaveAttribute('href', '/login');
  });

  it('with plans shows the form and its plan choice', async () => {
    mockApi({ 'GET /plans/public': [PLAN] });
    renderWithApp(<SignupPage />, { route: '/signup' });
    expect(await screen.findByTestId('signup-form')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^Pro — 199,00/ })).toBeInTheDocument();
    expect(screen.queryByTestId('signup-closed')).not.toBeInTheDocument();
  });

  it('when the plans cannot be loaded says so with a retry', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: 'ERR_INTERNAL', message: 'boom' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderWithApp(<SignupPage />, { route: '/signup' });
    expect(await screen.findByTestId('load-error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.queryByTestId('signup-form')).not.toBeInTheDocument();
  });
});

describe('the sign-up form validates with the server schema (signupBodySchema)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const renderForm = () =>
    renderWithApp(
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/login" element={<p data-testid="login-page" />} />
      </Routes>,
      { route: '/signup' },
    );

  it('refuses what POST /signup refuses, translated under each field, and sends nothing', async () => {
    const api = fakeApi({
      'GET /plans/public': () => ({ body: [PLAN] }),
      'POST /signup': () => ({ status: 201, body: { message: 'ok' } }),
    });
    const { user } = renderForm();
    await screen.findByTestId('signup-form');
    await user.type(field('Nome'), 'L');
    await user.type(field('CPF/CNPJ'), '123.456.789-00');
    await user.type(field('E-mail'), 'loja@');
    await user.type(field('Celular'), 'abc-defg-hij');
    await user.type(field('Senha'), 'senhafraca');
    await user.selectOptions(field('Plano'), '3');
    await user.click(screen.getByTestId('signup-submit'));

    await expectFieldError('Nome', 'Informe pelo menos 2 caracteres.');
    await expectFieldError('CPF/CNPJ', 'CPF/CNPJ inválido.');
    await expectFieldError('E-mail', 'E-mail inválido.');
    await expectFieldError('Celular', 'Número de celular inválido.');
    await expectFieldError('Senha', 'A senha deve ter pelo menos 7 caracteres, com letras, números e um caractere especial.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends a body the schema accepts', async () => {
    const api = fakeApi({
      'GET /plans/public': () => ({ body: [PLAN] }),
      'POST /signup': () => ({ status: 201, body: { message: 'ok' } }),
    });
    const { user } = renderForm();
    await screen.findByTestId('signup-form');
    await user.type(field('Nome'), 'Loja Verde ');
    await user.type(field('CPF/CNPJ'), '529.982.247-25');
    await user.type(field('E-mail'), 'Loja@Example.com');
    await user.type(field('Celular'), '+55 11 91234-5678');
    await user.type(field('Senha'), 'Senha-forte-1');
    await user.selectOptions(field('Plano'), '3');
    await user.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByTestId('login-page')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(signupBodySchema.safeParse(post?.body).success).toBe(true);
    expect(post?.body).toEqual({
      name: 'Loja Verde',
      identity: '529.982.247-25',
      email: 'loja@example.com',
      phone: '+55 11 91234-5678',
      password: 'Senha-forte-1',
      planId: 3,
    });
  });
});
