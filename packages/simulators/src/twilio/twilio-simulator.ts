import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyReply } from 'fastify';
import { startSimServer, type SimServer } from '../shared/sim-server.js';

/**
 * A local stand-in for Twilio Programmable Messaging (REST API 2010-04-01), built from the public
 * docs (fixtures/twilio/SOURCES.md):
 *
 * - `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`: form-encoded `To`, `From` or
 *   `MessagingServiceSid`, `Body`, `StatusCallback`; answers 201 with the Message resource
 *   (`status` queued, or accepted through a Messaging Service);
 * - `GET /2010-04-01/Accounts/{AccountSid}/Messages.json` (filters `To`, `From`, `DateSent`,
 *   `DateSent<`, `DateSent>`, `PageSize`; newest first) and `GET …/Messages/{Sid}.json`;
 * - `GET /2010-04-01/Accounts/{AccountSid}.json`: the account (a cheap credentials check);
 * - HTTP Basic auth AccountSid:AuthToken everywhere (401 with error 20003 otherwise).
 *
 * Errors answer the documented body `{ code, message, more_info, status }`. Control methods play
 * the carrier's side: status callbacks POSTed to each message's StatusCallback URL, form-encoded
 * and signed with X-Twilio-Signature as Twilio signs them (sent → delivered, or undelivered /
 * failed with an ErrorCode for the numbers configured so), injected errors, dropped answers.
 */

export interface TwilioSimulatorOptions {
  /** `AC` + 32 hex digits. */
  accountSid?: string;
  /** 32 hex digits. */
  authToken?: string;
  /** The account's SMS-capable numbers (E.164): the only valid `From` values. */
  numbers?: string[];
  /** A Messaging Service of the account (`MG` + 32 hex digits); its sender is the first number. */
  messagingServiceSid?: string;
  /** After each accepted message, POST its status callbacks, `delayMs` apart (default 50). Default on. */
  autoStatuses?: boolean | { delayMs?: number };
  port?: number;
}

export type TwilioMessageStatus = 'accepted' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

export interface TwilioMessage {
  sid: string;
  to: string;
  from: string;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  status: TwilioMessageStatus;
  errorCode: number | null;
  numSegments: number;
  dateCreated: Date;
  dateSent: Date | null;
  dateUpdated: Date;
}

export interface TwilioCallbackDelivery {
  url: string;
  params: Record<string, string>;
  signature: string;
  status: number;
  responseBody: string;
}

export interface TwilioSimulator extends SimServer {
  readonly accountSid: string;
  readonly authToken: string;
  readonly numbers: readonly string[];
  readonly messagingServiceSid: string;
  /** Messages accepted by POST Messages.json, in order (their status follows the callbacks sent). */
  readonly sent: TwilioMessage[];
  /** Every status callback POSTed, with the answer it got. */
  readonly callbacks: TwilioCallbackDelivery[];
  setAutoStatuses(options: boolean | { delayMs?: number }): void;
  /** Messages to this number are accepted, then end `undelivered` with this ErrorCode (default 30003, unreachable handset). */
  markUndeliverable(number: string, errorCode?: number): void;
  /** Messages to this number are accepted, then end `failed` with this ErrorCode (default 30008, unknown error). */
  markFailing(number: string, errorCode?: number): void;
  /** Messages to this number are refused at once: 400 with error 21211 (invalid 'To'), or 21610 (unsubscribed) with `optedOut`. */
  markRefused(number: string, reason?: 'invalid' | 'optedOut'): void;
  /** The next `times` POST Messages.json fail with this documented error (20003, 20404, 20429, 21211, 21606, 21610, or any code with `status`). */
  injectError(code: number, options?: { status?: number; times?: number; message?: string }): void;
  /** The next `times` messages are accepted (in `sent`, callbacks follow) but the connection is destroyed instead of answering. */
  dropAnswers(times?: number): void;
  /** POSTs a status callback of a message (signed; or with the given signature, or unsigned with false). */
  sendStatus(
    sid: string,
    status: TwilioMessageStatus,
    options?: { errorCode?: number; signature?: string | false; url?: string; authToken?: string },
  ): Promise<TwilioCallbackDelivery>;
  /** Waits for the automatic callbacks still scheduled. */
  settle(): Promise<void>;
}

