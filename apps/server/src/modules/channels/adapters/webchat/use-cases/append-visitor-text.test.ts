/**
 * The one-statement path of a visitor's text (the token checked by the statement that stores the
 * message): it stores only what the full check would accept, and every refusal still answers as
 * the full check does. Each case uses a visitor whose conversation is open, so that the statement
 * WOULD store the message if it skipped a check.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../../test/harness.js';
import { count, rows } from '../../../../../../test/inbox.js';
import { updateChannel } from '../../../channels.repository.js';
import { ingestInbound } from '../../../../messages/use-cases/ingest-inbound.js';
import { parseVisitorToken, visitorContactKey } from '../visitor-auth.js';
import { buildWebchatSetup, startVisitor, type Visitor, type WebchatSetup } from '../webchat.fixtures.js';
import { webchatLimitKeys } from '../webchat-limits.js';
import { visitorExternalId } from '../webchat.presenter.js';
import { WEBCHAT_LIMITS } from '../webchat.schemas.js';
import { appendVisitorText } from './append-visitor-text.js';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  api = new Api(server.url);
});
afterAll(async () => {
  await server?.close();
});

/** A visitor with an open conversation (its first message opened the ticket). */
async function visitorWithTicket(setup: WebchatSetup): Promise<Visitor> {
  const visitor = await startVisitor(api, setup.channel.publicKey);
  expect((await visitor.post('first')).status).toBe(201);
  return visitor;
}

const stored = (body: string) => count(server.ctx, sql`select count(*) from messages where body = ${body}`);
const tokenOf = (visitor: Visitor) => parseVisitorToken(visitor.token)!;
const noPage = { origin: undefined, host: undefined };

