/**
 * What the SMS module needs of a provider (Twilio today): send one message, list the recent
 * messages to a number (to settle a send left ambiguous by a crash), check the credentials.
 *
 * Failures: SmsProviderError when the provider answered (its code, and whether a retry may help);
 * any other error keeps its network cause, so that send-outcome.ts can tell whether the request may
 * have reached the provider (SendOutcomeUnknownError when the answer itself leaves it unknown).
 */
export interface SmsSendRequest {
  /** E.164. */
  to: string;
  body: string;
  /** Where the provider POSTs the delivery statuses. */
  statusCallback: string;
}

export type SmsProviderStatus = 'sent' | 'delivered' | 'failed';

export interface SmsProviderMessage {
  providerId: string;
  to: string;
  body: string;
  /** Our reading of the provider's status; null while it is still with the provider (queued, accepted). */
  status: SmsProviderStatus | null;
  errorCode: string | null;
  createdAt: Date;
  /** Sent from this account's sender (its number or Messaging Service). */
  fromOurSender: boolean;
}

export interface SmsProviderClient {
  send(request: SmsSendRequest): Promise<{ providerId: string; segments: number | null }>;
  /** The account's latest outgoing messages to `to` (newest first). */
  recentMessagesTo(to: string): Promise<SmsProviderMessage[]>;
  testConnection(): Promise<{ accountName: string; accountStatus: string }>;
}

export class SmsProviderError extends Error {
  override name = 'SmsProviderError';
  constructor(
    /** The provider's error code ('21211'), or 'HTTP_<status>' when it gave none. */
    readonly code: string,
    readonly httpStatus: number,
    message: string,
    /** Throttling or the provider's own 5xx: the same request may work later. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
