import {
  confirmEmailChangeBodySchema,
  createUserBodySchema,
  idParamSchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  privateChatUserSchema,
  updateUserBodySchema,
  updateUserConfigsBodySchema,
  userOnlineBodySchema,
  userSchema,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses, messageSchema } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { confirmEmailChange } from './use-cases/confirm-email-change.js';
import { createUser } from './use-cases/create-user.js';
import { deleteUser } from './use-cases/delete-user.js';
import { setUserOnline } from './use-cases/set-user-online.js';
import { updateUserConfigs } from './use-cases/update-user-configs.js';
import { updateUser } from './use-cases/update-user.js';
import { presentUser } from './users.presenter.js';
import { findUserById, listUsers, type UserRow } from './users.repository.js';
import { queuesOfUsers } from '../queues/use-cases/queues-of-users.js';
import { presentPrivateMessage } from '../private-chat/private-chat.presenter.js';
import { summariseDirectConversations } from '../private-chat/use-cases/summarise-direct-conversations.js';
import { userIdsOfTeam } from '../teams/use-cases/team-membership.js';

export const USERS_PAGE_SIZE = 40;
const tags = ['users'];

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const presentMany = async (tenantId: number, rows: UserRow[]) => {
      const queues = await queuesOfUsers(
        ctx.db,
        tenantId,
        rows.map((r) => r.id),
      );
      return rows.map((row) => presentUser(row, queues.get(row.id)));
    };
    const presentOne = async (row: UserRow) => (await presentMany(row.tenantId, [row]))[0];

    app.get('/users/', {
      config: { auth: 'user' },
      schema: { tags, querystring: listUsersQuerySchema, response: { 200: listUsersResponseSchema, ...errorResponses } },
      handler: async (request) => {
        const actor = actorOf(request);
        const { searchParam, pageNumber, teamId } = request.query;
        const offset = (pageNumber - 1) * USERS_PAGE_SIZE;
        // teamId: only the team's members (a team of another tenant is as unknown as a missing one).
        const onlyIds = teamId === undefined ? undefined : await userIdsOfTeam(ctx, actor.tenantId, teamId);
        if (onlyIds === null) throw new AppError('ERR_NO_TEAM_FOUND');
        const { rows, total } = await listUsers(ctx.db, actor.tenantId, { search: searchParam, limit: USERS_PAGE_SIZE, offset, onlyIds });
        return { users: await presentMany(actor.tenantId, rows), count: total, hasMore: offset + rows.length < total };
      },
    });

    app.get('/users/chat-privado/', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "The internal chat's users tab: the tenant's other users with their online status, the last message of the reader's conversation with each and its unread count.",
        querystring: listUsersQuerySchema,
        response: { 200: z.object({ users: z.array(privateChatUserSchema) }), ...errorResponses },
      },
      handler: async (request) => {
        const actor = actorOf(request);
        const { rows } = await listUsers(ctx.db, actor.tenantId, {
          search: request.query.searchParam,
          limit: 500,
          offset: 0,
          excludeUserId: actor.userId,
        });
        const conversations = await summariseDirectConversations(ctx, actor);
        return {
          users: rows.map((row) => {
            const summary = conversations.get(row.id);
            return {
              id: row.id,
              name: row.name,
              email: row.email,
              profile: row.profile,
              isOnline: row.isOnline,
              lastOnline: row.lastOnline?.toISOString() ?? null,
              lastMessage: summary?.last ? presentPrivateMessage(summary.last) : null,
              unreadCount: summary?.unread ?? 0,
            };
          }),
        };
      },
    });

    app.get('/users/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, response: { 200: userSchema, ...errorResponses } },
      handler: async (request) => {
        const row = await findUserById(ctx.db, actorOf(request).tenantId, request.params.id);
        if (!row) throw new AppError('ERR_NO_USER_FOUND');
        return presentOne(row);
      },
    });

    app.post('/users', {
      config: { auth: 'admin' },
      schema: { tags, body: createUserBodySchema, response: { 201: userSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(await presentOne(await createUser(ctx, actorOf(request), request.body))),
    });

    app.put('/users/:id', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "One's own `email` or `password` needs `currentPassword`. One's own new e-mail is not set at once: a confirmation link is " +
          'e-mailed to it (POST /users/email-change/confirm), and the answer is the same whether the address is free or not.',
        params: idParamSchema,
        body: updateUserBodySchema,
        response: { 200: userSchema, ...errorResponses },
      },
      handler: async (request) => presentOne(await updateUser(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.post('/users/email-change/confirm', {
      config: { auth: 'public' },
      schema: { tags, body: confirmEmailChangeBodySchema, response: { 200: messageSchema, ...errorResponses } },
      handler: async (request) => {
        await confirmEmailChange(ctx, request.body.token);
        return { message: 'E-mail changed.' };
      },
    });

    app.delete('/users/:id', {
      config: { auth: 'admin' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteUser(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.put('/usersIsOnline/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, body: userOnlineBodySchema, response: { 200: userSchema, ...errorResponses } },
      handler: async (request) => presentOne(await setUserOnline(ctx, actorOf(request), request.params.id, request.body.isOnline)),
    });

    app.put('/users/:id/configs', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, body: updateUserConfigsBodySchema, response: { 200: userSchema, ...errorResponses } },
      handler: async (request) => presentOne(await updateUserConfigs(ctx, actorOf(request), request.params.id, request.body)),
    });
  };
