import type { FieldIssue } from '@conversa/shared';
import { REFRESH_CSRF_HEADER } from '@conversa/shared/enums';
import { HTTP_TIMEOUT_MS, LOGIN_REDIRECT_DELAY_MS } from './constants';
import { ApiError, errorMessage } from './errors';
import i18n, { currentLocale } from './i18n';
import { requestEnded, requestStarted } from './loading';
import { navigateTo } from './navigation';
import { notifyWarning } from './notify';
import { clearSession, getToken, saveToken } from './session';
import { setBillingBlocked } from '../features/billing/billing-state';

/** Same origin as the API by default (the server serves the web app); VITE_API_URL overrides it. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

const LOGOUT_PATH = '/auth/logout/';
const REFRESH_PATH = '/auth/refresh_token';
/** Calls made without a session: their 401 is an answer, not a lost session. */
const PUBLIC_PATHS = ['/auth/login/', REFRESH_PATH, '/password-reset', '/reset-password', '/signup', '/plans/public'];

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  /** JSON, or a FormData sent as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal;
  /** Background calls (polling) never show the loading overlay. */
  silent?: boolean;
}

function buildUrl(path: string, query?: Query): string {
  let url = `${API_BASE_URL}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

function isPublic(path: string): boolean {
  return PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}?`));
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const b = body as { error?: unknown; message?: unknown; msg?: unknown; fields?: unknown; details?: unknown; issues?: unknown };
    const code = typeof b.error === 'string' ? b.error : undefined;
    const message = typeof b.message === 'string' ? b.message : typeof b.msg === 'string' ? b.msg : (code ?? '');
    const fields = b.fields && typeof b.fields === 'object' ? (b.fields as Record<string, string[]>) : undefined;
    const details = b.details && typeof b.details === 'object' ? (b.details as Record<string, unknown>) : undefined;
    const issues = b.issues && typeof b.issues === 'object' ? (b.issues as Record<string, FieldIssue[]>) : undefined;
    return new ApiError(status, code, message, fields, details, issues);
  }
  return new ApiError(status, undefined, typeof body === 'string' ? body : '');
}

/**
 * One fetch with the 20 s timeout, the stored bearer token and the app's language (the server words
 * what it says itself in it, e.g. a notification's `message`; a CORS-safelisted header: no preflight).
 */
async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  // The browser sets the multipart boundary itself.
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, timedOut ? 'ERR_TIMEOUT' : 'ERR_NETWORK', timedOut ? 'Request timed out' : 'Network error');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Gets a new access token with the refresh token, which the browser holds in an httpOnly cookie
 * (SPEC §7: no body; the server rotates the cookie). Concurrent callers share one refresh. Also
 * used by the socket when its handshake answers ERR_SESSION_EXPIRED.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await fetch(buildUrl(REFRESH_PATH), {
        method: 'POST',
        headers: { Accept: 'application/json', [REFRESH_CSRF_HEADER.name]: REFRESH_CSRF_HEADER.value },
        credentials: 'same-origin',
      });
      if (!response.ok) return false;
      // The shared contracts (and zod) are not in the first download: loaded on the first refresh.
      const [body, { refreshResponseSchema }] = await Promise.all([parseBody(response), import('@conversa/shared')]);
      const parsed = refreshResponseSchema.safeParse(body);
      if (!parsed.success) return false;
      saveToken(parsed.data.token);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let redirectScheduled = false;

/** SPEC §7 401: clear the stored session; unless logging out, warn and go to login after 2 s. */
function handleLostSession(path: string, message: string): void {
  if (path.startsWith(LOGOUT_PATH)) clearSession();
  else endSession(message);
}

/** The session is gone (refused token, socket refused): warn and go to login after 2 s, once. */
export function endSession(message: string): void {
  clearSession();
  if (redirectScheduled) return;
  redirectScheduled = true;
  notifyWarning(message, 'session-lost');
  setTimeout(() => {
    redirectScheduled = false;
    navigateTo('/login', { replace: true });
  }, LOGIN_REDIRECT_DELAY_MS);
}

/** A file answered by the API (export, download). */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server named the file. */
  fileName: string | null;
}

function fileNameOf(response: Response): string | null {
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

/** GETs answered 503 (the server's database restarting) are retried this many times after Retry-After. */
const UNAVAILABLE_GET_RETRIES = 2;
const MAX_RETRY_AFTER_MS = 10_000;

/** Retry-After (seconds or an HTTP date) in ms, capped, plus up to 1 s of jitter so that clients do not retry together. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return Math.min(Math.max(seconds, 0) * 1000, MAX_RETRY_AFTER_MS) + Math.random() * 1000;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function request<T>(
  method: string,
  path: string,
  options: RequestOptions & { download?: boolean } = {},
  retried = false,
  unavailableRetries = 0,
): Promise<T> {
  if (!options.silent) requestStarted();
  let response: Response;
  let body: unknown;
  try {
    response = await send(method, path, options);
    body =
      response.ok && options.download
        ? ({ blob: await response.blob(), fileName: fileNameOf(response) } satisfies DownloadedFile)
        : await parseBody(response);
  } finally {
    if (!options.silent) requestEnded();
  }

  if (response.ok) return body as T;

  const error = toApiError(response.status, body);

  // The server is up but its database is restarting: a read is safe to repeat once it says when.
  if (response.status === 503 && method === 'GET' && unavailableRetries < UNAVAILABLE_GET_RETRIES) {
    const wait = retryAfterMs(response.headers.get('retry-after'));
    if (wait !== null) {
      await pause(wait, options.signal);
      if (!options.signal?.aborted) return request<T>(method, path, options, retried, unavailableRetries + 1);
    }
  }

  if (response.status === 403 && error.code === 'ERR_SESSION_EXPIRED' && !isPublic(path)) {
    if (!retried && (await refreshSession())) return request<T>(method, path, options, true);
    handleLostSession(path, i18n.t('session.expired'));
    error.handled = true;
  } else if (response.status === 401 && !isPublic(path)) {
    handleLostSession(path, i18n.t('session.invalidToken'));
    error.handled = true;
  } else if (response.status === 402 && error.code === 'ERR_TENANT_OVERDUE') {
    // The company is blocked for payment: the app switches to its subscription and settings (billing-state.ts).
    setBillingBlocked(true);
    error.handled = true;
  } else if (response.status >= 500) {
    notifyWarning(errorMessage(error), `http-${error.code ?? response.status}`);
    error.handled = true;
  }
  throw error;
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** multipart/form-data POST (file uploads). */
  upload: <T>(path: string, form: FormData, options?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...options, body: form }),
  /** GET of a file, with the same token, refresh and error rules as every call. */
  download: (path: string, options?: Omit<RequestOptions, 'body'>) => request<DownloadedFile>('GET', path, { ...options, download: true }),
};

/** Saves a downloaded file through a temporary link. */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
