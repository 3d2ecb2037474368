import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  callListQuerySchema,
  callPageSchema,
  callSchema,
  channelCallTokensBodySchema,
  channelCallTokensSchema,
  idParamSchema,
  startCallBodySchema,
} from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { closeCallDevices, setCallSignalHandler } from './call-devices.js';
import { CALL_LIST_AUTH, CALL_TOKENS_AUTH, SOFTPHONE_AUTH } from './calls.policy.js';
import { actOnCall } from './use-cases/act-on-call.js';
import { connectCallDevices } from './use-cases/connect-call-devices.js';
import { getChannelCallTokens } from './use-cases/get-channel-call-tokens.js';
import { listCallsUseCase } from './use-cases/list-calls.js';
import { recordCallSignal } from './use-cases/record-call-signal.js';
import { saveChannelCallTokensUseCase } from './use-cases/save-channel-call-tokens.js';
import { startCall } from './use-cases/start-call.js';

const tags = ['calls'];
const blocked = ' 403 ERR_CALL_BLOCKED for a user with the softphone blocked (blockWavoip).';

/**
 * Voice calls over WhatsApp (SPEC §2 /wavoip and softphone, §3 Call, §4 call statuses, §7 softphone):
 * the channel's instance tokens, the call list, placing, answering, refusing and ending calls.
 */
export const callsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    setCallSignalHandler(ctx, recordCallSignal);
    app.addHook('onReady', async () => connectCallDevices(ctx));
    app.addHook('onClose', async () => closeCallDevices(ctx));

    app.get('/calls', {
      config: { auth: CALL_LIST_AUTH },
      schema: {
        tags,
        description: `The company's calls, newest first: filters direction, status, channelId, userId, phone (part of the number), from/to (days); pages of pageSize (default 20).${blocked}`,
        querystring: callListQuerySchema,
        response: { 200: callPageSchema, ...errorResponses },
      },
      handler: async (request) => listCallsUseCase(ctx, actorOf(request), request.query),
    });

    app.post('/calls', {
      config: { auth: SOFTPHONE_AUTH },
      schema: {
        tags,
        description: `Places a call to \`phone\` through the channel's instance tokens, each tried in turn (next one after a refusal or 1 s without answer). 409 ERR_CALL_LINES_BUSY when every line failed, ERR_CALL_NO_TOKENS when the channel has none; 404 ERR_NO_WAPP_FOUND.${blocked}`,
        body: startCallBodySchema,
        response: { 201: callSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(await startCall(ctx, actorOf(request), request.body)),
    });

    for (const action of ['accept', 'reject', 'hangup'] as const) {
      app.post(`/calls/:id/${action}`, {
        config: { auth: SOFTPHONE_AUTH },
        schema: {
          tags,
          description: `${action === 'accept' ? 'Answers an incoming call (offer)' : action === 'reject' ? 'Refuses an incoming call (offer)' : 'Ends a call'}. 409 ERR_CALL_NOT_ACTIVE when its status does not allow it; 404 ERR_NO_CALL_FOUND.${blocked}`,
          params: idParamSchema,
          response: { 200: callSchema, ...errorResponses },
        },
        handler: async (request) => actOnCall(ctx, actorOf(request), request.params.id, action),
      });
    }

    app.get('/channels/:id/call-tokens', {
      config: { auth: CALL_TOKENS_AUTH },
      schema: {
        tags,
        description: "The channel's voice-call instance tokens, masked (one mask per token). 404 ERR_NO_WAPP_FOUND.",
        params: idParamSchema,
        response: { 200: channelCallTokensSchema, ...errorResponses },
      },
      handler: async (request) => getChannelCallTokens(ctx, actorOf(request), request.params.id),
    });

    app.put('/channels/:id/call-tokens', {
      config: { auth: CALL_TOKENS_AUTH },
      schema: {
        tags,
        description:
          "Sets the channel's voice-call instance tokens, comma-separated, in the order calls try them (at most 10); a mask keeps the token stored at its position; empty removes them. Sealed at rest, masked in answers.",
        params: idParamSchema,
        body: channelCallTokensBodySchema,
        response: { 200: channelCallTokensSchema, ...errorResponses },
      },
      handler: async (request) => saveChannelCallTokensUseCase(ctx, actorOf(request), request.params.id, request.body.tokens),
    });
  };
