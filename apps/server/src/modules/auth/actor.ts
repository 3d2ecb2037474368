import { MAIN_TENANT_ID, type Profile } from '@conversa/shared';

/** The authenticated user a request acts as. Profile and tenant come from the database, never from the token or body. */
export interface Actor {
  userId: number;
  tenantId: number;
  profile: Profile;
  sessionId: string;
  /** The company is blocked for payment (set by authentication; routes answer ERR_TENANT_OVERDUE but the open ones). */
  billingBlocked?: boolean;
}

export const isAdmin = (actor: Actor) => actor.profile === 'admin' || actor.profile === 'superadmin';
export const isSupervisorOrAdmin = (actor: Actor) => actor.profile === 'super' || isAdmin(actor);
/** The platform administrator: superadmin of the main tenant. */
export const isPlatformAdmin = (actor: Actor) => actor.profile === 'superadmin' && actor.tenantId === MAIN_TENANT_ID;
