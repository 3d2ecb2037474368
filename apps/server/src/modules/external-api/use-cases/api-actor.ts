import type { Actor } from '../../auth/actor.js';
import type { ApiConfigRow } from '../external-api.repository.js';

/**
 * The contact use cases read only the tenant from their actor: the external API passes this one,
 * which names no user (ids start at 1) and has the least profile, so a use case that checked more
 * would refuse rather than grant.
 */
export function apiActor(config: ApiConfigRow): Actor {
  return { userId: 0, tenantId: config.tenantId, profile: 'user', sessionId: `api:${config.id}` };
}
