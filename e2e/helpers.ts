import { crc32, deflateSync } from 'node:zlib';
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

/** A PNG of one colour, `width` × `height` (8-bit RGB), written by hand: a real image of a known size. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [18, 184, 134]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
