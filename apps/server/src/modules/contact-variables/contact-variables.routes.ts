import { idParamSchema } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentContactVariable } from './contact-variables.presenter.js';
import {
  contactVariableSchema,
  contactVariableUsageSchema,
  createContactVariableBodySchema,
  updateContactVariableBodySchema,
} from './contact-variables.schemas.js';
import { createContactVariable } from './use-cases/create-contact-variable.js';
import { deleteContactVariable } from './use-cases/delete-contact-variable.js';
import { getContactVariableUsage } from './use-cases/get-contact-variable-usage.js';
import { listContactVariables } from './use-cases/list-contact-variables.js';
import { updateContactVariable } from './use-cases/update-contact-variable.js';

const tags = ['contact-variables'];

/** The tenant's own template variables (settings, CRM tab `variaveis`): `{{name}}` is the contact's additional information of that name. */
export const contactVariablesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/contact-variables', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'The contact variables of the tenant by name.',
        response: { 200: z.array(contactVariableSchema), ...errorResponses },
      },
      handler: async (request) => (await listContactVariables(ctx, actorOf(request))).map(presentContactVariable),
    });
    app.post('/contact-variables', {
      config: { auth: 'admin' },
      schema: { tags, body: createContactVariableBodySchema, response: { 201: contactVariableSchema, ...errorResponses } },
      handler: async (request, reply) =>
        reply.status(201).send(presentContactVariable(await createContactVariable(ctx, actorOf(request), request.body))),
    });
    app.put('/contact-variables/:id', {
      config: { auth: 'admin' },
      schema: {
        tags,
        description: 'Changes the description (the name is fixed once created).',
        params: idParamSchema,
        body: updateContactVariableBodySchema,
        response: { 200: contactVariableSchema, ...errorResponses },
      },
      handler: async (request) =>
        presentContactVariable(await updateContactVariable(ctx, actorOf(request), request.params.id, request.body)),
    });
    app.get('/contact-variables/:id/usage', {
      config: { auth: 'admin' },
      schema: {
        tags,
        description: 'How many contacts have a value for the variable in their additional information (kept there on delete).',
        params: idParamSchema,
        response: { 200: contactVariableUsageSchema, ...errorResponses },
      },
      handler: async (request) => getContactVariableUsage(ctx, actorOf(request), request.params.id),
    });
    app.delete('/contact-variables/:id', {
      config: { auth: 'admin' },
      schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await deleteContactVariable(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
