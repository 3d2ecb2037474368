import { MAIN_TENANT_ID } from '@conversa/shared';
import type { Actor } from '../auth/actor.js';

/** The company's subscription page and plan change: its administrators (SPEC §2 assinatura). */
export const SUBSCRIPTION_AUTH = 'admin' as const;
/** Every company's payments, the provider and the overview: the platform superadmin of tenant 1. */
export const BILLING_PLATFORM_AUTH = 'platform' as const;

/**
 * What a company blocked for payment keeps (SPEC §6 "a blocked tenant sees settings only"): signing
 * out, its settings, its subscription and payments, and each user's own profile. Every other route
 * answers 402 ERR_TENANT_OVERDUE. Keys are Fastify route URLs (`request.routeOptions.url`).
 */
const OPEN_ROUTES = new Set([
  'POST /auth/logout/',
  'GET /settings/',
  'PUT /settings/:key',
  'GET /settings/smtp',
  'PUT /settings/smtp',
  'DELETE /settings/smtp',
  'POST /settings/smtp/test',
  'GET /subscription/status',
  'GET /subscription',
  'GET /subscription/billing',
  'PUT /subscription/plan',
  'POST /users/email-change/confirm',
]);
/** The user's own record only (`:id` is the caller). */
const OWN_USER_ROUTES = new Set(['GET /users/:id', 'PUT /users/:id', 'PUT /users/:id/configs', 'PUT /usersIsOnline/:id']);

export function isOpenWhenBlocked(method: string, url: string | undefined, params: unknown, actor: Actor): boolean {
  if (actor.tenantId === MAIN_TENANT_ID || !url) return true;
  const key = `${method} ${url}`;
  if (OPEN_ROUTES.has(key)) return true;
  if (OWN_USER_ROUTES.has(key)) return Number((params as { id?: unknown } | undefined)?.id) === actor.userId;
  return false;
}
