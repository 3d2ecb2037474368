import fastifyMultipart from '@fastify/multipart';
import {
  auditEntrySchema,
  auditQuerySchema,
  channelSessionSchema,
  channelSessionsQuerySchema,
  CHANNEL_STATUSES,
  consoleBodySchema,
  consoleResultSchema,
  failedJobSchema,
  idParamSchema,
  maintenanceRunParamsSchema,
  maintenanceRunSchema,
  mediaCleanupBodySchema,
  mediaMigrationBodySchema,
  mediaMigrationSchema,
  mediaStorageSchema,
  platformChannelParamsSchema,
  QUEUE_MONITOR_REFRESH_MS,
  QUEUE_RESTART_ADVICE_LIMIT,
  queueJobParamsSchema,
  queueListSchema,
  queueParamsSchema,
  queueRestartSchema,
  systemVersionSchema,
  tenantUsageSchema,
  UPDATE_BUNDLE_NAME,
  UPDATE_UPLOAD_MAX_BYTES,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import type { ChannelRow } from '../channels/channels.repository.js';
import { listChannelSessions } from '../channels/use-cases/list-channel-sessions.js';
import {
  presentAudit,
  presentChannelSession,
  presentFailedJob,
  presentMaintenanceRun,
  presentMediaMigration,
  presentTenantUsage,
} from './platform-ops.presenter.js';
import { controlChannelSession, type SessionAction } from './use-cases/control-channel-session.js';
import { deleteFailedJob } from './use-cases/delete-failed-job.js';
import { getMaintenanceRun, getMaintenanceRuns } from './use-cases/get-maintenance-runs.js';
import { getMediaMigration, getMediaMigrations } from './use-cases/get-media-migrations.js';
import { getMediaStorage } from './use-cases/get-media-storage.js';
import { getSystemVersion } from './use-cases/get-system-version.js';
import { listAudit } from './use-cases/list-audit.js';
import { listFailedJobs } from './use-cases/list-failed-jobs.js';
import { listQueues } from './use-cases/list-queues.js';
import { listTenantUsage } from './use-cases/list-tenant-usage.js';
import { refuseUpdateBundle } from './use-cases/refuse-update-bundle.js';
import { restartQueue } from './use-cases/restart-queue.js';
import { retryFailedJob } from './use-cases/retry-failed-job.js';
import { runConsoleCommand } from './use-cases/run-console-command.js';
import { startMediaCleanup } from './use-cases/start-media-cleanup.js';
import { startMediaMigration } from './use-cases/start-media-migration.js';

const tags = ['platform'];

const sessionActionSchema = z.object({ id: z.number().int(), tenantId: z.number().int(), status: z.enum(CHANNEL_STATUSES) });
const presentAction = (channel: ChannelRow) => ({ id: channel.id, tenantId: channel.tenantId, status: channel.status });
const SESSION_ACTIONS: readonly SessionAction[] = ['restart', 'disconnect'];

/**
 * Platform monitors and safe maintenance tools (issue 15): the sessions of every tenant's channels
 * (and a tenant admin's own, /sessoes), the task-queue monitor, tenant environment data, the
 * running version and pending migrations, the orphaned-media cleanup, the diagnostics console and
 * the refused update upload. Every action is audited (GET /platform/audit).
 */
export const platformOpsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- channel sessions ----
    app.get('/platform/channel-sessions', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description:
          "/sessoestenants: every tenant's channels (or one tenant's) with status, number, last activity and the server process holding a QR-code session.",
        querystring: channelSessionsQuerySchema,
        response: { 200: z.array(channelSessionSchema), ...errorResponses },
      },
      handler: async (request) =>
        (await listChannelSessions(ctx, actorOf(request), { scope: 'platform', ...request.query })).map(presentChannelSession),
    });

    for (const action of SESSION_ACTIONS) {
      app.post(`/platform/tenants/:tenantId/channel-sessions/:id/${action}`, {
        config: { auth: 'platform' },
        schema: {
          tags,
          description: `${action === 'restart' ? 'Reconnects (the phone stays paired)' : 'Disconnects'} any tenant's channel, through the channels module. Audited.`,
          params: platformChannelParamsSchema,
          response: { 200: sessionActionSchema, ...errorResponses },
        },
        handler: async (request) =>
          presentAction(
            await controlChannelSession(ctx, actorOf(request), { action, tenantId: request.params.tenantId, channelId: request.params.id }),
          ),
      });

      app.post(`/channel-sessions/:id/${action}`, {
        config: { auth: 'admin' },
        schema: {
          tags,
          description: `/sessoes: ${action === 'restart' ? 'reconnects' : 'disconnects'} one of the admin's own tenant's channels. Audited.`,
          params: idParamSchema,
          response: { 200: sessionActionSchema, ...errorResponses },
        },
        handler: async (request) => {
          const actor = actorOf(request);
          return presentAction(await controlChannelSession(ctx, actor, { action, tenantId: actor.tenantId, channelId: request.params.id }));
        },
      });
    }

    app.get('/channel-sessions', {
      config: { auth: 'admin' },
      schema: {
        tags,
        description: "/sessoes: the admin's own tenant's channels with their session facts.",
        querystring: channelSessionsQuerySchema.pick({ status: true }),
        response: { 200: z.array(channelSessionSchema), ...errorResponses },
      },
      handler: async (request) =>
        (await listChannelSessions(ctx, actorOf(request), { scope: 'tenant', status: request.query.status })).map(presentChannelSession),
    });

    // ---- task-queue monitor ----
    app.get('/platform/queues', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description:
          '/tenantsQueue (SPEC §9, refreshed every 10 s): every job queue with its waiting, active, failed and completed jobs and the restart advice.',
        response: { 200: queueListSchema, ...errorResponses },
      },
      handler: async (request) => ({
        queues: await listQueues(ctx, actorOf(request)),
        refreshMs: QUEUE_MONITOR_REFRESH_MS,
        restartAdviceLimit: QUEUE_RESTART_ADVICE_LIMIT,
      }),
    });

    app.get('/platform/queues/:name/failed', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: "A queue's failed jobs (newest first, at most 100) with their errors; never their payloads.",
        params: queueParamsSchema,
        response: { 200: z.array(failedJobSchema), ...errorResponses },
      },
      handler: async (request) => (await listFailedJobs(ctx, actorOf(request), request.params.name)).map(presentFailedJob),
    });

    app.post('/platform/queues/:name/restart', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: 'Restarts a queue: its failed jobs run again and its workers here are woken (SPEC §9). Audited.',
        params: queueParamsSchema,
        response: { 200: queueRestartSchema, ...errorResponses },
      },
      handler: async (request) => restartQueue(ctx, actorOf(request), request.params.name),
    });

    app.post('/platform/queues/:name/jobs/:id/retry', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: 'Runs a failed job again. Audited.',
        params: queueJobParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await retryFailedJob(ctx, actorOf(request), request.params.name, request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.delete('/platform/queues/:name/jobs/:id', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: 'Deletes a failed job. Audited.',
        params: queueJobParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await deleteFailedJob(ctx, actorOf(request), request.params.name, request.params.id);
        return reply.status(204).send(null);
      },
    });

    // ---- tenant environment data, version ----
    app.get('/platform/tenant-usage', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: '/tenantsPk: per tenant its users, channels, storage used by message files, messages this month and last activity.',
        response: { 200: z.array(tenantUsageSchema), ...errorResponses },
      },
      handler: async (request) => (await listTenantUsage(ctx, actorOf(request))).map(presentTenantUsage),
    });

    app.get('/platform/version', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: '/atualizar: the running version and the pending migrations.',
        response: { 200: systemVersionSchema, ...errorResponses },
      },
      handler: async (request) => getSystemVersion(ctx, actorOf(request)),
    });

    // ---- maintenance ----
    app.get('/platform/maintenance/runs', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: 'The latest maintenance runs with their progress.',
        response: { 200: z.array(maintenanceRunSchema), ...errorResponses },
      },
      handler: async (request) => (await getMaintenanceRuns(ctx, actorOf(request))).map(presentMaintenanceRun),
    });

    app.get('/platform/maintenance/runs/:id', {
      config: { auth: 'platform' },
      schema: { tags, params: maintenanceRunParamsSchema, response: { 200: maintenanceRunSchema, ...errorResponses } },
      handler: async (request) => presentMaintenanceRun(await getMaintenanceRun(ctx, actorOf(request), request.params.id)),
    });

    app.post('/platform/maintenance/media-cleanup', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description:
          'Starts the orphaned-media cleanup as a job (files older than 24 h that no row names); `dryRun` only counts them. One at a time. Audited.',
        body: mediaCleanupBodySchema,
        response: { 202: maintenanceRunSchema, ...errorResponses },
      },
      handler: async (request, reply) =>
        reply.status(202).send(presentMaintenanceRun(await startMediaCleanup(ctx, actorOf(request), { dryRun: request.body.dryRun }))),
    });

    // ---- media storage and its migration ----
    app.get('/platform/media-storage', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description:
          'Where message files are kept now (the local folder or S3-compatible storage) and whether S3 is configured (bucket and endpoint, never the keys).',
        response: { 200: mediaStorageSchema, ...errorResponses },
      },
      handler: async (request) => getMediaStorage(ctx, actorOf(request)),
    });

    app.post('/platform/maintenance/media-migration', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description:
          'Starts copying every stored file to `target` (from the other location) as a resumable job; a file already there with the same size and checksum is skipped; at the end the target is where files are kept. One at a time; 409 ERR_MEDIA_S3_NOT_CONFIGURED without the MEDIA_S3_* settings. Audited.',
        body: mediaMigrationBodySchema,
        response: { 202: mediaMigrationSchema, ...errorResponses },
      },
      handler: async (request, reply) =>
        reply.status(202).send(presentMediaMigration(await startMediaMigration(ctx, actorOf(request), request.body))),
    });

    app.get('/platform/maintenance/media-migrations', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: 'The latest media migrations with their progress (files and bytes).',
        response: { 200: z.array(mediaMigrationSchema), ...errorResponses },
      },
      handler: async (request) => (await getMediaMigrations(ctx, actorOf(request))).map(presentMediaMigration),
    });

    app.get('/platform/maintenance/media-migrations/:id', {
      config: { auth: 'platform' },
      schema: { tags, params: maintenanceRunParamsSchema, response: { 200: mediaMigrationSchema, ...errorResponses } },
      handler: async (request) => presentMediaMigration(await getMediaMigration(ctx, actorOf(request), request.params.id)),
    });

    // ---- diagnostics console ----
    app.post('/platform/console', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description:
          '/terminal: runs one of a fixed set of read-only diagnostics (health, versions, database, queues, errors); never a shell. Audited.',
        body: consoleBodySchema,
        response: { 200: consoleResultSchema, ...errorResponses },
      },
      handler: async (request) => runConsoleCommand(ctx, actorOf(request), request.body.command),
    });

    // ---- audit ----
    app.get('/platform/audit', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: 'The audit log of these actions, newest first.',
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errorResponses },
      },
      handler: async (request) => (await listAudit(ctx, actorOf(request), request.query)).map(presentAudit),
    });

    await app.register(updateUploadRoute(ctx));
  };

