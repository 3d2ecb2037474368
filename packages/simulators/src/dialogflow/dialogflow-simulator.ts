import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { botFixture } from '../bots/bot-simulators.js';
import { startSimServer, type SimServer } from '../shared/sim-server.js';

/**
 * A local stand-in for Dialogflow ES and Google's OAuth 2.0 token endpoint, built from their public
 * references (fixtures/bots/SOURCES.md):
 *
 * - `POST /token` (form-encoded `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=…`):
 *   the assertion's RS256 signature is verified with the public half of the simulator's test key
 *   (the key file `serviceAccount` holds the private half), and its claims: `iss` the account's
 *   e-mail, `aud` this token endpoint, the cloud-platform `scope`, `iat`/`exp` at most an hour
 *   apart and not expired → `{ access_token, expires_in }` (`tokenTtlSeconds`); otherwise
 *   Google's `invalid_grant`.
 * - `POST /v2/projects/{project}/agent/sessions/{session}:detectIntent` with a Bearer token the
 *   endpoint issued and has not expired (401 UNAUTHENTICATED otherwise), for the agent's project
 *   (403 PERMISSION_DENIED otherwise) → `{ responseId, queryResult }`, the query result's
 *   fulfillment from `answerWith`.
 *
 * Every call is kept (`tokenCalls`, `detectCalls`); `injectError` queues a documented error.
 */

export interface DialogflowDetectCall {
  projectId: string;
  sessionId: string;
  text: string;
  languageCode: string;
  token: string;
}

/** What the agent answers: texts (fulfillmentMessages), quick replies, the end of the conversation. */
export interface DialogflowReply {
  texts: string[];
  quickReplies?: { title: string; options: string[] };
  endInteraction?: boolean;
}

