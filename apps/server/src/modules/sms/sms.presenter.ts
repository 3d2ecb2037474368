import { SMS_SECRET_MASK, smsFailureReason, TWILIO_DEFAULT_BASE_URL, type SmsMessage, type SmsSettings } from '@conversa/shared';
import type { SmsRow, SmsSettingsRow } from './sms.repository.js';

/** The tenant's SMS settings as the settings tab shows them: the Auth Token masked. */
export function presentSmsSettings(row: SmsSettingsRow | undefined): SmsSettings {
  if (!row) {
    return {
      provider: 'twilio',
      configured: false,
      accountSid: '',
      authToken: '',
      fromNumber: null,
      messagingServiceSid: null,
      baseUrl: TWILIO_DEFAULT_BASE_URL,
      updatedAt: null,
    };
  }
  return {
    provider: row.provider,
    configured: true,
    accountSid: row.accountSid,
    authToken: row.authToken ? SMS_SECRET_MASK : '',
    fromNumber: row.fromNumber,
    messagingServiceSid: row.messagingServiceSid,
    baseUrl: row.baseUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentSms(row: SmsRow): SmsMessage {
  return {
    id: row.id,
    contactId: row.contactId,
    ticketId: row.ticketId,
    userId: row.userId,
    to: row.toNumber,
    body: row.body,
    segments: row.segments,
    status: row.status,
    providerId: row.providerId,
    errorCode: row.errorCode,
    reason: row.status === 'failed' ? smsFailureReason(row.errorCode) : null,
    error: row.error,
    sourceKind: row.sourceKind,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
