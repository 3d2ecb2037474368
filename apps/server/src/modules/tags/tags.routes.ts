import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentTag } from './tags.presenter.js';
import { createTagBodySchema, setTagsBodySchema, tagRefSchema, tagSchema, tagUsageSchema, updateTagBodySchema } from './tags.schemas.js';
import { createTag } from './use-cases/create-tag.js';
import { deleteTag } from './use-cases/delete-tag.js';
import { getTagUsage } from './use-cases/get-tag-usage.js';
import { listTags } from './use-cases/list-tags.js';
import { setContactTags } from './use-cases/set-contact-tags.js';
import { setTicketTags } from './use-cases/set-ticket-tags.js';
import { updateTag } from './use-cases/update-tag.js';

const tags = ['tags'];

/** Tags at the peer products' paths (Izing, Whazing: /tags), and the routes that set a ticket's or a contact's tags. */
export const tagsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/tags', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'The tags of the tenant, by name: all of them for supervisors and admins, the active ones for agents (or with activeOnly=true).',
        querystring: z.object({ activeOnly: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(tagSchema), ...errorResponses },
      },
      handler: async (request) =>
        (await listTags(ctx, actorOf(request), { activeOnly: request.query.activeOnly === 'true' })).map(presentTag),
    });

    app.post('/tags', {
      config: { auth: 'super' },
      schema: { tags, body: createTagBodySchema, response: { 201: tagSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(presentTag(await createTag(ctx, actorOf(request), request.body))),
    });

    app.put('/tags/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, body: updateTagBodySchema, response: { 200: tagSchema, ...errorResponses } },
      handler: async (request) => presentTag(await updateTag(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.get('/tags/:id/usage', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'How many tickets and contacts carry the tag: what deleting it detaches.',
        params: idParamSchema,
        response: { 200: tagUsageSchema, ...errorResponses },
      },
      handler: async (request) => getTagUsage(ctx, actorOf(request), request.params.id),
    });

    app.delete('/tags/:id', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'Deletes the tag and detaches it from its tickets and contacts.',
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await deleteTag(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.put('/tickets/:id/tags', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: "Replaces the ticket's tags (a ticket the user may see). An inactive tag already there may stay, but cannot be added.",
        params: idParamSchema,
        body: setTagsBodySchema,
        response: { 200: z.array(tagRefSchema), ...errorResponses },
      },
      handler: async (request) => setTicketTags(ctx, actorOf(request), request.params.id, request.body.tagIds),
    });

    app.put('/contacts/:id/tags', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: "Replaces the contact's tags. An inactive tag already there may stay, but cannot be added.",
        params: idParamSchema,
        body: setTagsBodySchema,
        response: { 200: z.array(tagRefSchema), ...errorResponses },
      },
      handler: async (request) => setContactTags(ctx, actorOf(request), request.params.id, request.body.tagIds),
    });
  };
