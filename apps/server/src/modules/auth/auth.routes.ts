import {
  loginBodySchema,
  loginResponseSchema,
  passwordResetRequestSchema,
  refreshBodySchema,
  refreshResponseSchema,
  resetPasswordBodySchema,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from './authenticate.js';
import { login } from './use-cases/login.js';
import { logout } from './use-cases/logout.js';
import { refreshSession } from './use-cases/refresh-session.js';
import { requestPasswordReset } from './use-cases/request-password-reset.js';
import { resetPassword } from './use-cases/reset-password.js';
import { errorResponses, messageSchema } from '../../platform/http/responses.js';

export const authRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post('/auth/login/', {
    config: { auth: 'public' },
    schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginResponseSchema, ...errorResponses } },
    handler: (request) => login(ctx, { ...request.body, ip: request.ip }),
  });

  app.post('/auth/refresh_token', {
    config: { auth: 'public' },
    schema: { tags: ['auth'], body: refreshBodySchema, response: { 200: refreshResponseSchema, ...errorResponses } },
    handler: (request) => refreshSession(ctx, request.body.refreshToken),
  });

  app.post('/auth/logout/', {
    config: { auth: 'user' },
    schema: { tags: ['auth'], response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await logout(ctx, actorOf(request));
      return reply.status(204).send(null);
    },
  });

  app.post('/password-reset', {
    config: { auth: 'public' },
    schema: { tags: ['auth'], body: passwordResetRequestSchema, response: { 200: messageSchema, ...errorResponses } },
    handler: async (request) => {
      await requestPasswordReset(ctx, { email: request.body.email, ip: request.ip });
      return { message: 'If the e-mail belongs to an account, a password recovery e-mail has been sent.' };
    },
  });

  app.post('/reset-password', {
    config: { auth: 'public' },
    schema: { tags: ['auth'], body: resetPasswordBodySchema, response: { 200: messageSchema, ...errorResponses } },
    handler: async (request) => {
      await resetPassword(ctx, request.body);
      return { message: 'Senha redefinida com sucesso!' };
    },
  });
};
