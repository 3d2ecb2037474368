import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import type { ChannelRow } from '../../../channels/channels.repository.js';
import { hmac, parseRefreshToken, refreshSecretMatches } from '../../../auth/refresh-tokens.js';
import { assertChannelAcceptsVisitors } from './webchat.policy.js';
import { findVisitorWithChannel } from './webchat.repository.js';
import { readWebchatSettings, type WebchatSettings } from './webchat.schemas.js';

/** An authenticated visitor: it reaches only its own conversation on its own channel. */
export interface VisitorSession {
  visitorId: string;
  tenantId: number;
  channelId: number;
  contactId: number;
  name: string;
  email: string | null;
  settings: WebchatSettings;
  /** The channel row read with the visitor (HTTP requests reuse it; never kept on a socket). */
  channel?: ChannelRow;
}

/** The contact of a visitor is known by this key (contacts.external_key), unique per tenant. */
export const visitorContactKey = (visitorId: string) => `webchat:${visitorId}`;
export const visitorIdOfContactKey = (key: string | null): string | undefined =>
  key?.startsWith('webchat:') ? key.slice('webchat:'.length) : undefined;

const tokenKeys = new WeakMap<AppContext['secrets'], string>();

/** Visitor tokens are `<visitorId>.<secret>`; only an HMAC of the secret is stored (as refresh tokens). Derived once per secrets. */
function tokenKey(ctx: Pick<AppContext, 'secrets'>): string {
  let key = tokenKeys.get(ctx.secrets);
  if (!key) {
    key = createHmac('sha256', ctx.secrets.jwtRefreshSecret).update('webchat-visitor-tokens').digest('base64url');
    tokenKeys.set(ctx.secrets, key);
  }
  return key;
}

/** A visitor token's parts, if it is well formed (nothing is checked against the database). */
export function parseVisitorToken(token: string | undefined): { visitorId: string; secret: string } | undefined {
  const parsed = token ? parseRefreshToken(token) : undefined;
  return parsed && UUID.test(parsed.id) ? { visitorId: parsed.id, secret: parsed.secret } : undefined;
}

/** What webchat_visitors.token_hash holds for a token's secret. */
export function visitorSecretHash(ctx: Pick<AppContext, 'secrets'>, secret: string): string {
  return hmac(tokenKey(ctx), secret);
}

export function newVisitorToken(ctx: Pick<AppContext, 'secrets'>): { visitorId: string; token: string; tokenHash: string } {
  const visitorId = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  return { visitorId, token: `${visitorId}.${secret}`, tokenHash: hmac(tokenKey(ctx), secret) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The visitor of a token, if the token is genuine and its channel still takes visitors. */
export async function authenticateVisitor(ctx: Pick<AppContext, 'db' | 'secrets'>, token: string | undefined): Promise<VisitorSession> {
  const parsed = parseVisitorToken(token);
  if (!parsed) throw new AppError('ERR_INVALID_TOKEN', 'Missing or malformed visitor token.');
  const found = await findVisitorWithChannel(ctx.db, parsed.visitorId);
  if (!found || !refreshSecretMatches(tokenKey(ctx), parsed.secret, found.visitor.tokenHash))
    throw new AppError('ERR_INVALID_TOKEN', 'Invalid visitor token.');
  if (found.tenantStatus !== 'active') throw new AppError('ERR_NO_WAPP_FOUND');
  assertChannelAcceptsVisitors(found.channel);
  const { visitor } = found;
  return {
    visitorId: visitor.id,
    tenantId: visitor.tenantId,
    channelId: visitor.channelId,
    contactId: visitor.contactId,
    name: visitor.name,
    email: visitor.email,
    settings: readWebchatSettings(found.channel.settings),
    channel: found.channel,
  };
}

/** `Authorization: Bearer <visitor token>`. */
export function visitorTokenFromHeader(header: string | undefined): string | undefined {
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}
