import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { TwilioStatusCallback } from '../providers/twilio/twilio.schemas.js';
import { twilioStatus } from '../providers/twilio/twilio.client.js';
import { validTwilioSignature } from '../providers/twilio/twilio.signature.js';
import { findSms, findSmsTenant, setSmsProviderIdIfMissing, transitionSms } from '../sms.repository.js';
import { smsProviderOf, smsStatusCallbackUrl } from './sms-provider-of.js';
import { statusesBefore } from './sms-status-rank.js';

/**
 * A Twilio status callback of one SMS (POST /webhooks/sms/twilio/{smsId}). The SMS's random id in
 * the URL names it and its tenant; the request must be signed with that tenant's Auth Token over
 * the exact URL the send gave Twilio (403 otherwise) and name the tenant's account. Idempotent: a
 * status only ever moves forward (sms-status-rank.ts), so a repeated or late callback changes
 * nothing. It also settles an `unconfirmed` SMS: Twilio has it, so it was sent.
 */
export async function applySmsStatus(
  ctx: AppContext,
  smsId: string,
  params: TwilioStatusCallback,
  signature: string | string[] | undefined,
): Promise<string> {
  const tenantId = await findSmsTenant(ctx.db, smsId);
  const provider = tenantId !== undefined ? await smsProviderOf(ctx, tenantId) : undefined;
  const url = smsStatusCallbackUrl(ctx, smsId);
  if (tenantId === undefined || !provider || !validTwilioSignature(provider.credentials.authToken, url, params, signature)) {
    ctx.logger.warn({ smsId }, 'SMS status callback with a missing or wrong signature refused');
    throw new AppError('ERR_NO_PERMISSION', 'Invalid or missing X-Twilio-Signature for this SMS.');
  }
  if (params.AccountSid !== provider.settings.accountSid)
    throw new AppError('ERR_NO_PERMISSION', 'The callback is for another Twilio account.');

  return transact(ctx, async (tx, events) => {
    const sms = await findSms(tx, tenantId, smsId, { lock: true });
    if (!sms) return 'ignored';
    if (sms.providerId && sms.providerId !== params.MessageSid) return 'ignored: another message';
    // Still with Twilio (queued, accepted, sending): at least Twilio has it.
    const status = twilioStatus(params.MessageStatus) ?? 'sent';
    const now = new Date();
    const changed = await transitionSms(tx, tenantId, smsId, statusesBefore(status), {
      status,
      providerId: params.MessageSid,
      ...(status === 'sent' ? { sentAt: sms.sentAt ?? now } : {}),
      ...(status === 'delivered' ? { deliveredAt: now, sentAt: sms.sentAt ?? now } : {}),
      ...(status === 'failed'
        ? {
            errorCode: params.ErrorCode ?? null,
            error: `Twilio: ${params.MessageStatus}${params.ErrorCode ? ` (error ${params.ErrorCode})` : ''}`,
          }
        : {}),
    });
    if (!changed) {
      await setSmsProviderIdIfMissing(tx, tenantId, smsId, params.MessageSid);
      return `unchanged (${sms.status})`;
    }
    events.push({ type: 'sms.changed', tenantId, smsId, status, sourceKind: sms.sourceKind });
    return status;
  });
}
