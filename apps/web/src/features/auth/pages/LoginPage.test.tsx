import type { Plan } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GlobalLoadingOverlay } from '../../../app/GlobalLoadingOverlay';
import { mockApi } from '../../../test/fetch';
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
