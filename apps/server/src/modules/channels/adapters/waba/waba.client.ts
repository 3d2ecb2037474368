import type { FormData } from 'undici';
import type { z } from 'zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { OutboundBlockedError } from '../../../../platform/http/outbound-http.js';
import { graphFailure, readGraphError } from './waba.errors.js';
import type { WabaSettings } from './waba.schemas.js';

/** The largest file the Cloud API carries (documents: 100 MB). */
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

type Body = { json: unknown } | { form: FormData } | undefined;

/**
 * The Graph API of one channel: `{baseUrl}/{apiVersion}/…` with the channel's bearer token,
 * through the SSRF-safe client. Failures are thrown as the send job expects (waba.errors.ts);
 * an answer of an unexpected shape is a permanent ERR_SENDING_WAPP_MSG, since the request may
 * have taken effect and must not be repeated blindly.
 */
export class GraphClient {
  constructor(
    private readonly ctx: AppContext,
    readonly settings: WabaSettings,
  ) {}

  url(path: string): string {
    return `${this.settings.baseUrl}/${this.settings.apiVersion}/${path}`;
  }

  async call<S extends z.ZodType>(
    action: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    body?: Body,
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.settings.token}` };
    let payload: string | FormData | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) payload = body.form;
    const response = await this.fetch(action, this.url(path), { method, headers, body: payload });
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (!response.ok) throw graphFailure(action, readGraphError(response.status, data));
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new AppError('ERR_SENDING_WAPP_MSG', `WhatsApp Cloud API gave an unexpected answer (${action}).`);
    return parsed.data;
  }

  /**
   * A media file from the URL `GET /{media-id}` gave, with the bearer token. The token goes only
   * over HTTPS or to the configured Graph host (a local simulator).
   */
  async download(url: string): Promise<Buffer> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'The media URL given by the Cloud API is not valid.');
    }
    if (target.protocol !== 'https:' && target.origin !== new URL(this.settings.baseUrl).origin) {
      throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'The media URL given by the Cloud API is not HTTPS.');
    }
    const response = await this.fetch('download media', target.toString(), {
      method: 'GET',
      headers: { authorization: `Bearer ${this.settings.token}` },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw graphFailure('download media', { httpStatus: response.status, message: `HTTP ${response.status}` });
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_MEDIA_BYTES) {
      await response.body?.cancel();
      throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'The media file is larger than 100 MB.');
    }
    const content = Buffer.from(await response.arrayBuffer());
    if (content.length > MAX_MEDIA_BYTES) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'The media file is larger than 100 MB.');
    return content;
  }

  private async fetch(action: string, url: string, init: { method: string; headers: Record<string, string>; body?: string | FormData }) {
    try {
      return await this.ctx.http(url, init);
    } catch (error) {
      if (error instanceof OutboundBlockedError || (error as { cause?: unknown })?.cause instanceof OutboundBlockedError) {
        throw new AppError(
          'ERR_SENDING_WAPP_MSG',
          `The channel's baseUrl is not a public address (${action}); the server does not call private networks.`,
        );
      }
      // Network failure or timeout: the request may not have arrived; retry later.
      throw new Error(`WhatsApp Cloud API could not be reached (${action}): ${(error as Error).message}`, { cause: error });
    }
  }
}
