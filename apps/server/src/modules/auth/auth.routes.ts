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
import { AppError } from '../../platform/http/app-error.js';
import { actorOf } from './authenticate.js';
import {
  assertAppRequest,
  clearRefreshCookie,
  deviceCookieOf,
  refreshCookieOf,
  setDeviceCookie,
  setRefreshCookie,
} from './session-cookies.js';
import { login } from './use-cases/login.js';
import { logout } from './use-cases/logout.js';
import { refreshSession } from './use-cases/refresh-session.js';
import { requestPasswordReset } from './use-cases/request-password-reset.js';
import { resetPassword } from './use-cases/reset-password.js';
import { errorResponses, messageSchema } from '../../platform/http/responses.js';

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/auth/login/', {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        description: 'Sets the httpOnly refresh-token cookie (used by the web app) and the known-device cookie.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const { response, device } = await login(ctx, { ...request.body, ip: request.ip, device: deviceCookieOf(request) });
        setRefreshCookie(reply, response.refreshToken, ctx.env.REFRESH_TOKEN_TTL_SECONDS);
        setDeviceCookie(reply, device);
        return response;
      },
    });

    app.post('/auth/refresh_token', {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'Rotates the refresh token. Browsers send no body: the token comes from the httpOnly cookie, the request must carry ' +
          '`X-Requested-With: conversa`, and the new token is set as the cookie only. API clients may send `refreshToken` in the body ' +
          'and get the new one in the answer.',
        body: refreshBodySchema,
        response: { 200: refreshResponseSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const fromBody = request.body?.refreshToken;
        if (fromBody) return refreshSession(ctx, fromBody);
        assertAppRequest(request);
        const fromCookie = refreshCookieOf(request);
        if (!fromCookie) throw new AppError('ERR_INVALID_TOKEN', 'No session to refresh. Please log in.');
        try {
          const session = await refreshSession(ctx, fromCookie);
          setRefreshCookie(reply, session.refreshToken, ctx.env.REFRESH_TOKEN_TTL_SECONDS);
          return { token: session.token };
        } catch (error) {
          // A dead session's cookie is useless: drop it (an expired one too).
          if (error instanceof AppError && (error.code === 'ERR_INVALID_TOKEN' || error.code === 'ERR_SESSION_EXPIRED'))
            clearRefreshCookie(reply);
          throw error;
        }
      },
    });

    app.post('/auth/logout/', {
      config: { auth: 'user' },
      schema: { tags: ['auth'], response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        await logout(ctx, actorOf(request));
        clearRefreshCookie(reply);
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
