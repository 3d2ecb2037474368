import { AppError } from '../../platform/http/app-error.js';
import { isPlatformAdmin, type Actor } from '../auth/actor.js';

/**
 * Platform monitors and maintenance (issue 15): the superadmin of tenant 1 only, whatever else the
 * caller is (a tenant's superadmin or tenant 1's admin are refused); the routes say so too
 * (auth 'platform'). The diagnostics console's refusal is shown by the web app as SPEC §8's
 * 'Usuário não autorizado a acessar o terminal'.
 */
export function assertPlatformOperator(actor: Actor): void {
  if (!isPlatformAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
