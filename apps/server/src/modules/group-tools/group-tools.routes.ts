import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { GROUP_TOOLS_AUTH } from './group-tools.policy.js';
import {
  presentGroup,
  presentGroupAction,
  presentGroupBan,
  presentGroupBatch,
  presentGroupChannel,
  presentGroupWord,
} from './group-tools.presenter.js';
import {
  channelParamSchema,
  channelQuerySchema,
  createGroupBanBodySchema,
  createGroupBatchBodySchema,
  createGroupWordBodySchema,
  groupActionsPageSchema,
  groupActionsQuerySchema,
  groupBanSchema,
  groupBatchSchema,
  groupChannelSchema,
  groupSettingsBodySchema,
  groupSettingsSchema,
  groupSummarySchema,
  groupWordSchemaDto,
} from './group-tools.schemas.js';
import { createGroupBan } from './use-cases/create-group-ban.js';
import { createGroupBatch } from './use-cases/create-group-batch.js';
import { createGroupWord } from './use-cases/create-group-word.js';
import { deleteGroupBan } from './use-cases/delete-group-ban.js';
import { deleteGroupWord } from './use-cases/delete-group-word.js';
import { getGroupBatch } from './use-cases/get-group-batch.js';
import { getGroupSettings } from './use-cases/get-group-settings.js';
import { listGroupChannels } from './use-cases/group-channel.js';
import { listChannelGroups } from './use-cases/list-channel-groups.js';
import { listGroupActions } from './use-cases/list-group-actions.js';
import { listGroupBans } from './use-cases/list-group-bans.js';
import { listGroupWords } from './use-cases/list-group-words.js';
import { updateGroupSettings } from './use-cases/update-group-settings.js';

const tags = ['group-tools'];
const config = { auth: GROUP_TOOLS_AUTH };

/**
 * WhatsApp group tools (/grupo, admins). SPEC §7 shows no paths for them; these follow the REST
 * shape of the other modules. Channels whose kind does not administer groups answer
 * ERR_GROUP_TOOLS_UNSUPPORTED; calls that ask WhatsApp need the channel connected (ERR_WAPP_NOT_INITIALIZED).
 */
export const groupToolsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/group-tools/channels', {
      config,
      schema: {
        tags,
        description: "The tenant's channels whose kind supports the group tools.",
        response: { 200: z.array(groupChannelSchema), ...errorResponses },
      },
      handler: async (request) => (await listGroupChannels(ctx, actorOf(request).tenantId)).map(presentGroupChannel),
    });

    app.get('/group-tools/channels/:whatsappId/groups', {
      config,
      schema: {
        tags,
        description: "The groups of the channel's account, as WhatsApp lists them now (the channel must be connected).",
        params: channelParamSchema,
        response: { 200: z.array(groupSummarySchema), ...errorResponses },
      },
      handler: async (request) => (await listChannelGroups(ctx, actorOf(request), request.params.whatsappId)).map(presentGroup),
    });

    app.get('/group-tools/bans', {
      config,
      schema: { tags, querystring: channelQuerySchema, response: { 200: z.array(groupBanSchema), ...errorResponses } },
      handler: async (request) => (await listGroupBans(ctx, actorOf(request), request.query.whatsappId)).map(presentGroupBan),
    });

    app.post('/group-tools/bans', {
      config,
      schema: {
        tags,
        description: 'Bans a number from one group of the channel (groupJid) or all of them (null): removed when it joins.',
        body: createGroupBanBodySchema,
        response: { 201: groupBanSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(presentGroupBan(await createGroupBan(ctx, actorOf(request), request.body))),
    });

    app.delete('/group-tools/bans/:id', {
      config,
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteGroupBan(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.get('/group-tools/words', {
      config,
      schema: { tags, querystring: channelQuerySchema, response: { 200: z.array(groupWordSchemaDto), ...errorResponses } },
      handler: async (request) => (await listGroupWords(ctx, actorOf(request), request.query.whatsappId)).map(presentGroupWord),
    });

    app.post('/group-tools/words', {
      config,
      schema: {
        tags,
        description: "A word (lowercase, SPEC §5) whose messages are deleted for everyone in the channel's groups.",
        body: createGroupWordBodySchema,
        response: { 201: groupWordSchemaDto, ...errorResponses },
      },
      handler: async (request, reply) =>
        reply.status(201).send(presentGroupWord(await createGroupWord(ctx, actorOf(request), request.body))),
    });

    app.delete('/group-tools/words/:id', {
      config,
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteGroupWord(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.get('/group-tools/settings/:whatsappId', {
      config,
      schema: { tags, params: channelParamSchema, response: { 200: groupSettingsSchema, ...errorResponses } },
      handler: async (request) => getGroupSettings(ctx, actorOf(request), request.params.whatsappId),
    });

    app.put('/group-tools/settings/:whatsappId', {
      config,
      schema: {
        tags,
        description: "The channel's greeting and farewell (sent to the group when members join or leave) and the word list's action.",
        params: channelParamSchema,
        body: groupSettingsBodySchema,
        response: { 200: groupSettingsSchema, ...errorResponses },
      },
      handler: async (request) => updateGroupSettings(ctx, actorOf(request), request.params.whatsappId, request.body),
    });

    app.post('/group-tools/batches', {
      config,
      schema: {
        tags,
        description:
          'A bulk action over selected groups, run by a durable job: a message (send), new settings, or members added, removed, promoted or demoted.',
        body: createGroupBatchBodySchema,
        response: { 201: groupBatchSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const { batch, items } = await createGroupBatch(ctx, actorOf(request), request.body);
        return reply.status(201).send(presentGroupBatch(batch, items));
      },
    });

    app.get('/group-tools/batches/:id', {
      config,
      schema: {
        tags,
        description: "A bulk action with each item's result.",
        params: idParamSchema,
        response: { 200: groupBatchSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { batch, items } = await getGroupBatch(ctx, actorOf(request), request.params.id);
        return presentGroupBatch(batch, items);
      },
    });

    app.get('/group-tools/actions', {
      config,
      schema: {
        tags,
        description: 'The action log (user, group, channel, date), newest first.',
        querystring: groupActionsQuerySchema,
        response: { 200: groupActionsPageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const page = await listGroupActions(ctx, actorOf(request), request.query);
        return { actions: page.actions.map(presentGroupAction), hasMore: page.hasMore };
      },
    });
  };
