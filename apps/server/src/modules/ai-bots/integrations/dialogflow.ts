import { createHash, createSign } from 'node:crypto';
import { googleServiceAccountSchema, type BotIntegrationSettingsInput, type GoogleServiceAccount } from '@conversa/shared';
import { z } from 'zod';
import { callJson, fetchOrFail, LlmCallError, parseJson, refusal, type Fetch } from '../protocols/llm-client.js';

type DialogflowConfig = Extract<BotIntegrationSettingsInput, { kind: 'dialogflow' }>;

/**
 * Dialogflow ES (https://cloud.google.com/dialogflow/es/docs/reference/rest/v2/projects.agent.sessions/detectIntent):
 *
 * 1. Google's OAuth 2.0 for service accounts
 *    (https://developers.google.com/identity/protocols/oauth2/service-account#httprest): a JWT
 *    `{ iss: client_email, scope, aud: token_uri, iat, exp: iat + 1 h }` signed RS256 with the key
 *    file's private key, POSTed form-encoded to `token_uri` with
 *    `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer` → `{ access_token, expires_in }`.
 *    The token is kept (per service account and token_uri) until a minute before it expires, and
 *    dropped when Dialogflow answers 401 (the call retried once with a new one).
 * 2. `POST {url}/v2/projects/{projectId}/agent/sessions/{sessionId}:detectIntent`
 *    `{ queryInput: { text: { text, languageCode } } }`, `Authorization: Bearer <token>` →
 *    `{ queryResult: { fulfillmentText, fulfillmentMessages, intent, diagnosticInfo } }`.
 * Google's errors answer `{ error: { code, message, status } }` (the API) or
 * `{ error, error_description }` (the token endpoint).
 */
export const DIALOGFLOW_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ASSERTION_LIFETIME_S = 3600;
/** A token is renewed this long before Google's expiry. */
const RENEW_MARGIN_MS = 60_000;

const describeError = (body: unknown): string | undefined => {
  if (!body || typeof body !== 'object' || !('error' in body)) return undefined;
  const error = body.error;
  if (typeof error === 'string')
    return 'error_description' in body && typeof body.error_description === 'string' ? `${error}: ${body.error_description}` : error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return `${'status' in error && typeof error.status === 'string' ? `${error.status}: ` : ''}${error.message}`;
  return undefined;
};

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive().optional() });

const messageSchema = z
  .object({
    text: z.object({ text: z.array(z.string()).optional() }).optional(),
    quickReplies: z.object({ title: z.string().optional(), quickReplies: z.array(z.string()).optional() }).optional(),
    suggestions: z.object({ suggestions: z.array(z.object({ title: z.string() })).optional() }).optional(),
    platform: z.string().optional(),
  })
  .passthrough();

const detectIntentSchema = z.object({
  queryResult: z.object({
    fulfillmentText: z.string().optional(),
    fulfillmentMessages: z.array(messageSchema).optional(),
    intent: z.object({ displayName: z.string().optional(), endInteraction: z.boolean().optional() }).optional(),
    diagnosticInfo: z.record(z.string(), z.unknown()).optional(),
  }),
});

