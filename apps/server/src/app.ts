import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { registerAuthentication } from './modules/auth/authenticate.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { userTenantsRoutes } from './modules/user-tenants/user-tenants.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { queuesRoutes } from './modules/queues/queues.routes.js';
import { channelsRoutes } from './modules/channels/channels.routes.js';
import { quickMessagesRoutes } from './modules/quick-messages/quick-messages.routes.js';
import { demandsRoutes } from './modules/demands/demands.routes.js';
import { lanesRoutes } from './modules/lanes/lanes.routes.js';
import { tagsRoutes } from './modules/tags/tags.routes.js';
import { protocolsRoutes } from './modules/protocols/protocols.routes.js';
import { insightRoutes } from './modules/insight/insight.routes.js';
import { notesRoutes } from './modules/notes/notes.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { pushNotifications } from './modules/notifications/listeners/push-notifications.js';
import { tasksRoutes } from './modules/tasks/tasks.routes.js';
import { birthdaysRoutes } from './modules/birthdays/birthdays.routes.js';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.js';
import { pushCampaignEvents } from './modules/campaigns/listeners/push-campaign-events.js';
import { pushMassSendEvents } from './modules/mass-sends/listeners/push-mass-send-events.js';
import { massSendsRoutes } from './modules/mass-sends/mass-sends.routes.js';
import { kanbanRoutes } from './modules/kanban/kanban.routes.js';
import { pushLaneEvents } from './modules/lanes/listeners/push-lane-events.js';
import { teamsRoutes } from './modules/teams/teams.routes.js';
import { privateChatRoutes } from './modules/private-chat/private-chat.routes.js';
import { pushPrivateChatEvents } from './modules/private-chat/listeners/push-private-chat.js';
import { businessHoursRoutes } from './modules/business-hours/business-hours.routes.js';
import { autoRepliesRoutes } from './modules/auto-replies/auto-replies.routes.js';
import { farewellMessagesRoutes } from './modules/farewell-messages/farewell-messages.routes.js';
import { ratingsRoutes } from './modules/ratings/ratings.routes.js';
import { contactVariablesRoutes } from './modules/contact-variables/contact-variables.routes.js';
import { registerTemplateVariableScope } from './modules/contact-variables/template-scope.js';
import { scheduledMessagesRoutes } from './modules/scheduled-messages/scheduled-messages.routes.js';
import { smsRoutes } from './modules/sms/sms.routes.js';
import { aiBotsRoutes } from './modules/ai-bots/ai-bots.routes.js';
import { groupToolsRoutes } from './modules/group-tools/group-tools.routes.js';
import { apiConfigsRoutes } from './modules/external-api/api-configs.routes.js';
import { tenantSmtpRoutes } from './modules/tenant-smtp/tenant-smtp.routes.js';
import { channelDefaultsRoutes } from './modules/channels/channel-defaults.routes.js';
import { externalApiRoutes } from './modules/external-api/external-api.routes.js';
import { tenantAdminApiRoutes } from './modules/tenant-api/tenant-admin-api.routes.js';
import { tenantApisRoutes } from './modules/tenant-api/tenant-apis.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { brandingRoutes } from './modules/branding/branding.routes.js';
import { webPushRoutes } from './modules/web-push/web-push.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { pushBillingEvents } from './modules/billing/listeners/push-billing-events.js';
import { platformOpsRoutes } from './modules/platform-ops/platform-ops.routes.js';
import { callsRoutes } from './modules/calls/calls.routes.js';
import { pushReportExportEvents } from './modules/reports/listeners/push-report-export-events.js';
import { pushScheduleEvents } from './modules/scheduled-messages/listeners/push-schedule-events.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './platform/http/error-handler.js';
import { registerInputGuard } from './platform/http/input-guard.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerSessionCookies } from './modules/auth/session-cookies.js';
import { registerHealthRoutes } from './platform/http/health.routes.js';
import { requestLogController } from './platform/observability/logger.js';
import { registerMetrics } from './platform/observability/metrics.js';
import { Realtime } from './platform/realtime/realtime.js';
import { keepFocusedTicketRead } from './modules/tickets/listeners/keep-focused-ticket-read.js';
import { pushInboxEvents } from './modules/tickets/listeners/push-inbox-events.js';
import { reroomOnVisibilitySettings } from './modules/tickets/listeners/reroom-on-visibility-settings.js';
import { pushNoteEvents } from './modules/notes/listeners/push-note-events.js';
import { registerAgentSockets } from './modules/users/agent-sockets.js';
import { dropRevokedSockets } from './modules/users/listeners/drop-revoked-sockets.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { ticketsRoutes } from './modules/tickets/tickets.routes.js';
import { chatbotRoutes } from './modules/chatbot/chatbot.routes.js';
import { webchatRoutes } from './modules/channels/adapters/webchat/webchat.routes.js';
import { allAdapters } from './modules/channels/adapters/registry.js';
import { registerWebchatSockets } from './modules/channels/adapters/webchat/webchat.sockets.js';
import { registerDemoSimulators } from './modules/demo/demo-simulators.js';
import { registerNumericParams } from './platform/http/numeric-params.js';

export interface BuildAppOptions {
  /** Folder of the built web app, served at `/` when present. */
  webDist?: string;
}

