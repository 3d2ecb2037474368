import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { TENANT_SMTP_AUTH } from './tenant-smtp.policy.js';
import { presentTenantSmtp } from './tenant-smtp.presenter.js';
import { tenantSmtpBodySchema, tenantSmtpSchema, tenantSmtpTestBodySchema, tenantSmtpTestResultSchema } from './tenant-smtp.schemas.js';
import { removeTenantSmtp } from './use-cases/delete-tenant-smtp.js';
import { getTenantSmtp } from './use-cases/get-tenant-smtp.js';
import { saveTenantSmtp } from './use-cases/save-tenant-smtp.js';
import { sendTestEmail } from './use-cases/send-test-email.js';

const tags = ['smtp'];
const config = { auth: TENANT_SMTP_AUTH };

/**
 * The company's own SMTP server (settings tab `smtp`, /configuracoesTenant/smtp-tenant): the
 * e-mails sent on behalf of the company go through it; a test e-mail checks it.
 */
export const tenantSmtpRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/settings/smtp', {
      config,
      schema: {
        tags,
        description: "The company's SMTP server; the password is masked. `configured` is false while the platform's server is used.",
        response: { 200: tenantSmtpSchema, ...errorResponses },
      },
      handler: async (request) => presentTenantSmtp(await getTenantSmtp(ctx, actorOf(request))),
    });

    app.put('/settings/smtp', {
      config,
      schema: {
        tags,
        description:
          "Sets the company's SMTP server: host (a public address), port 1–65535, secure (TLS from the start, port 465), user and password (left out or masked: the stored one, for the same host and user), sender address.",
        body: tenantSmtpBodySchema,
        response: { 200: tenantSmtpSchema, ...errorResponses },
      },
      handler: async (request) => presentTenantSmtp(await saveTenantSmtp(ctx, actorOf(request), request.body)),
    });

    app.delete('/settings/smtp', {
      config,
      schema: {
        tags,
        description:
          "Removes the company's SMTP server: its e-mails go through the platform's again. 409 ERR_SMTP_NOT_CONFIGURED when there is none.",
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await removeTenantSmtp(ctx, actorOf(request));
        return reply.status(204).send(null);
      },
    });

    app.post('/settings/smtp/test', {
      config,
      schema: {
        tags,
        description:
          "Sends a test e-mail to `to` through the saved SMTP server, now. 400 ERR_SMTP_AUTH_REFUSED (user or password), ERR_SMTP_UNREACHABLE (host, port), ERR_SMTP_TLS (secure vs port, certificate), ERR_SMTP_REFUSED (sender or recipient), each with the server's words; 409 ERR_SMTP_NOT_CONFIGURED.",
        body: tenantSmtpTestBodySchema,
        response: { 200: tenantSmtpTestResultSchema, ...errorResponses },
      },
      handler: async (request) => sendTestEmail(ctx, actorOf(request), request.body.to),
    });
  };
