import { notifications } from '@mantine/notifications';
import { NOTIFIER_TOAST_MS, SUCCESS_TOAST_MS, WARNING_TOAST_MS } from './constants';
import { errorMessage, isApiError } from './errors';

/** Toasts. A fixed id keeps one copy of a toast that may be raised several times at once. */
export function notifySuccess(message: string, id?: string): void {
  notifications.show({ id, message, color: 'teal', autoClose: SUCCESS_TOAST_MS, 'data-testid': 'toast-success' });
}

export function notifyError(message: string, id?: string, title?: string): void {
  notifications.show({ id, title, message, color: 'red', autoClose: NOTIFIER_TOAST_MS, 'data-testid': 'toast-error' });
}

export function notifyWarning(message: string, id?: string): void {
  notifications.show({ id, message, color: 'yellow', autoClose: WARNING_TOAST_MS, 'data-testid': 'toast-warning' });
}

/** Tells the user about a failed call, unless the HTTP client already did (401, expired session, 500). */
export function notifyApiError(error: unknown, id?: string): void {
  if (isApiError(error) && error.handled) return;
  notifyError(errorMessage(error), id);
}
