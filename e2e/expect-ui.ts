import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

const TIMEOUT = 15_000;

/** Waits until the element is visible (Playwright's auto-waiting, with Vitest's expect for the rest). */
export async function visible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: TIMEOUT });
}

export async function containsText(locator: Locator, text: string): Promise<void> {
  await expect
    .poll(async () => ((await locator.count()) ? ((await locator.first().textContent()) ?? '') : ''), { timeout: TIMEOUT })
    .toContain(text);
}

export async function attributeIs(locator: Locator, name: string, value: string): Promise<void> {
  await expect
    .poll(async () => ((await locator.count()) ? await locator.first().getAttribute(name) : null), { timeout: TIMEOUT })
    .toBe(value);
}
