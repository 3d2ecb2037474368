import fastifyCookie from '@fastify/cookie';
import { REFRESH_CSRF_HEADER } from '@conversa/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { KNOWN_DEVICE_TTL_SECONDS } from './known-device.js';
import { hmac } from './refresh-tokens.js';

/**
 * The browser's credentials that scripts must never read, as httpOnly cookies:
 * - the refresh token, sent only to /auth (refresh and logout), SameSite=Strict;
 * - the signed known-device cookie (known-device.ts), sent only to the login route.
 * Both are Secure when the request came over https (directly, or through a TRUST_PROXY proxy
 * saying X-Forwarded-Proto: https).
 */
export const REFRESH_COOKIE = 'conversa_refresh';
export const DEVICE_COOKIE = 'conversa_device';
const REFRESH_PATH = '/auth';
const DEVICE_PATH = '/auth/login';

export async function registerSessionCookies(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Signing key for the device cookie, kept apart from the refresh-token HMAC key it derives from.
  await app.register(fastifyCookie, { secret: hmac(ctx.secrets.jwtRefreshSecret, 'conversa:cookie-signing:v1') });
}

export function setRefreshCookie(reply: FastifyReply, token: string, ttlSeconds: number): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    path: REFRESH_PATH,
    maxAge: ttlSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: 'auto', path: REFRESH_PATH });
}

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}

/** The device cookie's value when its signature holds, else undefined. */
export function deviceCookieOf(request: FastifyRequest): string | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : undefined;
}

export function setDeviceCookie(reply: FastifyReply, value: string): void {
  void reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    path: DEVICE_PATH,
    maxAge: KNOWN_DEVICE_TTL_SECONDS,
    signed: true,
  });
}

/**
 * A refresh by cookie must come from the app itself: SameSite=Strict keeps other sites' requests
 * from carrying the cookie, and the custom header cannot be sent cross-origin without a CORS
 * preflight, which the API does not grant (this also covers sibling subdomains, which SameSite
 * treats as the same site). A browser that says the request is not same-origin (Sec-Fetch-Site) is refused outright.
 */
export function assertAppRequest(request: FastifyRequest): void {
  const header = request.headers[REFRESH_CSRF_HEADER.name];
  const fetchSite = request.headers['sec-fetch-site'];
  if (header !== REFRESH_CSRF_HEADER.value || (fetchSite !== undefined && fetchSite !== 'same-origin')) {
    throw new AppError(
      'ERR_NO_PERMISSION',
      `A session refresh by cookie needs the ${REFRESH_CSRF_HEADER.name} header from the app's own pages.`,
    );
  }
}
