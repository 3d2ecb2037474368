import { AppError } from '../../../../platform/http/app-error.js';
import type { WebchatSettings } from './webchat.schemas.js';

/** Visitors reach a channel only while it is a connected web-chat channel; anything else is "not found". */
export function assertChannelAcceptsVisitors(channel: { type: string; status: string } | undefined): void {
  if (!channel || channel.type !== 'webchat' || channel.status !== 'connected') throw new AppError('ERR_NO_WAPP_FOUND');
}

/**
 * The sites allowed to embed a channel's widget (settings.allowedOrigins; empty = any site). The
 * product's own pages (the demo) are always allowed. A request without Origin (not from a browser
 * page) is not refused here: the visitor token and the rate limits are what protect the API.
 */
export function assertOriginAllowed(
  settings: Pick<WebchatSettings, 'allowedOrigins'>,
  origin: string | undefined,
  host: string | undefined,
): void {
  if (!origin || settings.allowedOrigins.length === 0) return;
  const normalized = origin.toLowerCase().replace(/\/+$/, '');
  if (settings.allowedOrigins.includes(normalized)) return;
  if (host && sameHost(normalized, host)) return;
  throw new AppError('ERR_NO_PERMISSION', 'This site may not embed this chat.');
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
