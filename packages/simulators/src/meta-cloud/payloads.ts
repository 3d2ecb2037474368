import { createHmac, randomBytes } from 'node:crypto';

/**
 * The Cloud API's JSON, built the way Meta's documentation samples show it (see
 * fixtures/meta-cloud/): webhook notifications of inbound messages and statuses, and Graph error
 * bodies. Pure functions, so tests can build a payload without a running simulator.
 */

export interface MetaBusiness {
  businessAccountId: string;
  phoneNumberId: string;
  /** Digits, as webhooks carry it ('15550783881'). */
  displayPhoneNumber: string;
}

/** A message id as the Cloud API shows it: 'wamid.' and base64 of an opaque key. */
export function newWamid(): string {
  return `wamid.${Buffer.concat([Buffer.from('HBgM'), randomBytes(30)]).toString('base64')}`;
}

/** A numeric Graph object id (media, templates…). */
export function newGraphId(): string {
  return `${1 + Math.floor(Math.random() * 9)}${Array.from({ length: 15 }, () => Math.floor(Math.random() * 10)).join('')}`;
}

const unixTime = (at = Date.now()) => String(Math.floor(at / 1000));

/** `sha256=<hex>` of the raw body with the app secret: the X-Hub-Signature-256 header. */
export function signMetaWebhook(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export type MetaMediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker';

interface InboundBase {
  /** The customer's WhatsApp id (digits with the country code). */
  from: string;
  /** The customer's profile name. */
  name?: string;
  /** Default: a new wamid. */
  id?: string;
  /** Unix seconds as a string (default: now). */
  timestamp?: string;
  /** The message this one replies to (the business's wamid). */
  context?: { id: string; from?: string };
}

export type MetaInboundMessageSpec = InboundBase &
  (
    | { type: 'text'; text: string }
    | {
        type: MetaMediaKind;
        mediaId: string;
        mime: string;
        sha256: string;
        caption?: string;
        filename?: string;
        voice?: boolean;
        animated?: boolean;
      }
    | { type: 'location'; latitude: number; longitude: number; name?: string; address?: string; url?: string }
    | {
        type: 'contacts';
        contacts: { name: string; firstName?: string; lastName?: string; phone: string; waId?: string; email?: string }[];
      }
    | {
        type: 'interactive';
        reply:
          { kind: 'button_reply'; id: string; title: string } | { kind: 'list_reply'; id: string; title: string; description?: string };
      }
    | { type: 'button'; text: string; payload: string }
    | { type: 'reaction'; messageId: string; emoji: string }
  );

/** The `messages[0]` object of a notification, per type. */
export function buildMetaInboundMessage(spec: MetaInboundMessageSpec): Record<string, unknown> {
  const head: Record<string, unknown> = {};
  if (spec.context) head.context = { from: spec.context.from ?? '', id: spec.context.id };
  Object.assign(head, { from: spec.from, id: spec.id ?? newWamid(), timestamp: spec.timestamp ?? unixTime(), type: spec.type });
  switch (spec.type) {
    case 'text':
      return { ...head, text: { body: spec.text } };
    case 'image':
    case 'video':
      return {
        ...head,
        [spec.type]: {
          ...(spec.caption !== undefined ? { caption: spec.caption } : {}),
          mime_type: spec.mime,
          sha256: spec.sha256,
          id: spec.mediaId,
        },
      };
    case 'document':
      return {
        ...head,
        document: {
          ...(spec.caption !== undefined ? { caption: spec.caption } : {}),
          filename: spec.filename ?? 'document',
          mime_type: spec.mime,
          sha256: spec.sha256,
          id: spec.mediaId,
        },
      };
    case 'audio':
      return { ...head, audio: { mime_type: spec.mime, sha256: spec.sha256, id: spec.mediaId, voice: spec.voice ?? false } };
    case 'sticker':
      return { ...head, sticker: { mime_type: spec.mime, sha256: spec.sha256, id: spec.mediaId, animated: spec.animated ?? false } };
    case 'location':
      return {
        ...head,
        location: {
          ...(spec.address !== undefined ? { address: spec.address } : {}),
          latitude: spec.latitude,
          longitude: spec.longitude,
          ...(spec.name !== undefined ? { name: spec.name } : {}),
          ...(spec.url !== undefined ? { url: spec.url } : {}),
        },
      };
    case 'contacts':
      return {
        ...head,
        contacts: spec.contacts.map((c) => ({
          name: {
            formatted_name: c.name,
            first_name: c.firstName ?? c.name.split(' ')[0],
            ...(c.lastName ? { last_name: c.lastName } : {}),
          },
          phones: [{ phone: c.phone, ...(c.waId ? { wa_id: c.waId } : {}), type: 'MOBILE' }],
          ...(c.email ? { emails: [{ email: c.email, type: 'WORK' }] } : {}),
        })),
      };
    case 'interactive': {
      const { kind, ...reply } = spec.reply;
      return { ...head, interactive: { type: kind, [kind]: reply } };
    }
    case 'button':
      return { ...head, button: { payload: spec.payload, text: spec.text } };
    case 'reaction':
      return { ...head, reaction: { message_id: spec.messageId, emoji: spec.emoji } };
  }
}

/** The envelope every notification shares: one entry, one change of field 'messages'. */
export function buildMetaNotification(business: MetaBusiness, value: Record<string, unknown>): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: business.businessAccountId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: business.displayPhoneNumber, phone_number_id: business.phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

/** A notification of one inbound message, with the sender's profile in `contacts`. */
export function buildMetaInboundNotification(business: MetaBusiness, spec: MetaInboundMessageSpec): Record<string, unknown> {
  return buildMetaNotification(business, {
    contacts: [{ profile: { name: spec.name ?? 'Customer' }, wa_id: spec.from }],
    messages: [buildMetaInboundMessage(spec)],
  });
}

export type MetaOutboundStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface MetaStatusSpec {
  id: string;
  status: MetaOutboundStatus;
  recipientId: string;
  timestamp?: string;
  /** For 'failed': the error of the delivery (default 131026 Message undeliverable). */
  error?: { code: number; title: string; details?: string };
  /** The send's `biz_opaque_callback_data`, which the Cloud API returns in the message's status webhooks. */
  bizOpaqueCallbackData?: string;
}

/** A notification of one status of a message the business sent. */
export function buildMetaStatusNotification(business: MetaBusiness, spec: MetaStatusSpec): Record<string, unknown> {
  const status: Record<string, unknown> = {
    id: spec.id,
    status: spec.status,
    timestamp: spec.timestamp ?? unixTime(),
    recipient_id: spec.recipientId,
    ...(spec.bizOpaqueCallbackData !== undefined ? { biz_opaque_callback_data: spec.bizOpaqueCallbackData } : {}),
  };
  if (spec.status === 'sent' || spec.status === 'delivered') {
    status.conversation = {
      id: randomBytes(16).toString('hex'),
      expiration_timestamp: unixTime(Date.now() + 24 * 3600 * 1000),
      origin: { type: 'service' },
    };
    status.pricing = { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' };
  }
  if (spec.status === 'failed') {
    const error = spec.error ?? { code: 131026, title: 'Message undeliverable', details: 'Message Undeliverable.' };
    status.errors = [
      {
        code: error.code,
        title: error.title,
        message: error.title,
        error_data: { details: error.details ?? error.title },
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      },
    ];
  }
  return buildMetaNotification(business, { statuses: [status] });
}

/** Graph errors by code, as the error-code page documents them, with the HTTP status the simulator answers with. */
export const GRAPH_ERRORS: Record<number, { status: number; message: string; details?: string; type?: string }> = {
  4: { status: 429, message: '(#4) Application request limit reached', details: 'Too many API calls.' },
  100: { status: 400, message: '(#100) Invalid parameter', details: 'Invalid parameter' },
  190: { status: 401, message: 'Invalid OAuth access token - Cannot parse access token' },
  200: { status: 403, message: '(#200) Permissions error', details: 'The app does not have the permission whatsapp_business_messaging.' },
  80007: { status: 429, message: '(#80007) Rate limit issues', details: 'The WhatsApp Business Account has reached its rate limit.' },
  130429: { status: 429, message: '(#130429) Rate limit hit', details: 'Cloud API message throughput has been reached.' },
  131000: { status: 500, message: '(#131000) Something went wrong', details: 'Something went wrong.' },
  131009: { status: 400, message: '(#131009) Parameter value is not valid', details: 'Parameter value is not valid.' },
  131026: { status: 400, message: '(#131026) Message undeliverable', details: 'Message Undeliverable.' },
  131030: {
    status: 400,
    message: '(#131030) Recipient phone number not in allowed list',
    details: 'Recipient phone number not in allowed list.',
  },
  131047: {
    status: 400,
    message: '(#131047) Re-engagement message',
    details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  131053: { status: 400, message: '(#131053) Media upload error', details: 'Unable to upload the media used in the message.' },
  131056: {
    status: 429,
    message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
    details:
      'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  },
  132000: {
    status: 400,
    message: '(#132000) Number of parameters does not match the expected number of params',
    details: 'body: number of localizable_params (0) does not match the expected number of params (1)',
  },
  132001: {
    status: 400,
    message: '(#132001) Template name does not exist in the translation',
    details: 'template name does not exist in the translation',
  },
  133010: {
    status: 400,
    message: '(#133010) Phone number Not Registered',
    details: 'Phone number Not Registered on the Whatsapp Business Platform.',
  },
};

/** `{ error: { message, type, code, error_data, fbtrace_id } }`, Graph's error body. */
export function graphError(
  code: number,
  overrides: { message?: string; details?: string | null; subcode?: number; type?: string } = {},
): { status: number; body: Record<string, unknown> } {
  const known = GRAPH_ERRORS[code] ?? { status: 400, message: `(#${code}) Error` };
  const error: Record<string, unknown> = {
    message: overrides.message ?? known.message,
    type: overrides.type ?? known.type ?? 'OAuthException',
    code,
  };
  // Generic Graph errors (unknown object, bad path) carry no WhatsApp error_data: details null.
  const details = overrides.details === null ? undefined : (overrides.details ?? known.details);
  if (code !== 190 && details) error.error_data = { messaging_product: 'whatsapp', details };
  if (overrides.subcode !== undefined) error.error_subcode = overrides.subcode;
  error.fbtrace_id = randomBytes(12).toString('base64url');
  return { status: known.status, body: { error } };
}
