import { z } from 'zod';
import { LANGUAGES } from './notification-texts.js';

/**
 * Web push (issue 15; SPEC §7 "A push service worker registers", SPEC §3 Channel "web push"): the
 * browser's PushSubscription as the web app sends it (PushSubscription.toJSON()), the server's VAPID
 * public key, and what a push carries to the service worker (encrypted end to end, RFC 8291).
 */
export const pushSubscriptionBodySchema = z.object({
  /** The push service's URL for this browser (https). */
  endpoint: z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/ })),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Must be a base64url P-256 public key.'),
    /** The 16-byte authentication secret, base64url. */
    auth: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'Must be a base64url authentication secret.'),
  }),
  /**
   * The language this browser's pushes are worded in (the app's, sent again when the user changes
   * it). Omitted: a new subscription's is pt; a known browser's stays as it was.
   */
  language: z.enum(LANGUAGES).optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.object({ endpoint: z.string().trim().min(1).max(2000) });

/**
 * POST /push/subscriptions/renew: the service worker's `pushsubscriptionchange` (the push service
 * replaced this browser's subscription). The worker has no session token, so it proves it held the
 * old subscription with its endpoint and its authentication secret (16 random bytes the browser made
 * and only the server was told), and gives the new one.
 */
export const pushRenewBodySchema = z.object({
  oldEndpoint: z.string().trim().min(1).max(2000),
  oldAuth: pushSubscriptionBodySchema.shape.keys.shape.auth,
  subscription: pushSubscriptionBodySchema,
});
export type PushRenewBody = z.infer<typeof pushRenewBodySchema>;

/** GET /push/config: the application server key the browser subscribes with. */
export const pushConfigSchema = z.object({ publicKey: z.string() });

export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  language: z.enum(LANGUAGES),
  createdAt: z.string(),
});

/** What the service worker receives (JSON) and shows. */
export interface PushPayload {
  kind: 'message' | 'mention' | 'transfer';
  ticketId: number;
  /** The contact's name (message), or what happened (mention, transfer) in the subscription's language. */
  title: string;
  body: string;
  /** The hash route the notification opens. */
  url: string;
  /** Notifications with the same tag replace each other (one per ticket): a repeated push shows once. */
  tag: string;
}

/** How long a push service keeps an undelivered push (seconds). */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Text of a message in a push, at most. */
export const PUSH_BODY_MAX = 140;

export const PUSH_ERROR_STATUS = {
  /** This browser has no push subscription of the user (already removed). */
  ERR_NO_PUSH_SUBSCRIPTION_FOUND: 404,
} as const;

export const PUSH_ERROR_MESSAGES: Record<keyof typeof PUSH_ERROR_STATUS, string> = {
  ERR_NO_PUSH_SUBSCRIPTION_FOUND: 'This browser does not receive your notifications.',
};
