import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { registerAuthentication } from './modules/auth/authenticate.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { userTenantsRoutes } from './modules/user-tenants/user-tenants.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { registerErrorHandling } from './platform/http/error-handler.js';
import { registerHealthRoutes } from './platform/http/health.routes.js';
import { registerMetrics } from './platform/observability/metrics.js';

export interface BuildAppOptions {
  /** Folder of the built web app, served at `/` when present. */
  webDist?: string;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: ctx.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Many clients of the peer products call the same paths with or without the trailing slash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAuthentication(app, ctx);
  registerMetrics(app, { token: ctx.env.METRICS_TOKEN });
  registerHealthRoutes(app, ctx.database);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Conversa API', description: 'Multi-tenant customer-service and messaging platform', version: '0.1.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const auth = input.route.config?.auth;
      // Record each route's auth level in the document (x-auth), and the bearer requirement.
      const schema = { ...transformed.schema, 'x-auth': auth, ...(auth && auth !== 'public' ? { security: [{ bearerAuth: [] }] } : {}) };
      return { ...transformed, schema } as typeof transformed;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  for (const routes of [authRoutes, usersRoutes, tenantsRoutes, plansRoutes, settingsRoutes, userTenantsRoutes]) {
    await app.register(routes(ctx));
  }

  if (options.webDist && existsSync(options.webDist)) {
    // Hash-routed single page app: only `/` and its assets are files.
    await app.register(fastifyStatic, { root: options.webDist, wildcard: false, index: ['index.html'] });
  }
  return app;
}
