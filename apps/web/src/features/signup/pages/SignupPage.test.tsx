import type { Plan } from '@conversa/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch';
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
