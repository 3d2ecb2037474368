import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { zodFieldProblems } from '../../../../platform/http/field-issues.js';
import { pageLocale } from '../../../../platform/http/page-locale.js';
import { errorResponses } from '../../../../platform/http/responses.js';
import { renderDemoPage, DEMO_PAGE_CSP } from './demo-page.js';
import { getWidgetConfig } from './use-cases/get-widget-config.js';
import { listVisitorMessages } from './use-cases/list-visitor-messages.js';
import { postVisitorMessage, type PostVisitorMessageInput } from './use-cases/post-visitor-message.js';
import { startVisitorSession } from './use-cases/start-visitor-session.js';
import { appendVisitorText } from './use-cases/append-visitor-text.js';
import { authenticateVisitor, parseVisitorToken, visitorTokenFromHeader, type VisitorSession } from './visitor-auth.js';
import { assertOriginAllowed } from './webchat.policy.js';
import { presentVisitorMessage, presentWidgetConfig } from './webchat.presenter.js';
import {
  historyQuerySchema,
  historyResponseSchema,
  mediaFieldsSchema,
  postMessageBodySchema,
  publicKeyParamsSchema,
  sessionResponseSchema,
  startSessionBodySchema,
  visitorMessageSchema,
  WEBCHAT_LIMITS,
  widgetConfigSchema,
} from './webchat.schemas.js';
import { readWidgetBundle } from './widget-bundle.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The web-chat visitor of a visitor route (set by its onRequest hook). */
    visitor: VisitorSession | null;
  }
}

const tags = ['webchat'];
const VISITOR_AUTH =
  "Visitor routes: `Authorization: Bearer <visitor token>` from POST /webchat/{publicKey}/sessions (agents' tokens are not accepted).";

/** Visitor routes authenticate before the body is read: an anonymous caller learns nothing about the payload. */
const visitorAuth = (ctx: AppContext) => async (request: FastifyRequest) => {
  const visitor = await authenticateVisitor(ctx, visitorTokenFromHeader(request.headers.authorization));
  assertOriginAllowed(visitor.settings, request.headers.origin, request.headers.host);
  request.visitor = visitor;
};

function visitorOf(request: FastifyRequest): VisitorSession {
  if (!request.visitor) throw new AppError('ERR_INVALID_TOKEN');
  return request.visitor;
}

/** The widget runs on the tenant's site: the API answers any origin (no cookies; a token authorizes). */
function allowCrossOrigin(_request: FastifyRequest, reply: FastifyReply, done: () => void) {
  void reply.header('access-control-allow-origin', '*');
  done();
}

/**
 * The web-chat channel's public surface: the widget bundle, the demo page, the widget's config,
 * visitor sessions, and the visitor's messages (text and files).
 */
