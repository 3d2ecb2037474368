import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The error text Mantine shows under a form field (null when none). */
export function errorOf(input: HTMLElement): string | null {
  const wrapper = input.closest('.mantine-InputWrapper-root');
  return wrapper?.querySelector('.mantine-InputWrapper-error')?.textContent ?? null;
}

/** The field labelled `label` (its label text, without the required asterisk). */
export function field(label: string | RegExp): HTMLElement {
  return screen.getByLabelText(typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : label);
}

/** Waits until the field labelled `label` shows `message` under it: the positive marker of a refused submit. */
export async function expectFieldError(label: string | RegExp, message: string): Promise<void> {
  await waitFor(() => expect(errorOf(field(label))).toBe(message));
}
