import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { verifyAccessToken } from './access-token.js';
import { isAdmin, isPlatformAdmin, isSupervisorOrAdmin, type Actor } from './actor.js';
import { findAuthUser } from './auth.repository.js';
import { isOpenWhenBlocked } from '../billing/billing.policy.js';

/**
 * Who may call a route. Every documented route declares one (checked at registration):
 * public, any signed-in user, supervisor or above, admin or above, or the platform superadmin of tenant 1;
 * `apiToken`: the external API, authenticated by an API configuration's token in its own scope
 * (modules/external-api/external-api.routes.ts), never by a user's session.
 */
export type RouteAuth = 'public' | 'user' | 'super' | 'admin' | 'platform' | 'apiToken';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const LEVEL_CHECKS: Record<Exclude<RouteAuth, 'public' | 'user' | 'apiToken'>, (actor: Actor) => boolean> = {
  super: isSupervisorOrAdmin,
  admin: isAdmin,
  platform: isPlatformAdmin,
};

export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    const documented = route.schema && !(route.schema as { hide?: boolean }).hide;
    if (documented && !route.config?.auth) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.auth`);
    }
  });

  // onRequest runs before body parsing and validation: an anonymous caller learns nothing about the payload.
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (!auth || auth === 'public' || auth === 'apiToken') return;
    const actor = await authenticate(ctx, request);
    request.actor = actor;
    if (auth !== 'user' && !LEVEL_CHECKS[auth](actor)) throw new AppError('ERR_NO_PERMISSION');
    // A company blocked for payment keeps its settings, subscription and own profiles only (SPEC §6, §8).
    if (actor.billingBlocked && !isOpenWhenBlocked(request.method, request.routeOptions.url, request.params, actor)) {
      throw new AppError('ERR_TENANT_OVERDUE');
    }
  });
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw new AppError('ERR_INVALID_TOKEN', 'Missing bearer token.');
  const claims = await verifyAccessToken(token, ctx.secrets.jwtSecret);
  const user = await findAuthUser(ctx.db, claims.userId, claims.sessionId);
  if (!user || user.tenantId !== claims.tenantId || !user.sessionActive) throw new AppError('ERR_INVALID_TOKEN');
  if (user.tenantStatus !== 'active') throw new AppError('ERR_TENANT_INACTIVE');
  return {
    userId: user.userId,
    tenantId: user.tenantId,
    profile: user.profile,
    sessionId: claims.sessionId,
    billingBlocked: user.billingBlock !== null,
  };
}

/** The actor of a route that declared a non-public auth level. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('ERR_INVALID_TOKEN');
  return request.actor;
}
