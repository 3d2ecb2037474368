import { MAIN_TENANT_ID } from '@conversa/shared';
import { AppError } from '../../platform/http/app-error.js';
import { isAdmin, isPlatformAdmin, type Actor } from '../auth/actor.js';

/**
 * /customizar: tenant 1's branding is the platform's, changed by the platform superadmin only; any
 * other company's administrators set their own (optional) override. Routes admit admins; this tells
 * tenant 1's plain admins apart.
 */
export const BRANDING_AUTH = 'admin' as const;

export function assertCanCustomise(actor: Actor): void {
  if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
  if (actor.tenantId === MAIN_TENANT_ID && !isPlatformAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}

/** The login page's background is the platform's alone: the login page is shown before any company is known. */
export function assertCanSetBackground(actor: Actor): void {
  if (!isPlatformAdmin(actor))
    throw new AppError('ERR_NO_PERMISSION', "The login page's background belongs to the platform: only the platform superadmin sets it.");
}
