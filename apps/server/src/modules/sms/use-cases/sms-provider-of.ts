import type { AppContext } from '../../../app-context.js';
import { SecretUnreadableError } from '../../../platform/crypto/secret-box.js';
import type { Db } from '../../../platform/db/client.js';
import type { SmsProviderClient } from '../providers/sms-provider.js';
import { TwilioClient, type TwilioCredentials } from '../providers/twilio/twilio.client.js';
import { findSmsSettings, type SmsSettingsRow } from '../sms.repository.js';

/** The SecretBox label of the stored Auth Token (a sealed value cannot be moved to another field). */
export const SMS_TOKEN_LABEL = 'sms.authToken';

/** The settings with the Auth Token in clear, for the provider client only; undefined when it cannot be opened (the key changed). */
export function smsCredentials(ctx: Pick<AppContext, 'secretBox'>, row: SmsSettingsRow): TwilioCredentials | undefined {
  try {
    return {
      accountSid: row.accountSid,
      authToken: ctx.secretBox.open(row.authToken, SMS_TOKEN_LABEL),
      fromNumber: row.fromNumber,
      messagingServiceSid: row.messagingServiceSid,
      baseUrl: row.baseUrl,
    };
  } catch (error) {
    if (error instanceof SecretUnreadableError) return undefined;
    throw error;
  }
}

export function smsClient(ctx: Pick<AppContext, 'http'>, credentials: TwilioCredentials): SmsProviderClient {
  return new TwilioClient(ctx, credentials);
}

/** The tenant's provider, ready to call; undefined when SMS is not set up (or its token is unreadable). */
export async function smsProviderOf(
  ctx: Pick<AppContext, 'db' | 'secretBox' | 'http'>,
  tenantId: number,
  db: Db = ctx.db,
): Promise<{ settings: SmsSettingsRow; credentials: TwilioCredentials; client: SmsProviderClient } | undefined> {
  const settings = await findSmsSettings(db, tenantId);
  const credentials = settings && smsCredentials(ctx, settings);
  if (!settings || !credentials) return undefined;
  return { settings, credentials, client: smsClient(ctx, credentials) };
}

/** Where the provider POSTs the statuses of one SMS: the SMS's random id names it (and its tenant). */
export function smsStatusCallbackUrl(ctx: Pick<AppContext, 'appUrl'>, smsId: string): string {
  return `${ctx.appUrl.replace(/\/+$/, '')}/webhooks/sms/twilio/${smsId}`;
}