/** The update upload in its own plugin, so that the multipart parser exists for it alone. */
const updateUploadRoute =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: UPDATE_UPLOAD_MAX_BYTES, files: 1, fields: 0 } });
    app.post('/platform/update', {
      config: { auth: 'platform' },
      schema: {
        tags,
        description: `SPEC §2 "start update" with an uploaded ${UPDATE_BUNDLE_NAME}: always refused (400 ERR_UPDATE_NOT_VERIFIED, or ERR_UPDATE_FILE_NAME for another name) — uploaded code is never stored, unpacked or run; the answer says how to update. The file is read only to be discarded, at most ${UPDATE_UPLOAD_MAX_BYTES / 1024 / 1024} MB. Audited.`,
        consumes: ['multipart/form-data'],
        response: { 413: errorResponses[400], 415: errorResponses[400], ...errorResponses },
      },
      handler: async (request) => {
        if (!request.isMultipart()) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
        const file = await request.file();
        if (!file) throw new AppError('ERR_VALIDATION', 'No file was uploaded.', { file: ['Required'] });
        let bytes = 0;
        for await (const chunk of file.file) bytes += (chunk as Buffer).length;
        return refuseUpdateBundle(ctx, actorOf(request), { name: file.filename, bytes, truncated: file.file.truncated });
      },
    });
  };
