/**
 * How pt.json is downloaded, by top-level section (pt.json stays one file: the build splits it,
 * locale-sections.ts; lib/i18n.ts loads the parts):
 * - FIRST_SECTIONS, in the app's first download: what the login and password-reset pages, the
 *   app's frame and the HTTP client show;
 * - INBOX_SECTIONS, with the signed-in app's frame and the inbox (lazyPage `texts: 'inbox'`);
 * - the rest (administration screens, channels, sign-up), with any other screen.
 * src/locales/sections.test.ts checks that the login and inbox code use no text beyond its parts.
 */
export const FIRST_SECTIONS = ['app', 'common', 'errors', 'forgot', 'login', 'reset', 'session', 'validation'] as const;

/**
 * Of the `errors` section, only what the public pages can meet is in the first download (the
 * client's own errors, the sign-in and password-reset answers, the HTTP layer's refusals); the other
 * error texts (≈ 3 kB gzip) come with the inbox sections, before any signed-in screen shows.
 * src/locales/sections.test.ts checks this list against the server's auth module and HTTP layer.
 */
export const FIRST_ERRORS = [
  'unknown',
  'ERR_NETWORK',
  'ERR_TIMEOUT',
  'ERR_INTERNAL',
  'ERR_SERVICE_UNAVAILABLE',
  'ERR_ROUTE_NOT_FOUND',
  'ERR_PAYLOAD_TOO_LARGE',
  'ERR_UNSUPPORTED_MEDIA_TYPE',
  'ERR_VALIDATION',
  'ERR_INVALID_CREDENTIALS',
  'ERR_LIMIT_MAX',
  'ERR_SESSION_EXPIRED',
  'ERR_INVALID_TOKEN',
  'ERR_INVALID_RESET_TOKEN',
  'ERR_NO_PERMISSION',
  'ERR_TENANT_INACTIVE',
  'ERR_TENANT_OVERDUE',
] as const;
export const INBOX_SECTIONS = [
  'contacts',
  'forbidden',
  'menu',
  'notFound',
  'profile',
  'profiles',
  'templates',
  'tickets',
  'records',
  'notifications',
  'wallets',
  // issue 11: the resolve dialog's reason and the ticket panel's menu entry
  'ticketReasons',
  'ticketPanel',
  // issue 12: the birthdays menu entry
  'birthdays',
  // issue 12: the chat composer's message-scheduling dialog
  'schedules',
  // issue 12: the chat header's SMS modal
  'sms',
  // issue 15: the blocked / trial notice above every screen
  'billingNotice',
  // issue 15: an incoming call rings, and a call in progress shows, on every screen (CallDock)
  'callDock',
] as const;
