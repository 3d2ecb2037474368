import { MAIN_TENANT_ID } from '@conversa/shared';
import { AppError } from '../../platform/http/app-error.js';

/** SPEC §5: tenant 1 (the main company) can be neither deactivated nor deleted. */
export function assertTenantChangeAllowed(tenantId: number, change: { status?: string; deleting?: boolean }): void {
  if (tenantId !== MAIN_TENANT_ID) return;
  if (change.deleting) throw new AppError('ERR_TENANT_PROTECTED', 'Não é possível excluir a empresa 1 (empresa principal).');
  if (change.status && change.status !== 'active') {
    throw new AppError('ERR_TENANT_PROTECTED', 'Não é possível desativar a empresa 1 (empresa principal).');
  }
}
