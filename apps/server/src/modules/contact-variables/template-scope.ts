import { AsyncLocalStorage } from 'node:async_hooks';
import { setCustomVariableScope } from '@conversa/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { contactVariableNames } from './use-cases/contact-variable-names.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body holds texts with {{variables}}: the tenant's contact variables are read before it is validated. */
    templateVariables?: boolean;
  }
}

interface Scope {
  names: readonly string[];
}

const scopes = new AsyncLocalStorage<Scope>();

// The shared template checks (templateText(), unknownTemplateVariables()) accept the names of the request's
// tenant on the routes that save texts; elsewhere (presenters, the flow engine) texts read back were checked when saved.
setCustomVariableScope(() => scopes.getStore()?.names ?? 'any');

/**
 * Routes flagged `config.templateVariables` validate their texts against the fixed variables and the
 * tenant's contact variables: the request runs inside a scope (opened before any other hook, so the
 * validation and the handler see it) that is filled once the caller is authenticated.
 */
export function registerTemplateVariableScope(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.routeOptions.config.templateVariables) return done();
    scopes.run({ names: [] }, done);
  });
  app.addHook('preValidation', async (request) => {
    const scope = scopes.getStore();
    if (!scope || !request.actor) return;
    scope.names = await contactVariableNames(ctx.db, request.actor.tenantId);
  });
}

/** Runs `work` as a request of a tenant whose contact variables are `names` (what a web form checks with). */
export function withContactVariables<T>(names: readonly string[], work: () => T): T {
  return scopes.run({ names }, work);
}
