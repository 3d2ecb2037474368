import type { User } from '@conversa/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { UsersPage } from './UsersPage';

const user = (id: number, name: string, profile: User['profile']): User => ({
  id,
  tenantId: 1,
  name,
  email: `${name.toLowerCase()}@example.com`,
  profile,
  isOnline: false,
  lastOnline: null,
  blockWavoip: false,
  configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
  queues: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const ROOT = user(1, 'Root', 'superadmin');
const ALBERTO = user(6, 'Alberto', 'admin');
const BIA = user(7, 'Bia', 'user');

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
