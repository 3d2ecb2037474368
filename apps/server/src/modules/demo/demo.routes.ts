import type { MetaCloudSimulator } from '@conversa/simulators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/responses.js';
import { pageLocale } from '../../platform/http/page-locale.js';
import { DEMO_PHONE_CSP, DEMO_PHONE_CSS, DEMO_PHONE_JS, renderDemoPhonePage } from './demo-page.js';
import { DEMO_CHANNEL_NAME } from './use-cases/ensure-demo-channel.js';
import { listDemoReplies, sendDemoCustomerMessage } from './use-cases/demo-customer.js';

const tags = ['demo'];
const numberSchema = z.string().regex(/^\d{10,15}$/, 'Digits only, with the country code (10 to 15 digits).');

/**
 * The demo phone (only with DEMO_SIMULATORS=true): a public page where a newcomer plays the
 * customer of tenant 1's demo WhatsApp channel, and its two JSON endpoints.
 */
export const demoRoutes =
  (sim: MetaCloudSimulator): FastifyPluginAsyncZod =>
  async (app) => {
    const page = (type: string, body: string) => (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply
        .header('content-security-policy', DEMO_PHONE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .type(type)
        .send(body);
    app.get('/demo/whatsapp', { config: { auth: 'public' }, schema: { hide: true } }, (request, reply) =>
      page('text/html; charset=utf-8', renderDemoPhonePage(pageLocale(request, reply), DEMO_CHANNEL_NAME))(request, reply),
    );
    app.get(
      '/demo/whatsapp/phone.js',
      { config: { auth: 'public' }, schema: { hide: true } },
      page('application/javascript; charset=utf-8', DEMO_PHONE_JS),
    );
    app.get(
      '/demo/whatsapp/phone.css',
      { config: { auth: 'public' }, schema: { hide: true } },
      page('text/css; charset=utf-8', DEMO_PHONE_CSS),
    );

    app.post('/demo/whatsapp/messages', {
      config: { auth: 'public' },
      schema: {
        tags,
        description: 'The demo customer sends a message: the Meta Cloud API simulator POSTs the signed webhook to the demo channel.',
        body: z.object({ number: numberSchema, name: z.string().trim().min(1).max(60), text: z.string().min(1).max(4096) }),
        response: { 200: z.object({ messageId: z.string(), accepted: z.boolean() }), ...errorResponses },
      },
      handler: async (request) => sendDemoCustomerMessage(sim, request.body),
    });

    app.get('/demo/whatsapp/replies', {
      config: { auth: 'public' },
      schema: {
        tags,
        description: "The business's messages to the demo customer's number that the simulator received, after the first `after`.",
        querystring: z.object({ number: numberSchema, after: z.coerce.number().int().min(0).max(1_000_000).default(0) }),
        response: {
          200: z.object({
            replies: z.array(z.object({ id: z.string(), at: z.number(), type: z.string(), text: z.string() })),
            next: z.number().int(),
          }),
          ...errorResponses,
        },
      },
      handler: async (request) => listDemoReplies(sim, request.query.number, request.query.after),
    });
  };
