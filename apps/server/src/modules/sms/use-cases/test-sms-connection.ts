import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { SmsProviderError } from '../providers/sms-provider.js';
import { resolveSmsSettings, type SmsSettingsInput } from './resolve-sms-settings.js';
import { smsClient } from './sms-provider-of.js';

/**
 * Checks the form's credentials against the provider without sending anything (Twilio: fetch the
 * account). A refusal answers 400 ERR_SMS_PROVIDER_REFUSED with Twilio's code and words; a
 * provider out of reach, 400 ERR_SMS_PROVIDER_UNREACHABLE.
 */
export async function testSmsConnection(ctx: AppContext, actor: Actor, input: SmsSettingsInput) {
  const credentials = await resolveSmsSettings(ctx, actor, input);
  try {
    const account = await smsClient(ctx, credentials).testConnection();
    return { ok: true as const, ...account };
  } catch (error) {
    if (error instanceof SmsProviderError) {
      if (error.code === 'ERR_OUTBOUND_BLOCKED') throw new AppError('ERR_VALIDATION', undefined, { baseUrl: [error.message] });
      throw new AppError('ERR_SMS_PROVIDER_REFUSED', `Twilio refused the credentials (${error.code}): ${error.message}`);
    }
    throw new AppError('ERR_SMS_PROVIDER_UNREACHABLE', `Twilio could not be reached at ${credentials.baseUrl}.`);
  }
}
