import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { SMS_SEND_AUTH, SMS_SETTINGS_AUTH } from './sms.policy.js';
import { presentSms, presentSmsSettings } from './sms.presenter.js';
import {
  sendSmsBodySchema,
  smsAvailabilitySchema,
  smsCallbackParamsSchema,
  smsCallbackResponseSchema,
  smsConnectionTestSchema,
  smsHistoryQuerySchema,
  smsMessageSchema,
  smsSettingsBodySchema,
  smsSettingsSchema,
  twilioStatusCallbackSchema,
} from './sms.schemas.js';
import { applySmsStatus } from './use-cases/apply-sms-status.js';
import { removeSmsSettings } from './use-cases/delete-sms-settings.js';
import { getSmsAvailability } from './use-cases/get-sms-availability.js';
import { getSmsSettings } from './use-cases/get-sms-settings.js';
import { listSms } from './use-cases/list-sms.js';
import { saveSmsSettings } from './use-cases/save-sms-settings.js';
import { sendSms } from './use-cases/send-sms.js';
import { testSmsConnection } from './use-cases/test-sms-connection.js';

const tags = ['sms'];
const settingsConfig = { auth: SMS_SETTINGS_AUTH };
const sendConfig = { auth: SMS_SEND_AUTH };

/**
 * SMS (settings tab `sms`, the SMS modal): the tenant's provider (Twilio) set up by admins, an
 * agent's SMS to a contact, a contact's history with the delivery statuses, and the provider's
 * signed status callback.
 */
export const smsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/settings/sms', {
      config: settingsConfig,
      schema: {
        tags,
        description: "The tenant's SMS provider (Twilio); the Auth Token is masked. `configured` is false until it is set up.",
        response: { 200: smsSettingsSchema, ...errorResponses },
      },
      handler: async (request) => presentSmsSettings(await getSmsSettings(ctx, actorOf(request))),
    });

    app.put('/settings/sms', {
      config: settingsConfig,
      schema: {
        tags,
        description:
          "Sets the SMS provider up: Twilio's Account SID and Auth Token (the masked value keeps the stored one), the sending number or a Messaging Service, and the API base URL (a public address).",
        body: smsSettingsBodySchema,
        response: { 200: smsSettingsSchema, ...errorResponses },
      },
      handler: async (request) => presentSmsSettings(await saveSmsSettings(ctx, actorOf(request), request.body)),
    });

    app.delete('/settings/sms', {
      config: settingsConfig,
      schema: {
        tags,
        description: 'Removes the SMS provider: nothing more is sent (the history stays).',
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await removeSmsSettings(ctx, actorOf(request));
        return reply.status(204).send(null);
      },
    });

    app.post('/settings/sms/test', {
      config: settingsConfig,
      schema: {
        tags,
        description:
          "Checks the given credentials with Twilio without sending anything (fetches the account): 400 ERR_SMS_PROVIDER_REFUSED with Twilio's reason, or ERR_SMS_PROVIDER_UNREACHABLE.",
        body: smsSettingsBodySchema,
        response: { 200: smsConnectionTestSchema, ...errorResponses },
      },
      handler: async (request) => testSmsConnection(ctx, actorOf(request), request.body),
    });

    app.get('/sms/config', {
      config: sendConfig,
      schema: {
        tags,
        description: 'Whether the tenant can send SMS (the chat offers the SMS modal only then).',
        response: { 200: smsAvailabilitySchema, ...errorResponses },
      },
      handler: async (request) => getSmsAvailability(ctx, actorOf(request)),
    });

    app.get('/sms', {
      config: sendConfig,
      schema: {
        tags,
        description:
          "A contact's SMS, newest first (at most 50), with their delivery statuses: ?contactId=, or ?ticketId= (its contact's).",
        querystring: smsHistoryQuerySchema,
        response: { 200: z.array(smsMessageSchema), ...errorResponses },
      },
      handler: async (request) => (await listSms(ctx, actorOf(request), request.query)).map(presentSms),
    });

    app.post('/sms', {
      config: sendConfig,
      schema: {
        tags,
        description:
          'Sends an SMS to the contact of a ticket the agent may see ({ ticketId }) or to a contact ({ contactId }); it is queued and sent by a durable job. 409 ERR_SMS_NOT_CONFIGURED without a provider, 400 ERR_SMS_INVALID_NUMBER when the contact has no valid phone number. The same clientKey sends once.',
        body: sendSmsBodySchema,
        response: { 201: smsMessageSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(presentSms(await sendSms(ctx, actorOf(request), request.body))),
    });

    // Twilio POSTs form-encoded callbacks; only this route takes them.
    const webhookRoutes: FastifyPluginAsyncZod = async (webhooks) => {
      webhooks.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      webhooks.post('/webhooks/sms/twilio/:id', {
        config: { auth: 'public' },
        schema: {
          tags: ['webhooks'],
          description:
            "Twilio's status callback of one SMS (the StatusCallback given with it): form-encoded, signed with X-Twilio-Signature by the tenant's Auth Token (403 otherwise). Idempotent: a status only moves forward.",
          consumes: ['application/x-www-form-urlencoded'],
          params: smsCallbackParamsSchema,
          body: twilioStatusCallbackSchema,
          response: { 200: smsCallbackResponseSchema, ...errorResponses },
        },
        handler: async (request) => ({
          received: true as const,
          outcome: await applySmsStatus(ctx, request.params.id, request.body, request.headers['x-twilio-signature']),
        }),
      });
    };
    await app.register(webhookRoutes);
  };