const FIXTURES = new URL('../../fixtures/twilio/', import.meta.url);

/** A fixture of packages/simulators/fixtures/twilio/, parsed (a fresh copy each call). */
export function twilioFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as T;
}

/** X-Twilio-Signature: Base64 HMAC-SHA1 (key: the Auth Token) of the URL followed by each parameter, sorted by name, as name + value. */
export function signTwilioRequest(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const E164 = /^\+[1-9]\d{6,14}$/;
const MAX_BODY = 1600;

/** Documented messages of the errors the simulator answers. */
const ERRORS: Record<number, { status: number; message: (detail: string) => string; detail?: string }> = {
  20003: { status: 401, message: () => 'Authenticate', detail: 'Your AccountSid or AuthToken was incorrect.' },
  20404: { status: 404, message: (path) => `The requested resource ${path} was not found` },
  20429: { status: 429, message: () => 'Too Many Requests' },
  21211: { status: 400, message: (to) => `Invalid 'To' Phone Number: ${to}` },
  21602: { status: 400, message: () => 'Message body is required.' },
  21604: { status: 400, message: () => "A 'To' phone number is required." },
  21606: {
    status: 400,
    message: (from) => `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
  },
  21610: { status: 400, message: () => 'Attempt to send to unsubscribed recipient' },
  21617: { status: 400, message: () => 'The concatenated message body exceeds the 1600 character limit.' },
  21703: { status: 400, message: () => 'The Messaging Service does not exist or is inactive.' },
};

export function twilioError(code: number, detail = '', status?: number): { status: number; body: Record<string, unknown> } {
  const known = ERRORS[code];
  const httpStatus = status ?? known?.status ?? 400;
  return {
    status: httpStatus,
    body: {
      code,
      message: known ? known.message(detail) : detail || `Error ${code}`,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status: httpStatus,
      ...(known?.detail ? { detail: known.detail } : {}),
    },
  };
}

/** RFC 2822 in GMT, as Twilio writes its dates: 'Thu, 24 Aug 2023 05:01:45 +0000'. */
function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

/** GSM-7 basic and extended characters (an extended one takes two septets); anything else makes the message UCS-2. */
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

function segmentsOf(body: string): number {
  let septets = 0;
  for (const char of body) {
    if (GSM7.includes(char)) septets += 1;
    else if (GSM7_EXTENDED.includes(char)) septets += 2;
    else {
      const units = body.length;
      return units <= 70 ? 1 : Math.ceil(units / 67);
    }
  }
  return septets <= 160 ? 1 : Math.ceil(septets / 153);
}

export async function startTwilioSimulator(options: TwilioSimulatorOptions = {}): Promise<TwilioSimulator> {
  const accountSid = options.accountSid ?? `AC${hex(16)}`;
  const authToken = options.authToken ?? hex(16);
  const numbers = options.numbers ?? ['+15005550006'];
  const messagingServiceSid = options.messagingServiceSid ?? `MG${hex(16)}`;
  const sent: TwilioMessage[] = [];
  const callbacks: TwilioCallbackDelivery[] = [];
  const undeliverable = new Map<string, { status: 'undelivered' | 'failed'; code: number }>();
  const refused = new Map<string, number>();
  const injected: { code: number; status?: number; message?: string; left: number }[] = [];
  const pending = new Set<Promise<unknown>>();
  let autoStatuses = options.autoStatuses ?? true;
  let answersToDrop = 0;

  const fail = (reply: FastifyReply, code: number, detail = '', status?: number) => {
    const error = twilioError(code, detail, status);
    return reply.status(error.status).send(error.body);
  };

  const resource = (message: TwilioMessage) => {
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}`;
    return {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: message.body,
      date_created: rfc2822(message.dateCreated),
      date_sent: message.dateSent ? rfc2822(message.dateSent) : null,
      date_updated: rfc2822(message.dateUpdated),
      direction: 'outbound-api',
      error_code: message.errorCode,
      error_message: null,
      from: message.from,
      num_media: '0',
      num_segments: String(message.numSegments),
      price: null,
      price_unit: 'USD',
      messaging_service_sid: message.messagingServiceSid,
      sid: message.sid,
      status: message.status,
      subresource_uris: { media: `${uri}/Media.json` },
      to: message.to,
      uri: `${uri}.json`,
    };
  };

  async function sendStatus(
    sid: string,
    status: TwilioMessageStatus,
    opts: { errorCode?: number; signature?: string | false; url?: string; authToken?: string } = {},
  ): Promise<TwilioCallbackDelivery> {
    const message = sent.find((m) => m.sid === sid);
    if (!message) throw new Error(`No message ${sid} in the simulator.`);
    message.status = status;
    message.dateUpdated = new Date();
    if (status === 'sent' && !message.dateSent) message.dateSent = new Date();
    if (opts.errorCode !== undefined) message.errorCode = opts.errorCode;
    const url = opts.url ?? message.statusCallback;
    if (!url) throw new Error(`Message ${sid} has no StatusCallback.`);
    const params: Record<string, string> = {
      AccountSid: accountSid,
      ApiVersion: '2010-04-01',
      From: message.from,
      MessageSid: sid,
      MessageStatus: status,
      SmsSid: sid,
      SmsStatus: status,
      To: message.to,
      ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
      ...(opts.errorCode !== undefined ? { ErrorCode: String(opts.errorCode) } : {}),
      ...(status === 'delivered' || status === 'undelivered' ? { RawDlrDoneDate: rawDlrDate(new Date()) } : {}),
    };
    const signature = opts.signature === undefined ? signTwilioRequest(opts.authToken ?? authToken, url, params) : opts.signature;
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'TwilioProxy/1.1' };
    if (signature !== false) headers['x-twilio-signature'] = signature;
    let delivery: TwilioCallbackDelivery;
    try {
      const response = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(params).toString() });
      delivery = { url, params, signature: signature || '', status: response.status, responseBody: await response.text() };
    } catch (error) {
      delivery = { url, params, signature: signature || '', status: 0, responseBody: (error as Error).message };
    }
    callbacks.push(delivery);
    return delivery;
  }

  /** What the carrier does with an accepted message: its callbacks, one after the other. */
  function scheduleStatuses(message: TwilioMessage) {
    if (!autoStatuses || !message.statusCallback) return;
    const delayMs = typeof autoStatuses === 'object' ? (autoStatuses.delayMs ?? 50) : 50;
    const ending = undeliverable.get(message.to);
    const steps: { status: TwilioMessageStatus; errorCode?: number }[] = [
      ...(message.messagingServiceSid ? [{ status: 'queued' as const }] : []),
      { status: 'sent' },
      ending ? { status: ending.status, errorCode: ending.code } : { status: 'delivered' },
    ];
    const run = (async () => {
      for (const step of steps) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await sendStatus(message.sid, step.status, step.errorCode !== undefined ? { errorCode: step.errorCode } : {});
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  const sim = await startSimServer(
    async (app) => {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });

      // HTTP Basic auth with the AccountSid and the Auth Token.
      app.addHook('preHandler', async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const [user, password] = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':') : [];
        if (user !== accountSid || password !== authToken) return fail(reply, 20003);
        const pathSid = request.url.split('/')[3]?.replace(/\.json(\?.*)?$/, '');
        if (!request.url.startsWith('/2010-04-01/Accounts/') || pathSid !== accountSid)
          return fail(reply, 20404, request.url.split('?')[0]);
      });

      app.get('/2010-04-01/Accounts/:file', async (request, reply) => {
        const { file } = request.params as { file: string };
        if (file !== `${accountSid}.json`) return fail(reply, 20404, request.url.split('?')[0]);
        const account = twilioFixture('account-fetch-response');
        return {
          ...account,
          auth_token: authToken,
          friendly_name: 'Conversa simulator',
          owner_account_sid: accountSid,
          sid: accountSid,
          subresource_uris: Object.fromEntries(
            Object.entries(account.subresource_uris as Record<string, string>).map(([k, v]) => [
              k,
              v.replace(/AC[x0-9a-f]{32}/, accountSid),
            ]),
          ),
          uri: `/2010-04-01/Accounts/${accountSid}.json`,
        };
      });

      app.post('/2010-04-01/Accounts/:sid/Messages.json', async (request, reply) => {
        const form = (request.body ?? {}) as Record<string, string | undefined>;
        const fault = injected[0];
        if (fault) {
          if (--fault.left <= 0) injected.shift();
          return fail(reply, fault.code, fault.message ?? '', fault.status);
        }
        const to = form.To?.trim();
        if (!to) return fail(reply, 21604);
        if (!E164.test(to)) return fail(reply, 21211, to);
        const refusal = refused.get(to);
        if (refusal) return fail(reply, refusal, to);
        let from: string;
        let serviceSid: string | null = null;
        if (form.MessagingServiceSid) {
          if (form.MessagingServiceSid !== messagingServiceSid) return fail(reply, 21703);
          serviceSid = messagingServiceSid;
          from = numbers[0];
        } else {
          from = form.From?.trim() ?? '';
          if (!numbers.includes(from)) return fail(reply, 21606, from);
        }
        const body = form.Body ?? '';
        if (!body) return fail(reply, 21602);
        if (body.length > MAX_BODY) return fail(reply, 21617);
        const now = new Date();
        const message: TwilioMessage = {
          sid: `SM${hex(16)}`,
          to,
          from,
          messagingServiceSid: serviceSid,
          body,
          statusCallback: form.StatusCallback ?? null,
          status: serviceSid ? 'accepted' : 'queued',
          errorCode: null,
          numSegments: segmentsOf(body),
          dateCreated: now,
          dateSent: null,
          dateUpdated: now,
        };
        sent.push(message);
        scheduleStatuses(message);
        if (answersToDrop > 0) {
          answersToDrop--;
          void reply.hijack();
          request.raw.socket.destroy();
          return;
        }
        return reply.status(201).send(resource(message));
      });

      app.get('/2010-04-01/Accounts/:sid/Messages.json', async (request) => {
        const query = request.query as Record<string, string | undefined>;
        const day = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
        const sentDay = (m: TwilioMessage) => (m.dateSent ?? m.dateCreated).toISOString().slice(0, 10);
        const pageSize = Math.min(Math.max(Number(query.PageSize) || 50, 1), 1000);
        const matching = sent
          .filter((m) => !query.To || m.to === query.To)
          .filter((m) => !query.From || m.from === query.From)
          .filter((m) => !day(query.DateSent) || sentDay(m) === query.DateSent)
          .filter((m) => !day(query['DateSent>']) || sentDay(m) >= query['DateSent>']!)
          .filter((m) => !day(query['DateSent<']) || sentDay(m) <= query['DateSent<']!)
          .reverse();
        const page = matching.slice(0, pageSize);
        const uri = request.url;
        return {
          end: Math.max(page.length - 1, 0),
          first_page_uri: uri,
          next_page_uri: null,
          previous_page_uri: null,
          page: 0,
          page_size: pageSize,
          start: 0,
          uri,
          messages: page.map(resource),
        };
      });

      app.get('/2010-04-01/Accounts/:sid/Messages/:file', async (request, reply) => {
        const { file } = request.params as { file: string };
        const message = sent.find((m) => `${m.sid}.json` === file);
        if (!message) return fail(reply, 20404, request.url.split('?')[0]);
        return resource(message);
      });
    },
    { port: options.port },
  );

  return {
    ...sim,
    accountSid,
    authToken,
    numbers,
    messagingServiceSid,
    sent,
    callbacks,
    setAutoStatuses(value) {
      autoStatuses = value;
    },
    markUndeliverable(number, errorCode = 30003) {
      undeliverable.set(number, { status: 'undelivered', code: errorCode });
    },
    markFailing(number, errorCode = 30008) {
      undeliverable.set(number, { status: 'failed', code: errorCode });
    },
    markRefused(number, reason = 'invalid') {
      refused.set(number, reason === 'optedOut' ? 21610 : 21211);
    },
    injectError(code, opts = {}) {
      injected.push({ code, status: opts.status, message: opts.message, left: opts.times ?? 1 });
    },
    dropAnswers(times = 1) {
      answersToDrop += times;
    },
    sendStatus,
    async settle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/** RawDlrDoneDate: YYMMDDhhmm of the carrier's delivery receipt. */
function rawDlrDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCFullYear() % 100)}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}`;
}
