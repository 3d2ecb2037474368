import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { upsertSmsSettings, type SmsSettingsRow } from '../sms.repository.js';
import { resolveSmsSettings, type SmsSettingsInput } from './resolve-sms-settings.js';
import { SMS_TOKEN_LABEL } from './sms-provider-of.js';

/** Sets the tenant's SMS provider up (PUT /settings/sms); the Auth Token is sealed at rest. */
export async function saveSmsSettings(ctx: AppContext, actor: Actor, input: SmsSettingsInput): Promise<SmsSettingsRow> {
  const credentials = await resolveSmsSettings(ctx, actor, input);
  return transact(ctx, async (tx) =>
    upsertSmsSettings(tx, actor.tenantId, {
      provider: 'twilio',
      accountSid: credentials.accountSid,
      authToken: ctx.secretBox.seal(credentials.authToken, SMS_TOKEN_LABEL),
      fromNumber: credentials.fromNumber,
      messagingServiceSid: credentials.messagingServiceSid,
      baseUrl: credentials.baseUrl,
    }),
  );
}
