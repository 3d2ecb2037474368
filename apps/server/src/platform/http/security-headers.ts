import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer (the web app, the API, errors), through helmet:
 * - CSP: scripts from this origin only; styles also inline (Mantine sets style attributes and
 *   injects its CSS variables in a <style>); images also from https: (contacts' profile pictures
 *   come from the providers' CDNs), data: and blob: (QR codes, previews); media from blob: (audio
 *   recorded in the browser); connections to this origin only (the API and its WebSocket);
 *   frame-ancestors 'none': nothing of Conversa is meant to be framed. Pages with stricter needs
 *   (the web-chat demo, /demo/whatsapp, media) set their own CSP, which replaces this one.
 * - nosniff, Referrer-Policy strict-origin-when-cross-origin, X-Frame-Options DENY (older browsers),
 *   Cross-Origin-Opener-Policy same-origin, HSTS (ignored by browsers over plain http).
 * - No Cross-Origin-Resource-Policy by default: the widget's /widget.js and the media it shows are
 *   loaded by the tenants' own sites (/widget.js sets `cross-origin` itself).
 * helmet's middleware is built once (@fastify/helmet built it again for every request: a tenth of a
 * millisecond of every answer, parsing the same directives).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const applySecurityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  // Set on the raw answer before any handler: a route's own header (a stricter CSP) replaces it.
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
