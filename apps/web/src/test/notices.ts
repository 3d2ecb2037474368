import { notifications } from '@mantine/notifications';
import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/**
 * Watches the notices the screen shows (call it before the action). A success toast closes itself
 * after 500 ms (SUCCESS_TOAST_MS): on a busy machine it may be gone before a query of the page looks,
 * so a test asks whether it was shown instead.
 */
export function watchNotices(): { shown: (message: string) => Promise<void> } {
  const show = vi.spyOn(notifications, 'show');
  return {
    shown: (message) => waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message }))),
  };
}
