import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { NotFoundPage } from './NotFoundPage';

describe('the not-found page', () => {
  it('tells the user in Portuguese and offers the way back', async () => {
    renderWithApp(<NotFoundPage />, { route: '/nada' });
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
  });
});