/** Fastify's compiler factories typed for Ajv schemas; these answer the zod compilers set below. */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const logger: FastifyBaseLogger = ctx.logger;
  const app = Fastify({
    loggerInstance: logger,
    logController: requestLogController(ctx.env, ctx.logger),
    trustProxy: ctx.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // avvio's default is 10 s per plugin, timed on the clock: a start after a crash (the embedded
    // database's recovery and the jobs put back share this thread) on a busy machine took longer
    // and the server exited instead of starting. A plugin that truly hangs still fails the start.
    pluginTimeout: 120_000,
    // Many clients of the peer products call the same paths with or without the trailing slash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors raised before any route runs (bad URL encoding, over-long parameter, malformed HTTP) get the API's error body too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Every schema is zod: Fastify's default compilers (Ajv, fast-json-stringify) need not be loaded.
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  await registerSessionCookies(app, ctx);
  registerInputGuard(app);
  // Before authentication: the scope it opens holds every later hook, the validation and the handler.
  registerTemplateVariableScope(app, ctx);
  registerAuthentication(app, ctx);
  registerMetrics(app, { token: ctx.env.METRICS_TOKEN, database: ctx.database });
  registerHealthRoutes(app, ctx.database);
  registerNumericParams(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Conversa API', description: 'Multi-tenant customer-service and messaging platform', version: '0.1.0' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiToken: { type: 'http', scheme: 'bearer', description: "An API configuration's token (external API)." },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const auth = input.route.config?.auth;
      // Record each route's auth level in the document (x-auth), and the bearer requirement.
      const schema = {
        ...transformed.schema,
        'x-auth': auth,
        ...(auth && auth !== 'public' && auth !== 'apiToken' ? { security: [{ bearerAuth: [] }] } : {}),
      };
      return { ...transformed, schema };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  for (const routes of [
    authRoutes,
    usersRoutes,
    tenantsRoutes,
    plansRoutes,
    settingsRoutes,
    userTenantsRoutes,
    ticketsRoutes,
    messagesRoutes,
    contactsRoutes,
    queuesRoutes,
    channelsRoutes,
    businessHoursRoutes,
    autoRepliesRoutes,
    farewellMessagesRoutes,
    ratingsRoutes,
    quickMessagesRoutes,
    chatbotRoutes,
    lanesRoutes,
    demandsRoutes,
    contactVariablesRoutes,
    tagsRoutes,
    protocolsRoutes,
    notesRoutes,
    notificationsRoutes,
    tasksRoutes,
    campaignsRoutes,
    massSendsRoutes,
    kanbanRoutes,
    teamsRoutes,
    privateChatRoutes,
    birthdaysRoutes,
    scheduledMessagesRoutes,
    smsRoutes,
    aiBotsRoutes,
    groupToolsRoutes,
    apiConfigsRoutes,
    tenantApisRoutes,
    tenantSmtpRoutes,
    channelDefaultsRoutes,
    webhooksRoutes,
    insightRoutes,
    reportsRoutes,
    brandingRoutes,
    webPushRoutes,
    billingRoutes,
    platformOpsRoutes,
    callsRoutes,
  ]) {
    await app.register(routes(ctx));
  }
  await app.register(webchatRoutes(ctx));
  // Its own authentication (an API configuration's token) and rate limit, in its own scope.
  await app.register(externalApiRoutes(ctx));
  // The tenant administration API: a Tenant API token's, same rules, in its own scope.
  await app.register(tenantAdminApiRoutes(ctx));
  // Each provider's webhook lives with its adapter, under /webhooks/<type>.
  for (const adapter of allAdapters()) {
    if (adapter.webhookRoutes) await app.register(adapter.webhookRoutes(ctx), { prefix: `/webhooks/${adapter.type}` });
  }
  // DEMO_SIMULATORS=true: in-process Meta Cloud API simulator, tenant 1's demo channel, /demo/whatsapp.
  await registerDemoSimulators(app, ctx);

  const realtime = new Realtime(app.server, ctx.logger);
  if (ctx.env.REDIS_URL) await realtime.useRedis(ctx.env.REDIS_URL);
  ctx.realtime = realtime;
  registerAgentSockets(ctx, realtime);
  dropRevokedSockets(ctx, realtime);
  registerWebchatSockets(ctx, realtime);
  pushInboxEvents(ctx, realtime);
  reroomOnVisibilitySettings(ctx, realtime);
  pushNoteEvents(ctx, realtime);
  pushLaneEvents(ctx, realtime);
  pushCampaignEvents(ctx, realtime);
  pushMassSendEvents(ctx, realtime);
  keepFocusedTicketRead(ctx, realtime);
  pushNotifications(ctx, realtime);
  pushPrivateChatEvents(ctx, realtime);
  pushScheduleEvents(ctx, realtime);
  pushReportExportEvents(ctx, realtime);
  pushBillingEvents(ctx, realtime);
  // Sockets are long-lived connections: drop them first, or closing the HTTP server would wait forever.
  app.addHook('preClose', async () => realtime.close());

  if (options.webDist && existsSync(options.webDist)) {
    // Hash-routed single page app: only `/` and its assets are files. Looked up per request (not
    // listed once at start): a new build deployed beside a running server is served at once, as the
    // open pages' version check expects. A path that is no file falls to the not-found handler.
    await app.register(fastifyStatic, { root: options.webDist, index: ['index.html'] });
  }
  return app;
}
