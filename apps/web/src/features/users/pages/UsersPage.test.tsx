import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { testUser } from '../test-support';
import { UsersPage } from './UsersPage';

const ROOT = testUser(1, 'Root', 'superadmin');
const ALBERTO = testUser(6, 'Alberto', 'admin');
const BIA = testUser(7, 'Bia', 'user');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/usuarios', () => {
  it("an admin may edit or delete neither the platform's superadmin nor delete themselves (the server refuses); the superadmin may", async () => {
    fakeApi({ 'GET /users/': () => ({ body: { users: [ROOT, ALBERTO, BIA], count: 3, hasMore: false } }) });
    signInAs('admin', { userId: ALBERTO.id });
    const { unmount } = renderWithApp(<UsersPage />);
    expect(await screen.findByTestId('user-edit-1')).toBeDisabled();
    expect(screen.getByTestId('user-delete-1')).toBeDisabled();
    expect(screen.getByTestId('user-edit-6')).toBeEnabled();
    expect(screen.getByTestId('user-delete-6')).toBeDisabled();
    expect(screen.getByTestId('user-edit-7')).toBeEnabled();
    expect(screen.getByTestId('user-delete-7')).toBeEnabled();
    unmount();

    signInAs('superadmin', { userId: ROOT.id });
    renderWithApp(<UsersPage />);
    expect(await screen.findByTestId('user-edit-1')).toBeEnabled();
    expect(screen.getByTestId('user-delete-6')).toBeEnabled();
  });

  it("shows the company's user limit beside the new-user button, and at the limit says why it is off", async () => {
    let usage = { maxUsers: 4, users: 3, maxConnections: 2, connections: 1 };
    fakeApi({
      'GET /users/': () => ({ body: { users: [ROOT, ALBERTO, BIA], count: 3, hasMore: false } }),
      'GET /tenants/usage/': () => ({ body: usage }),
      'DELETE /users/:id': () => ({ status: 204, body: null }),
    });
    signInAs('admin', { userId: ALBERTO.id });
    const first = renderWithApp(<UsersPage />);
    expect(await screen.findByTestId('users-new-usage')).toHaveTextContent('3 de 4 usuários');
    expect(screen.getByTestId('users-new')).toBeEnabled();
    first.unmount();

    usage = { ...usage, users: 4 };
    const { user } = renderWithApp(<UsersPage />);
    await waitFor(() => expect(screen.getByTestId('users-new-usage')).toHaveTextContent('4 de 4 usuários'));
    expect(screen.getByTestId('users-new')).toBeDisabled();
    await user.hover(screen.getByTestId('users-new').parentElement!);
    expect(await screen.findByText(/O plano permite 4 usuários\. Para criar outro, exclua um usuário/)).toBeInTheDocument();

    // Deleting a user frees a place: the figure is read again.
    usage = { ...usage, users: 3 };
    await user.click(screen.getByTestId('user-delete-7'));
    await user.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(screen.getByTestId('users-new-usage')).toHaveTextContent('3 de 4 usuários'));
    expect(screen.getByTestId('users-new')).toBeEnabled();
  });
});