export interface DialogflowTurn {
  text: string;
  /** Quick replies / suggestion chips: the options, and a quick-reply card's title. */
  choices: { title: string; options: string[] } | null;
  /** The intent ends the conversation (`endInteraction`, or `diagnosticInfo.end_conversation`). */
  ended: boolean;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed JWT-bearer assertion for the account's token endpoint. */
export function signedAssertion(account: GoogleServiceAccount, nowS: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: account.client_email,
      scope: DIALOGFLOW_SCOPE,
      aud: account.token_uri,
      iat: nowS,
      exp: nowS + ASSERTION_LIFETIME_S,
    }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

/** Access tokens by service account (its e-mail, token endpoint and key's digest). */
const tokens = new Map<string, { token: string; renewAt: number }>();

function cacheKey(account: GoogleServiceAccount): string {
  return createHash('sha256').update(`${account.client_email}\n${account.token_uri}\n${account.private_key}`).digest('hex');
}

/** The key file, parsed (it was checked when saved; a broken one stored before is refused in words). */
export function serviceAccountOf(credentials: string): GoogleServiceAccount {
  const parsed = googleServiceAccountSchema.safeParse(parseJson(credentials));
  if (!parsed.success) throw new LlmCallError('refused', 'the service-account key file is unusable');
  return parsed.data;
}

async function accessToken(http: Fetch, account: GoogleServiceAccount, timeoutMs: number): Promise<string> {
  const key = cacheKey(account);
  const cached = tokens.get(key);
  if (cached && cached.renewAt > Date.now()) return cached.token;
  let assertion: string;
  try {
    assertion = signedAssertion(account, Math.floor(Date.now() / 1000));
  } catch {
    throw new LlmCallError('refused', 'the private key of the key file cannot sign');
  }
  const response = await fetchOrFail(http, account.token_uri, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
    timeoutMs,
  });
  const text = await response.text();
  if (!response.ok) throw refusal(response.status, text, describeError);
  const body = tokenSchema.safeParse(parseJson(text));
  if (!body.success) throw new LlmCallError('refused', 'the token endpoint answered no access_token');
  const lifetimeMs = (body.data.expires_in ?? ASSERTION_LIFETIME_S) * 1000;
  tokens.set(key, { token: body.data.access_token, renewAt: Date.now() + lifetimeMs - RENEW_MARGIN_MS });
  return body.data.access_token;
}

/** The answer's texts, and its quick replies or suggestion chips (the first card of either). */
function turnOf(result: z.infer<typeof detectIntentSchema>['queryResult']): DialogflowTurn {
  const messages = result.fulfillmentMessages ?? [];
  const texts = messages
    .flatMap((message) => message.text?.text ?? [])
    .map((line) => line.trim())
    .filter(Boolean);
  const unique = [...new Set(texts)];
  const text = unique.length ? unique.join('\n\n') : (result.fulfillmentText ?? '').trim();
  let choices: DialogflowTurn['choices'] = null;
  for (const message of messages) {
    const options = (message.quickReplies?.quickReplies ?? message.suggestions?.suggestions?.map((chip) => chip.title) ?? [])
      .map((option) => option.trim())
      .filter(Boolean);
    if (options.length) {
      choices = { title: message.quickReplies?.title?.trim() ?? '', options };
      break;
    }
  }
  const ended = result.intent?.endInteraction === true || result.diagnosticInfo?.end_conversation === true;
  return { text, choices, ended };
}

/** The agent's answer to the customer's text in the ticket's session. */
export async function dialogflowDetectIntent(
  http: Fetch,
  config: DialogflowConfig,
  sessionId: string,
  text: string,
): Promise<DialogflowTurn> {
  const account = serviceAccountOf(config.credentials);
  const url = `${config.url}/v2/projects/${encodeURIComponent(config.projectId)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
  const call = async () =>
    callJson(
      http,
      url,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken(http, account, config.timeoutMs)}` },
        body: { queryInput: { text: { text, languageCode: config.language } } },
        timeoutMs: config.timeoutMs,
      },
      describeError,
    );
  let answer: unknown;
  try {
    answer = await call();
  } catch (error) {
    // A token Google no longer accepts (revoked, clock skew): once more with a new one.
    if (!(error instanceof LlmCallError && error.status === 401)) throw error;
    tokens.delete(cacheKey(account));
    answer = await call();
  }
  const body = detectIntentSchema.safeParse(answer);
  if (!body.success) throw new LlmCallError('refused', 'the answer has no `queryResult`');
  return turnOf(body.data.queryResult);
}

/** The connection test: an access token for the key file (the agent itself is asked nothing). */
export async function dialogflowToken(http: Fetch, config: DialogflowConfig): Promise<string> {
  const account = serviceAccountOf(config.credentials);
  await accessToken(http, account, config.timeoutMs);
  return account.client_email;
}