export interface DialogflowSimulator extends SimServer {
  readonly projectId: string;
  /** The key file (JSON text) of the agent's service account, its token_uri this simulator's. */
  readonly serviceAccount: string;
  readonly clientEmail: string;
  readonly tokenCalls: { clientEmail: string; scope: string }[];
  readonly detectCalls: DialogflowDetectCall[];
  /** The texts each session received, oldest first. */
  readonly sessions: Map<string, string[]>;
  answerWith(answer: (text: string, history: string[]) => DialogflowReply): void;
  /** The lifetime of the tokens issued from now on. */
  tokenTtl(seconds: number): void;
  /** Every token issued so far stops being accepted (as revoked). */
  revokeTokens(): void;
  /** The next detectIntent answers this documented error. */
  injectError(kind: 'permissionDenied' | 'quota'): void;
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

const decodePart = (part: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

export async function startDialogflowSimulator(options: { projectId?: string; port?: number } = {}): Promise<DialogflowSimulator> {
  const projectId = options.projectId ?? 'loja-azul-agent';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const template = botFixture<Record<string, string>>('dialogflow-service-account');
  const clientEmail = template.client_email;
  const tokenCalls: { clientEmail: string; scope: string }[] = [];
  const detectCalls: DialogflowDetectCall[] = [];
  const sessions = new Map<string, string[]>();
  const issued = new Map<string, number>();
  const errors: ('permissionDenied' | 'quota')[] = [];
  let ttlSeconds = 3599;
  let answer: (text: string, history: string[]) => DialogflowReply = (text) => ({ texts: [`Dialogflow: ${text}`] });
  let tokenUri = '';

  const sim = await startSimServer((app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.post('/token', async (request, reply) => {
      const body = (request.body ?? {}) as { grant_type?: string; assertion?: string };
      const invalid = (description: string) =>
        reply.status(400).send({ ...botFixture('dialogflow-token-error-invalid-grant'), error_description: description });
      if (body.grant_type !== JWT_BEARER)
        return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' });
      const [header, claims, signature] = String(body.assertion ?? '').split('.');
      const head = header ? decodePart(header) : undefined;
      const payload = claims ? decodePart(claims) : undefined;
      if (!head || !payload || !signature || head.alg !== 'RS256') return invalid('Invalid JWT: malformed.');
      const signed = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, 'base64url'));
      if (!signed) return invalid('Invalid JWT Signature.');
      const now = Math.floor(Date.now() / 1000);
      const iat = Number(payload.iat);
      const exp = Number(payload.exp);
      if (payload.iss !== clientEmail) return invalid('Invalid JWT: unknown issuer.');
      if (payload.aud !== tokenUri) return invalid('Invalid JWT: audience is not the token endpoint.');
      if (typeof payload.scope !== 'string' || !payload.scope.split(' ').includes(SCOPE)) return invalid('Invalid JWT: scope missing.');
      if (!(exp > now && exp - iat <= 3600 && iat <= now + 60))
        return invalid('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
      const token = `ya29.${randomBytes(24).toString('base64url')}`;
      issued.set(token, Date.now() + ttlSeconds * 1000);
      tokenCalls.push({ clientEmail: String(payload.iss), scope: payload.scope });
      return { ...botFixture('dialogflow-token-response'), access_token: token, expires_in: ttlSeconds };
    });
    // `{session}:detectIntent` is one path segment: read it by hand.
    app.post<{ Params: { projectId: string; '*': string } }>('/v2/projects/:projectId/agent/sessions/*', async (request, reply) => {
      const match = /^([^/:]+):detectIntent$/.exec(request.params['*']);
      if (!match) return reply.status(404).send({ error: { code: 404, message: 'Method not found.', status: 'NOT_FOUND' } });
      const header = request.headers.authorization;
      const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
      const expiry = issued.get(token);
      if (expiry === undefined || expiry <= Date.now()) return reply.status(401).send(botFixture('dialogflow-error-401'));
      if (request.params.projectId !== projectId) return reply.status(403).send(botFixture('dialogflow-error-403'));
      const injected = errors.shift();
      if (injected === 'permissionDenied') return reply.status(403).send(botFixture('dialogflow-error-403'));
      if (injected === 'quota') return reply.status(429).send(botFixture('dialogflow-error-429'));
      const body = (request.body ?? {}) as { queryInput?: { text?: { text?: string; languageCode?: string } } };
      const text = body.queryInput?.text?.text ?? '';
      const languageCode = body.queryInput?.text?.languageCode ?? '';
      if (!text || !languageCode)
        return reply
          .status(400)
          .send({ error: { code: 400, message: 'Invalid query input: text and languageCode required.', status: 'INVALID_ARGUMENT' } });
      const sessionId = decodeURIComponent(match[1]);
      detectCalls.push({ projectId, sessionId, text, languageCode, token });
      const history = sessions.get(sessionId) ?? [];
      const out = answer(text, [...history]);
      sessions.set(sessionId, [...history, text]);
      const fixture = botFixture<{ queryResult: Record<string, unknown> }>('dialogflow-detect-intent-response');
      return {
        ...fixture,
        responseId: randomBytes(16).toString('hex'),
        queryResult: {
          ...fixture.queryResult,
          queryText: text,
          languageCode: languageCode.toLowerCase(),
          fulfillmentText: out.texts.join('\n'),
          fulfillmentMessages: [
            ...out.texts.map((line) => ({ text: { text: [line] } })),
            ...(out.quickReplies
              ? [
                  {
                    ...botFixture('dialogflow-quick-replies-message'),
                    quickReplies: { title: out.quickReplies.title, quickReplies: out.quickReplies.options },
                  },
                ]
              : []),
          ],
          intent: { ...(fixture.queryResult.intent as object), ...(out.endInteraction ? { endInteraction: true } : {}) },
        },
      };
    });
  }, options);
  tokenUri = `${sim.url}/token`;
  const serviceAccount = JSON.stringify(
    {
      ...template,
      project_id: projectId,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: tokenUri,
    },
    null,
    2,
  );
  return {
    ...sim,
    projectId,
    serviceAccount,
    clientEmail,
    tokenCalls,
    detectCalls,
    sessions,
    answerWith: (fn) => {
      answer = fn;
    },
    tokenTtl: (seconds) => {
      ttlSeconds = seconds;
    },
    revokeTokens: () => issued.clear(),
    injectError: (kind) => errors.push(kind),
  };
}
