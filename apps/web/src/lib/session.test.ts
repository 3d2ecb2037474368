import type { LoginResponse } from '@conversa/shared';
import { describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, saveLogin, saveToken, STORAGE_KEYS, subscribeSession } from './session';

const login: LoginResponse = {
  token: 'access-1',
  refreshToken: 'refresh-1',
  username: 'Ana Souza',
  profile: 'admin',
  userId: 7,
  tenantId: 3,
  email: 'ana@example.com',
  queues: [{ id: 1, name: 'Vendas' }],
  blockWavoip: false,
  whatsappAllowed: true,
  configs: { filtrosAtendimento: null, isDark: true, language: 'en', notificationSound: false },
};

describe('the stored session', () => {
  it('is what the login answered, read back after a save', () => {
    saveLogin(login);
    const session = getSession();
    expect(session).toMatchObject({
      token: 'access-1',
      username: 'Ana Souza',
      profile: 'admin',
      userId: 7,
      tenantId: 3,
      email: 'ana@example.com',
    });
    expect(session?.queues).toEqual(login.queues);
    expect(session?.configs.isDark).toBe(true);
  });

  it('never stores the refresh token (an httpOnly cookie holds it), and drops one an older version stored', () => {
    localStorage.setItem('refreshToken', 'legacy');
    saveLogin(login);
    expect(Object.values({ ...localStorage })).not.toContain('refresh-1');
    expect(localStorage.getItem('refreshToken')).toBeNull();
    localStorage.setItem('refreshToken', 'legacy');
    clearSession();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('is absent without a token or with a malformed user id', () => {
    expect(getSession()).toBeNull();
    saveLogin(login);
    localStorage.setItem(STORAGE_KEYS.userId, 'abc');
    expect(getSession()).toBeNull();
  });

  it('notifies subscribers on login, token rotation and logout, and clears every key on logout', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveLogin(login);
    saveToken('access-2');
    expect(getSession()?.token).toBe('access-2');
    clearSession();
    expect(listener).toHaveBeenCalledTimes(3);
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    unsubscribe();
  });

  it('keeps working with corrupted JSON in storage', () => {
    saveLogin(login);
    localStorage.setItem(STORAGE_KEYS.queues, '{not json');
    localStorage.setItem(STORAGE_KEYS.configs, '[');
    const session = getSession();
    expect(session?.queues).toEqual([]);
    expect(session?.configs).toEqual({ filtrosAtendimento: null, isDark: false, language: null, notificationSound: true });
  });
});
