import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Signs in through the login page (slider captcha by keyboard) and waits for the landing page. */
export async function signIn(
  page: Page,
  baseUrl: string,
  {
    email,
    password,
    passwordLabel = 'Password',
    landing = /#\/assinatura/,
  }: { email: string; password: string; passwordLabel?: string; landing?: RegExp },
): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(passwordLabel, { exact: true }).fill(password);
  await page.getByRole('slider', { name: 'captcha' }).focus();
  await page.keyboard.press('End');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing);
}

/** The API as the signed-in user (the token the web app stored); fails the test on a non-2xx answer. */
export async function apiAs<T>(page: Page, baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}
