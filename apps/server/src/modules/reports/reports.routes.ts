import { reportExportBodySchema, reportExportSchema, reportPageQuerySchema, reportPageSchema, REPORT_NAMES } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { REPORT_CONTENT_TYPES } from './report-files.js';
import { getReportExport, openReportExportDownload } from './use-cases/get-report-export.js';
import { getReportPage } from './use-cases/get-report-page.js';
import { startReportExport } from './use-cases/start-report-export.js';

const tags = ['reports'];
const reportParams = z.object({
  report: z
    .string()
    .max(64)
    .describe(`One of: ${REPORT_NAMES.join(', ')}.`),
});
const exportParams = z.object({ id: z.uuid() });

/** The reports of /relatorios (SPEC §2, §3 "Report columns", §5): pages on screen and exports, for supervisors and administrators. */
export const reportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/reports/exports/:id', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'An export of the caller (only its maker sees it): status and progress.',
        params: exportParams,
        response: { 200: reportExportSchema, ...errorResponses },
      },
      handler: async (request) => getReportExport(ctx, actorOf(request), request.params.id),
    });
    app.get('/reports/exports/:id/download', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'The finished export file (CSV or XLSX), streamed; 409 ERR_REPORT_EXPORT_NOT_READY before it is done.',
        params: exportParams,
        produces: Object.values(REPORT_CONTENT_TYPES),
        response: { 200: z.any().describe('The file (text/csv or XLSX).'), ...errorResponses },
      },
      handler: async (request, reply) => {
        const file = await openReportExportDownload(ctx, actorOf(request), request.params.id);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.stream);
      },
    });
    app.get('/reports/:report', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          "One page of a report's rows (filters as in REPORT_FILTERS, lists comma-separated; sort: a column key). Missing required filters answer 400 with SPEC §5's texts; an unknown report 404.",
        params: reportParams,
        querystring: reportPageQuerySchema,
        response: { 200: reportPageSchema, ...errorResponses },
      },
      handler: async (request) => getReportPage(ctx, actorOf(request), request.params.report, request.query),
    });
    app.post('/reports/:report/exports', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          "Starts an export of the report's rows (CSV or XLSX) as a background job; progress by GET /reports/exports/{id} and the `report:export` socket event.",
        params: reportParams,
        body: reportExportBodySchema,
        response: { 202: reportExportSchema, ...errorResponses },
      },
      handler: async (request, reply) =>
        reply.status(202).send(await startReportExport(ctx, actorOf(request), request.params.report, request.body)),
    });
  };
