import { SMS_SECRET_MASK, smsSettingsBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import type { TwilioCredentials } from '../providers/twilio/twilio.client.js';
import { findSmsSettings } from '../sms.repository.js';
import { smsCredentials } from './sms-provider-of.js';

export type SmsSettingsInput = z.output<typeof smsSettingsBodySchema>;

/**
 * The credentials a settings form stands for: the masked Auth Token is the stored one (for the
 * same account), and the base URL must pass the outbound address policy (400 otherwise, as for
 * channel base URLs).
 */
export async function resolveSmsSettings(ctx: AppContext, actor: Actor, input: SmsSettingsInput): Promise<TwilioCredentials> {
  const problem = await ctx.outbound.problemWith(input.baseUrl);
  if (problem) throw new AppError('ERR_VALIDATION', undefined, { baseUrl: [problem] });
  let authToken = input.authToken;
  if (authToken === SMS_SECRET_MASK) {
    const stored = await findSmsSettings(ctx.db, actor.tenantId);
    const opened = stored && stored.accountSid === input.accountSid ? smsCredentials(ctx, stored) : undefined;
    if (!opened) throw new AppError('ERR_VALIDATION', undefined, { authToken: ['Type the Auth Token.'] });
    authToken = opened.authToken;
  }
  return {
    accountSid: input.accountSid,
    authToken,
    fromNumber: input.fromNumber,
    messagingServiceSid: input.messagingServiceSid,
    baseUrl: input.baseUrl,
  };
}
