import { screen } from '@testing-library/react';
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
});
