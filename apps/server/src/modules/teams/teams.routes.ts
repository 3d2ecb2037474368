import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentTeam } from './teams.presenter.js';
import { createTeamBodySchema, setTeamUsersBodySchema, teamSchema, teamUsageSchema, updateTeamBodySchema } from './teams.schemas.js';
import { createTeam } from './use-cases/create-team.js';
import { deleteTeam } from './use-cases/delete-team.js';
import { getTeamUsage } from './use-cases/get-team-usage.js';
import { listTeams } from './use-cases/list-teams.js';
import { setTeamUsers } from './use-cases/set-team-users.js';
import { updateTeam } from './use-cases/update-team.js';

const tags = ['teams'];

/** Teams (SPEC /equipes, supervisors and admins) with their members. */
export const teamsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/teams', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'The teams of the tenant with their members, by name.',
        response: { 200: z.array(teamSchema), ...errorResponses },
      },
      handler: async (request) => (await listTeams(ctx, actorOf(request))).map(presentTeam),
    });

    app.post('/teams', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'A new team (name unique in the tenant, whatever its case), optionally with its members (users of the tenant).',
        body: createTeamBodySchema,
        response: { 201: teamSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(presentTeam(await createTeam(ctx, actorOf(request), request.body))),
    });

    app.put('/teams/:id', {
      config: { auth: 'super' },
      schema: { tags, params: idParamSchema, body: updateTeamBodySchema, response: { 200: teamSchema, ...errorResponses } },
      handler: async (request) => presentTeam(await updateTeam(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.put('/teams/:id/users', {
      config: { auth: 'super' },
      schema: {
        tags,
        description:
          "Replaces the team's members (users of the tenant; a user may be in several teams). A removed member stops receiving the team's conversation at once.",
        params: idParamSchema,
        body: setTeamUsersBodySchema,
        response: { 200: teamSchema, ...errorResponses },
      },
      handler: async (request) => presentTeam(await setTeamUsers(ctx, actorOf(request), request.params.id, request.body.userIds)),
    });

    app.get('/teams/:id/usage', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'How many members and internal chat messages the team has: what deleting it detaches.',
        params: idParamSchema,
        response: { 200: teamUsageSchema, ...errorResponses },
      },
      handler: async (request) => getTeamUsage(ctx, actorOf(request), request.params.id),
    });

    app.delete('/teams/:id', {
      config: { auth: 'super' },
      schema: {
        tags,
        description: 'Deletes the team: its members leave it (detachedUsers: how many) and its internal chat conversation is deleted.',
        params: idParamSchema,
        response: { 200: z.object({ detachedUsers: z.number().int() }), ...errorResponses },
      },
      handler: async (request) => deleteTeam(ctx, actorOf(request), request.params.id),
    });
  };