describe('a visitor text in one statement', () => {
  it("stores a text to the visitor's open conversation and pushes it; a first message is left to the full path", async () => {
    const setup = await buildWebchatSetup(server, api);
    const fresh = await startVisitor(api, setup.channel.publicKey);
    expect(await appendVisitorText(server.ctx, tokenOf(fresh), noPage, { clientId: randomUUID(), body: 'no ticket yet' })).toEqual({
      outcome: 'no-open-ticket',
      useCounted: false,
    });
    expect(await stored('no ticket yet')).toBe(0);

    const visitor = await visitorWithTicket(setup);
    const appended = await appendVisitorText(server.ctx, tokenOf(visitor), noPage, { clientId: randomUUID(), body: 'second, fast' });
    const message = appended.outcome === 'appended' ? appended.message : undefined;
    expect(message).toMatchObject({ body: 'second, fast', fromMe: false, tenantId: setup.tenantId, channelId: setup.channel.id });
    const [ticket] = await rows(server.ctx, sql`select unread_messages, last_message from tickets where id = ${message!.ticketId}`);
    expect(ticket).toEqual({ unread_messages: 2, last_message: 'second, fast' });
  });

  it('refuses a wrong secret, another channel, a disconnected channel, an inactive tenant and a foreign origin like the full check', async () => {
    const setup = await buildWebchatSetup(server, api, { settings: { allowedOrigins: ['https://shop.example.com'] } });
    const visitor = await visitorWithTicket(setup);
    const token = tokenOf(visitor);
    const attempt = (body: string, overrides: Partial<typeof token> = {}, page: { origin?: string; host?: string } = noPage) =>
      appendVisitorText(
        server.ctx,
        { ...token, ...overrides },
        { origin: page.origin, host: page.host },
        { clientId: randomUUID(), body },
      ).then((result) => result.outcome);

    expect(await attempt('wrong secret', { secret: 'x'.repeat(43) })).toBe('not-stored');
    expect(await attempt('foreign origin', {}, { origin: 'https://evil.example' })).toBe('not-stored');
    expect(await attempt('listed origin', {}, { origin: 'https://SHOP.example.com/' })).toBe('appended');
    expect(await attempt('own page', {}, { origin: 'http://conversa.test:8080', host: 'conversa.test:8080' })).toBe('appended');

    // Over HTTP the full check answers precisely, and stores nothing.
    const wrong = await api.post(
      '/webchat/messages',
      { clientId: randomUUID(), body: 'wrong secret' },
      { token: `${token.visitorId}.${'y'.repeat(43)}` },
    );
    expect([wrong.status, wrong.body.error]).toEqual([401, 'ERR_INVALID_TOKEN']);
    const foreign = await api.post(
      '/webchat/messages',
      { clientId: randomUUID(), body: 'foreign origin' },
      { token: visitor.token, headers: { origin: 'https://evil.example' } },
    );
    expect([foreign.status, foreign.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);

    await updateChannel(server.ctx.db, setup.tenantId, setup.channel.id, { status: 'disconnected' });
    expect(await attempt('channel disconnected')).toBe('not-stored');
    const closed = await visitor.post('channel disconnected');
    expect([closed.status, closed.body.error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);
    await updateChannel(server.ctx.db, setup.tenantId, setup.channel.id, { status: 'connected' });

    await server.ctx.db.execute(sql`update tenants set status = 'inactive' where id = ${setup.tenantId}`);
    expect(await attempt('tenant inactive')).toBe('not-stored');
    expect((await visitor.post('tenant inactive')).status).toBeGreaterThanOrEqual(400);
    await server.ctx.db.execute(sql`update tenants set status = 'active' where id = ${setup.tenantId}`);

    // A token of this visitor never writes into another visitor's conversation.
    const other = await visitorWithTicket(setup);
    expect(await attempt('as the other', { visitorId: tokenOf(other).visitorId })).toBe('not-stored');

    for (const body of ['wrong secret', 'foreign origin', 'channel disconnected', 'tenant inactive', 'as the other'])
      expect(await stored(body)).toBe(0);
    expect(await stored('listed origin')).toBe(1);
  });

  it('a first message takes the full path once; its resend is answered with the stored message and not counted', async () => {
    const setup = await buildWebchatSetup(server, api);
    const fresh = await startVisitor(api, setup.channel.publicKey);
    const clientId = randomUUID();
    const first = await fresh.post('opens the conversation', clientId);
    expect(first.status).toBe(201);
    const resent = await fresh.post('opens the conversation', clientId);
    expect([resent.status, resent.body.id]).toEqual([200, first.body.id]);
    expect(await stored('opens the conversation')).toBe(1);
    const { visitorId } = tokenOf(fresh);
    const key = webchatLimitKeys.messagesOfVisitor(visitorId);
    expect(await count(server.ctx, sql`select count from rate_limit_counters where key = ${key}`)).toBe(1);
    // The full path alone (a resend racing the first post, which the one-statement path missed) answers it uncounted too.
    const raced = await ingestInbound(
      server.ctx,
      {
        tenantId: setup.tenantId,
        channelId: setup.channel.id,
        externalId: visitorExternalId(visitorId, clientId),
        contact: { key: { externalKey: visitorContactKey(visitorId) }, name: 'Visitante' },
        body: 'opens the conversation',
      },
      { appendTried: true, rateLimit: { key, windowSeconds: 60, max: WEBCHAT_LIMITS.messagesPerMinute, message: 'too many' } },
    );
    expect(raced.outcome).toBe('duplicate');
    expect(await count(server.ctx, sql`select count from rate_limit_counters where key = ${key}`)).toBe(1);
  });

  it('counts the rate limit with the message: over the limit 429, a resend of a stored message is answered, not counted', async () => {
    const setup = await buildWebchatSetup(server, api);
    const visitor = await visitorWithTicket(setup);
    const resent = randomUUID();
    expect((await visitor.post('resent', resent)).status).toBe(201);
    expect((await visitor.post('resent', resent)).status).toBe(200);
    // 'first' and 'resent' used two of the window's uses.
    for (let i = 2; i < WEBCHAT_LIMITS.messagesPerMinute; i++) expect((await visitor.post(`n${i}`)).status).toBe(201);
    const over = await visitor.post('one too many');
    expect([over.status, over.body.error]).toEqual([429, 'ERR_LIMIT_MAX']);
    expect(await stored('one too many')).toBe(0);
    expect(await stored('resent')).toBe(1);
  });
});
