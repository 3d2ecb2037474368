import type { z } from 'zod';
import type { AppContext } from '../../../../app-context.js';
import { OutboundBlockedError } from '../../../../platform/http/outbound-http.js';
import { isAmbiguousHttpAnswer, SendOutcomeUnknownError } from '../../../../platform/http/send-outcome.js';
import {
  SmsProviderError,
  type SmsProviderClient,
  type SmsProviderMessage,
  type SmsProviderStatus,
  type SmsSendRequest,
} from '../sms-provider.js';
import { twilioAccountSchema, twilioErrorSchema, twilioMessageListSchema, twilioMessageSchema } from './twilio.schemas.js';

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  fromNumber: string | null;
  messagingServiceSid: string | null;
  baseUrl: string;
}

/** How many of the latest messages to a number are looked through when settling an ambiguous send. */
const RECENT_PAGE_SIZE = 50;

/** Twilio's statuses as ours: still with Twilio (null), taken by the carrier, delivered, or not delivered. */
export function twilioStatus(status: string): SmsProviderStatus | null {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'failed':
    case 'undelivered':
    case 'canceled':
      return 'failed';
    default:
      return null; // accepted, scheduled, queued, sending (and inbound statuses)
  }
}

/**
 * Twilio Programmable Messaging (REST API 2010-04-01) for one account: HTTP Basic auth
 * AccountSid:AuthToken, form-encoded requests, through the SSRF-safe outbound client (the base URL
 * is the tenant's: api.twilio.com, or a local simulator).
 */
export class TwilioClient implements SmsProviderClient {
  constructor(
    private readonly ctx: Pick<AppContext, 'http'>,
    private readonly credentials: TwilioCredentials,
  ) {}

  private url(path: string): string {
    return `${this.credentials.baseUrl}/2010-04-01/Accounts/${this.credentials.accountSid}${path}`;
  }

  async send(request: SmsSendRequest): Promise<{ providerId: string; segments: number | null }> {
    const form = new URLSearchParams({ To: request.to, Body: request.body, StatusCallback: request.statusCallback });
    if (this.credentials.messagingServiceSid) form.set('MessagingServiceSid', this.credentials.messagingServiceSid);
    else if (this.credentials.fromNumber) form.set('From', this.credentials.fromNumber);
    const message = await this.call('send the message', 'POST', '/Messages.json', twilioMessageSchema, form, { answered: 'unknown' });
    const segments = Number(message.num_segments);
    return { providerId: message.sid, segments: Number.isInteger(segments) && segments > 0 ? segments : null };
  }

  async recentMessagesTo(to: string): Promise<SmsProviderMessage[]> {
    const query = new URLSearchParams({ To: to, PageSize: String(RECENT_PAGE_SIZE) });
    const list = await this.call('list the messages', 'GET', `/Messages.json?${query.toString()}`, twilioMessageListSchema);
    return list.messages
      .filter((m) => !m.direction || m.direction.startsWith('outbound'))
      .map((m) => ({
        providerId: m.sid,
        to: m.to ?? '',
        body: m.body ?? '',
        status: twilioStatus(m.status),
        errorCode: m.error_code === null || m.error_code === undefined ? null : String(m.error_code),
        createdAt: m.date_created ? new Date(m.date_created) : new Date(0),
        fromOurSender: this.credentials.messagingServiceSid
          ? m.messaging_service_sid === this.credentials.messagingServiceSid
          : m.from === this.credentials.fromNumber,
      }));
  }

  async testConnection(): Promise<{ accountName: string; accountStatus: string }> {
    const account = await this.call('fetch the account', 'GET', '.json', twilioAccountSchema);
    return { accountName: account.friendly_name ?? account.sid, accountStatus: account.status };
  }

  /**
   * One request. A send whose answer cannot be read (cut off, not Twilio's shape, a proxy's
   * 500/502/504) may have been accepted: SendOutcomeUnknownError, never retried blindly.
   */
  private async call<S extends z.ZodType>(
    action: string,
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    form?: URLSearchParams,
    options: { answered?: 'unknown' | 'refused' } = {},
  ): Promise<z.output<S>> {
    const { accountSid, authToken } = this.credentials;
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
      accept: 'application/json',
    };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    let response: Awaited<ReturnType<AppContext['http']>>;
    try {
      response = await this.ctx.http(this.url(path), { method, headers, body: form?.toString() });
    } catch (error) {
      if (error instanceof OutboundBlockedError || (error as { cause?: unknown })?.cause instanceof OutboundBlockedError) {
        throw new SmsProviderError('ERR_OUTBOUND_BLOCKED', 0, "The SMS provider's base URL is not a public address.", false);
      }
      throw new Error(`Twilio could not be reached (${action}): ${(error as Error).message}`, { cause: error });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new SendOutcomeUnknownError(`Twilio's answer was cut off (${action}).`, { cause: error });
    }
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (!response.ok) {
      const error = twilioErrorSchema.safeParse(data);
      if (!error.success) {
        if (isAmbiguousHttpAnswer(response.status, false)) {
          throw new SendOutcomeUnknownError(`Twilio's gateway answered HTTP ${response.status} without Twilio's error (${action}).`);
        }
        throw new SmsProviderError(
          `HTTP_${response.status}`,
          response.status,
          `Twilio answered HTTP ${response.status} (${action}).`,
          retryable(response.status),
        );
      }
      const { code, message, detail } = error.data;
      throw new SmsProviderError(
        String(code),
        response.status,
        [message, detail].filter(Boolean).join(': ') || `Error ${code}`,
        retryable(response.status),
      );
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      if (options.answered === 'unknown') throw new SendOutcomeUnknownError(`Twilio gave an answer of an unexpected shape (${action}).`);
      throw new SmsProviderError('HTTP_200', response.status, `Twilio gave an answer of an unexpected shape (${action}).`, false);
    }
    return parsed.data;
  }
}

const retryable = (status: number) => status === 429 || status >= 500;
