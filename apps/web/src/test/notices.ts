import { notifications } from '@mantine/notifications';
import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/**
 * Watches the notices the screen shows (call it before the action). A success toast closes itself
 * after 500 ms (SUCCESS_TOAST_MS): on a busy machine it may be gone before a query of the page looks,
 * so a test asks whether it was shown instead. `neverShown` checks at once (after a positive marker
 * of the outcome, such as the error the screen shows) that the notice was not shown at any moment.
 */
export function watchNotices(): { shown: (message: string) => Promise<void>; neverShown: (message: string) => void } {
  const show = vi.spyOn(notifications, 'show');
  return {
    shown: (message) => waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message }))),
    neverShown: (message) => expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ message })),
  };
}