export const webchatRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.decorateRequest('visitor', null);
    app.addHook('onRequest', allowCrossOrigin);

    app.options('/webchat/*', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'authorization, content-type')
        .header('access-control-max-age', '600')
        .status(204)
        .send(),
    );

    app.get('/widget.js', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const bundle = await readWidgetBundle();
      if (!bundle) throw new AppError('ERR_ROUTE_NOT_FOUND', 'The web-chat widget is not built (npm run build -w apps/widget).');
      void reply
        .header('cache-control', 'public, max-age=300, stale-while-revalidate=86400')
        .header('etag', bundle.etag)
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === bundle.etag) return reply.status(304).send();
      return reply.type('application/javascript; charset=utf-8').send(bundle.content);
    });

    app.get(
      '/webchat/demo/:publicKey',
      { config: { auth: 'public' }, schema: { hide: true, params: publicKeyParamsSchema } },
      async (request, reply) => {
        const channel = await getWidgetConfig(ctx, { publicKey: request.params.publicKey }).then(
          (settings) => ({ title: settings.title }),
          () => undefined,
        );
        const locale = pageLocale(request, reply);
        return reply
          .header('content-security-policy', DEMO_PAGE_CSP)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderDemoPage(request.params.publicKey, channel, locale));
      },
    );

    app.get('/webchat/:publicKey/config', {
      config: { auth: 'public' },
      schema: {
        tags,
        description: "The widget's title, welcome message and colour.",
        params: publicKeyParamsSchema,
        response: { 200: widgetConfigSchema, ...errorResponses },
      },
      handler: async (request) =>
        presentWidgetConfig(
          await getWidgetConfig(ctx, { publicKey: request.params.publicKey, origin: request.headers.origin, host: request.headers.host }),
        ),
    });

    app.post('/webchat/:publicKey/sessions', {
      config: { auth: 'public' },
      schema: {
        tags,
        description: `Starts a visitor session (a new contact). The token is shown once; ${WEBCHAT_LIMITS.sessionsPerMinutePerIp} sessions a minute per IP.`,
        params: publicKeyParamsSchema,
        body: startSessionBodySchema,
        response: { 201: sessionResponseSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const session = await startVisitorSession(ctx, {
          ...request.body,
          publicKey: request.params.publicKey,
          ip: request.ip,
          origin: request.headers.origin,
          host: request.headers.host,
        });
        return reply.status(201).send(session);
      },
    });

    app.get('/webchat/messages', {
      config: { auth: 'public' },
      onRequest: visitorAuth(ctx),
      schema: {
        tags,
        description: `The visitor's conversation: the latest messages, or those created or changed since an instant (catch-up after a reconnection). ${VISITOR_AUTH}`,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { rows, hasMore } = await listVisitorMessages(ctx, visitorOf(request), request.query);
        return { messages: rows.map((row) => presentVisitorMessage(row, ctx.media)), hasMore };
      },
    });

    app.post('/webchat/messages', {
      config: { auth: 'public' },
      // Only the token's form before the body: the text is stored by the same statement that checks
      // the token against the database (appendVisitorText), or else after the full check below.
      onRequest: async (request) => {
        if (!parseVisitorToken(visitorTokenFromHeader(request.headers.authorization)))
          throw new AppError('ERR_INVALID_TOKEN', 'Missing or malformed visitor token.');
      },
      schema: {
        tags,
        description: `The visitor writes. Posting the same clientId again answers the stored message (200) instead of storing it twice. ${WEBCHAT_LIMITS.messagesPerMinute} messages a minute. ${VISITOR_AUTH}`,
        body: postMessageBodySchema,
        response: { 200: visitorMessageSchema, 201: visitorMessageSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const token = parseVisitorToken(visitorTokenFromHeader(request.headers.authorization))!;
        const page = { origin: request.headers.origin, host: request.headers.host };
        const appended = await appendVisitorText(ctx, token, page, request.body);
        if (appended.outcome === 'appended') return reply.status(201).send(presentVisitorMessage(appended.message, ctx.media));
        await visitorAuth(ctx)(request);
        const { message, duplicate } = await postVisitorMessage(ctx, visitorOf(request), request.body, {
          appendTried: appended.outcome === 'no-open-ticket',
          useCounted: appended.useCounted === true,
        });
        return reply.status(duplicate ? 200 : 201).send(presentVisitorMessage(message, ctx.media));
      },
    });

    await app.register(webchatMediaRoute(ctx));
  };

/** The upload route in its own plugin, so that the multipart parser exists for it alone. */
const webchatMediaRoute =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: WEBCHAT_LIMITS.uploadBytes, files: 1, fields: 4, fieldSize: 16 * 1024, parts: 6, headerPairs: 50 },
    });

    app.post('/webchat/media', {
      config: { auth: 'public' },
      onRequest: visitorAuth(ctx),
      schema: {
        tags,
        description: `The visitor sends a file: multipart/form-data with the fields "clientId" (uuid) and optional "body" (caption), then one file (at most ${WEBCHAT_LIMITS.uploadBytes / 1024 / 1024} MB; images, audio, video, PDF, office documents, plain text). ${VISITOR_AUTH}`,
        consumes: ['multipart/form-data'],
        response: {
          200: visitorMessageSchema,
          201: visitorMessageSchema,
          413: errorResponses[400],
          415: errorResponses[400],
          ...errorResponses,
        },
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
        const fields: Record<string, string> = {};
        let file: PostVisitorMessageInput['file'];
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            // toBuffer() fails with 413 past the size limit.
            file = { content: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
          } else {
            if (part.valueTruncated || typeof part.value !== 'string')
              throw new AppError('ERR_VALIDATION', `The field ${part.fieldname} is too long.`, { [part.fieldname]: ['Too long'] });
            fields[part.fieldname] = part.value;
          }
        }
        if (!file) throw new AppError('ERR_VALIDATION', 'No file was uploaded.', { file: ['Required'] });
        const parsed = mediaFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const problems = zodFieldProblems(parsed.error.issues, { input: fields });
          throw new AppError('ERR_VALIDATION', `Invalid fields: ${Object.keys(problems).join(', ')}.`, problems);
        }
        const { message, duplicate } = await postVisitorMessage(ctx, visitorOf(request), { ...parsed.data, file });
        return reply.status(duplicate ? 200 : 201).send(presentVisitorMessage(message, ctx.media));
      },
    });
  };
