import type { Page } from 'playwright-core';
import { signIn } from './session.js';

/**
 * The API of a running product, for test setup: `api(method, path, body?, token?)` answers the
 * parsed JSON (undefined for an empty answer) and fails the test with the answer on a non-2xx status.
 * `baseUrl` is read on each call, so the client can be made before the server has started.
 */
export function apiClient(baseUrl: () => string) {
  return async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

export type ApiCall = ReturnType<typeof apiClient>;

/** An access token of the user, by the API. */
export async function loginToken(api: ApiCall, email: string, password: string): Promise<string> {
  return (await api<{ token: string }>('POST', '/auth/login/', { email, password })).token;
}

/** Signs an agent in through the Portuguese login page and waits for the inbox. */
export async function signInAgent(page: Page, baseUrl: string, user: { email: string; password: string }): Promise<void> {
  await signIn(page, baseUrl, { ...user, passwordLabel: 'Senha', landing: /#\/atendimento/ });
}
