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
  if (settings.allowedOrigins.length === 0) return;
  const checked = originToCheck(origin, host);
  if (checked === null || settings.allowedOrigins.includes(checked)) return;
  throw new AppError('ERR_NO_PERMISSION', 'This site may not embed this chat.');
}

/**
 * The origin a channel's allowed list must contain, normalised as the list is; null when nothing
 * is to be checked (no Origin: not a browser page; or the product's own page on this host).
 */
export function originToCheck(origin: string | undefined, host: string | undefined): string | null {
  if (!origin) return null;
  const normalized = origin.toLowerCase().replace(/\/+$/, '');
  return host && sameHost(normalized, host) ? null : normalized;
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
