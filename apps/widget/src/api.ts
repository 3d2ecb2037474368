import type { ServerMessage, Session, WidgetConfig } from './types';

/** A failed call: `status` 0 when the network failed (worth retrying), else the HTTP status and the API's code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** Nothing wrong with the request itself: retry later. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

const TIMEOUT_MS = 20_000;

/** The web-chat API of the Conversa server that served the widget. */
export class WebchatApi {
  token: string | null = null;

  constructor(
    private readonly base: string,
    private readonly channel: string,
  ) {}

  config(): Promise<WidgetConfig> {
    return this.request('GET', `/webchat/${encodeURIComponent(this.channel)}/config`);
  }

  startSession(input: { name: string; email?: string; phone?: string }): Promise<Session> {
    return this.request('POST', `/webchat/${encodeURIComponent(this.channel)}/sessions`, input);
  }

  history(since?: string): Promise<{ messages: ServerMessage[]; hasMore: boolean }> {
    return this.request('GET', `/webchat/messages${since ? `?since=${encodeURIComponent(since)}` : ''}`);
  }

  post(clientId: string, body: string): Promise<ServerMessage> {
    return this.request('POST', '/webchat/messages', { clientId, body });
  }

  upload(clientId: string, file: File, body: string): Promise<ServerMessage> {
    const form = new FormData();
    // Fields first, then the file.
    form.append('clientId', clientId);
    if (body) form.append('body', body);
    form.append('file', file, file.name);
    return this.request('POST', '/webchat/media', form, 120_000);
  }

  /** An absolute URL for a path the server returned (media links), only on the server's own origin. */
  resolve(path: string): string | null {
    try {
      const url = new URL(path, this.base);
      return url.origin === new URL(this.base).origin ? url.href : null;
    } catch {
      return null;
    }
  }

  private async request<T>(method: string, path: string, body?: object | FormData, timeoutMs = TIMEOUT_MS): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
    const timer = setTimeout(() => controller?.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetch(this.base + path, {
        method,
        headers,
        body: payload,
        signal: controller?.signal,
        credentials: 'omit',
        mode: 'cors',
      });
    } catch {
      throw new ApiError(0, 'ERR_NETWORK', 'Network error');
    } finally {
      clearTimeout(timer);
    }
    const data = (await response.json().catch(() => null)) as (T & { error?: string; message?: string }) | null;
    if (!response.ok) throw new ApiError(response.status, data?.error ?? 'ERR_UNKNOWN', data?.message ?? response.statusText);
    return data as T;
  }
}
