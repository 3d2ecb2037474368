/**
 * DESIGN §1.3: tenant isolation, fuzzed. Walks every operation of the OpenAPI document, so routes
 * added later are attacked across tenants without editing this file.
 *
 * Tenant A and tenant B each get an admin and a plain user. A gets one object of every kind a path
 * parameter can address: the kinds this file knows are seeded below (`seedTargetsOfA`); kinds of
 * routes added later are created (or found) as A's admin through their collection's POST / GET.
 * Then, as B's admin and as B's plain user, every non-public operation with a path parameter is
 * called with A's ids: the answer must be a 403/404 `ERR_…` error (never 2xx, never 5xx) that
 * carries none of A's data, and A's data must be unchanged afterwards (every GET A can make, before
 * and after, compared). Parameters whose kind has no object of A still get called with every real
 * id of A's objects and a missing id, and must never answer 5xx or show A's data.
 *
 * Ids inside requests: as B's admin, every tenant operation with a body or query is called on B's
 * own objects with an object of A in one id-like field at a time (`userId`, `userIds`, `queueId`,
 * `contactId`, `whatsappId`, `wallets`, `contact.id`…), in several shapes of the body (the full
 * example, the required fields only, and each enum or flag value beside the field). A write must
 * answer 4xx, exactly as for an id that exists nowhere (no enumeration), without A's data; a
 * filter must answer as for a missing id. The same request with B's own id is sent next: a success
 * or another answer shows that the refusal came from the foreign id (the fields where it could not
 * be shown are listed; the ticket ones must be shown).
 *
 * Also: every non-public operation refuses a missing or malformed token with 401 ERR_INVALID_TOKEN
 * before reading the body, callers below a route's x-auth level get 403 ERR_NO_PERMISSION, and no
 * listing shows B anything of A's.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type ApiResponse } from './api.js';
import { buildPlan, buildTenant, buildUser, DEFAULT_PASSWORD } from './factories.js';
import { startTestServer, type TestServer } from './harness.js';
import { count, eventually } from './inbox.js';
import { insertChannel } from '../src/modules/channels/channels.repository.js';
import { insertCall } from '../src/modules/calls/calls.repository.js';
import { insertGroupActions, insertGroupBatch } from '../src/modules/group-tools/group-tools.repository.js';
import { insertDeliveries } from '../src/modules/webhooks/webhooks.repository.js';
import {
  AUTH_LEVELS,
  bodyReferences,
  buildUrl,
  canHaveBody,
  errorShapeProblems,
  exampleFor,
  fetchOpenApi,
  leakProblems,
  listOperations,
  mapLimit,
  ObjectCatalog,
  send,
  sendRepaired,
  short,
  type ExampleHints,
  type Operation,
  type RouteAuth,
  type WalkRequest,
  validate,
  withValueAt,
  repairExample,
  schemaTypes,
  referencePrefix,
  deepEqual,
  type JsonSchema,
} from './openapi-walk.js';

const CONCURRENCY = 6;
/** A valid id that no row has. */
const MISSING_ID = 2_147_483_000;

interface Caller {
  name: string;
  token: string;
  /** The highest x-auth level this caller passes. */
  level: RouteAuth;
}

let server: TestServer;
let api: Api;
let operations: Operation[];
let rootToken: string;
let adminA: Caller;
let adminB: Caller;
let userB: Caller;
/** A's objects by path prefix (seeded + discovered). */
let objectsOfA: ObjectCatalog;
/** Prefixes whose values name something inside the caller's own tenant (a setting key), not an object of A. */
const CALLER_SCOPED = new Set(['/settings/']);
/** For kinds with no object of A: every real id of A's objects, and one that does not exist. */
let fallbackIds: Array<string | number>;
/** Strings that belong to tenant A only (names, e-mails): none may appear in an answer to tenant B. */
let secretsOfA: string[];
let tenantAId: number;
let tenantBId: number;
let userIdsOfA: number[];
let victim: { id: number; name: string; email: string };
let attackHints: ExampleHints;
let snapshotBefore: Map<string, ApiResponse>;
/** B's own objects by path prefix, for the requests whose body or query names A's objects. */
let objectsOfB: ObjectCatalog;
let hintsOfB: ExampleHints;

const admits = (auth: RouteAuth | undefined, level: RouteAuth) => AUTH_LEVELS.indexOf(level) >= AUTH_LEVELS.indexOf(auth ?? 'platform');

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  rootToken = (await api.loginRoot()).token;
  // The external API (x-auth apiToken) is authenticated by an API configuration's token, not a
  // session: it has its own walk (modules/external-api/external-api.walk.test.ts).
  operations = listOperations(await fetchOpenApi(api)).filter((op) => op.auth !== 'apiToken');

  const marker = randomBytes(5).toString('hex');
  const tenantA = await buildTenant(server.ctx, { name: `Alpha tenant ${marker}` });
  const tenantB = await buildTenant(server.ctx, { name: `Bravo tenant ${marker}` });
  tenantAId = tenantA.id;
  tenantBId = tenantB.id;
  const person = (tenantId: number, profile: 'admin' | 'user', who: string) =>
    buildUser(server.ctx, tenantId, {
      profile,
      name: `${who} ${marker}`,
      email: `${who.replace(' ', '-').toLowerCase()}-${marker}@example.test`,
    });
  const a = { admin: await person(tenantA.id, 'admin', 'Alpha admin'), user: await person(tenantA.id, 'user', 'Alpha user') };
  const b = { admin: await person(tenantB.id, 'admin', 'Bravo admin'), user: await person(tenantB.id, 'user', 'Bravo user') };
  const login = async (email: string, name: string, level: RouteAuth): Promise<Caller> => ({
    name,
    level,
    token: (await api.login(email, DEFAULT_PASSWORD)).token,
  });
  adminA = await login(a.admin.email, "A's admin", 'admin');
  adminB = await login(b.admin.email, "B's admin", 'admin');
  userB = await login(b.user.email, "B's plain user", 'user');

  // Objects of A, created through the API as A's admin (and as the platform admin for platform data).
  const created = await api.post(
    '/users',
    { name: `Alpha victim ${marker}`, email: `alpha-victim-${marker}@example.test`, password: DEFAULT_PASSWORD, profile: 'super' },
    { token: adminA.token },
  );
  expect(created.status, short(created.body)).toBe(201);
  victim = created.body;
  const link = await api.post('/userTenants', { userId: a.user.id, tenantId: tenantA.id }, { token: rootToken });
  expect(link.status, short(link.body)).toBe(201);
  const plan = await buildPlan(server.ctx);

  userIdsOfA = [a.admin.id, a.user.id, victim.id];
  secretsOfA = [tenantA.name, a.admin.name, a.admin.email, a.user.name, a.user.email, victim.name, victim.email].map((s) =>
    s.toLowerCase(),
  );

  // Kinds this file knows: path prefix → ids of A's objects (see CALLER_SCOPED for /settings/).
  objectsOfA = new ObjectCatalog(
    api,
    operations,
    (op) => (admits(op.auth, 'admin') ? adminA.token : op.auth === 'platform' ? rootToken : null),
    { byName: (name) => (name === 'tenantId' ? tenantA.id : name === 'userId' ? a.user.id : withoutUpload(name)) },
  );
  objectsOfA.set('/users/', [victim.id, a.admin.id, a.user.id]);
  objectsOfA.set('/userTenants/', [link.body.id]);
  objectsOfA.set('/tenants/', [tenantA.id]);
  objectsOfA.set('/plans/', [plan.id]);
  objectsOfA.set('/settings/', ['NotViewAssignedTickets', 'userCreation']);
  // Kinds of routes added later: create (or find) one in A, as A's admin.
  await objectsOfA.discover(
    operations.filter((op) => op.auth !== 'public').flatMap((op) => op.pathParams.map((p) => objectsOfA.prefixOf(op, p.name))),
  );
  // Internal notes are created under their ticket (POST /tickets/{id}/notes), which discovery does not walk: one on A's ticket.
  const ticketOfA = objectsOfA.get('/tickets/')?.[0];
  if (ticketOfA !== undefined && !objectsOfA.get('/notes/')) {
    const note = await api.post(`/tickets/${ticketOfA}/notes`, { note: `Nota walk ${marker}` }, { token: adminA.token });
    expect(note.status, short(note.body)).toBe(201);
    objectsOfA.set('/notes/', [note.body.id]);
    secretsOfA.push(`nota walk ${marker}`.toLowerCase());
  }
  // Group tools (issue 12) need a channel of a kind that administers groups: a ban of all its groups
  // and a word need no connection (made through the API); a bulk action needs one, so its row is written here.
  if (!objectsOfA.get('/bans/')) {
    const groupChannel = await insertChannel(server.ctx.db, tenantA.id, {
      name: `Grupos walk ${marker}`,
      type: 'baileys',
      status: 'disconnected',
      publicKey: randomBytes(18).toString('base64url'),
    });
    const ban = await api.post(
      '/group-tools/bans',
      { whatsappId: groupChannel.id, number: '5511900000000', groupJid: null },
      { token: adminA.token },
    );
    expect(ban.status, short(ban.body)).toBe(201);
    objectsOfA.set('/bans/', [ban.body.id]);
    const word = await api.post('/group-tools/words', { whatsappId: groupChannel.id, word: `walk${marker}` }, { token: adminA.token });
    expect(word.status, short(word.body)).toBe(201);
    objectsOfA.set('/words/', [word.body.id]);
    secretsOfA.push(`walk${marker}`);
    const batch = await insertGroupBatch(server.ctx.db, {
      tenantId: tenantA.id,
      channelId: groupChannel.id,
      userId: a.admin.id,
      kind: 'add',
      payload: {},
      status: 'finished',
    });
    await insertGroupActions(server.ctx.db, [
      {
        tenantId: tenantA.id,
        channelId: groupChannel.id,
        userId: a.admin.id,
        batchId: batch.id,
        key: `batch:${batch.id}:walk`,
        groupJid: '120363000000000001@g.us',
        groupSubject: `Grupo walk ${marker}`,
        action: 'add',
        target: '5511900000001',
        status: 'done',
      },
    ]);
    objectsOfA.set('/batches/', [batch.id]);
    secretsOfA.push(`grupo walk ${marker}`);
  }
  // Calls (issue 15) are placed through the provider or offered by it: one call of A written here.
  if (!objectsOfA.get('/calls/')) {
    const callChannel = await insertChannel(server.ctx.db, tenantA.id, {
      name: `Chamadas walk ${marker}`,
      type: 'webchat',
      status: 'connected',
      publicKey: randomBytes(18).toString('base64url'),
    });
    const call = await insertCall(server.ctx.db, tenantA.id, {
      channelId: callChannel.id,
      userId: a.user.id,
      direction: 'incoming',
      phone: '5511900000077',
      caller: '5511900000077',
      receiver: `Chamadas walk ${marker}`,
      status: 'offer',
      instance: 1,
    });
    objectsOfA.set('/calls/', [call.id]);
    if (!objectsOfA.get('/channels/')) objectsOfA.set('/channels/', [callChannel.id]);
    secretsOfA.push(`chamadas walk ${marker}`);
  }
  // API configurations (issue 13) need a channel of A; their webhook deliveries are made from events:
  // one configuration through the API and one delivery row written here.
  const apiOperations = operations.filter((op) => op.auth !== 'public' && op.pathParams.some((p) => p.name === 'apiId'));
  if (apiOperations.length > 0) {
    const apiChannel = await insertChannel(server.ctx.db, tenantA.id, {
      name: `API walk ${marker}`,
      type: 'webchat',
      status: 'connected',
      publicKey: randomBytes(18).toString('base64url'),
    });
    const apiConfig = await api.post(
      '/api-config',
      { name: `API walk ${marker}`, channelId: apiChannel.id, webhookUrl: null },
      { token: adminA.token },
    );
    expect(apiConfig.status, short(apiConfig.body)).toBe(201);
    const [delivery] = await insertDeliveries(
      server.ctx.db,
      [
        {
          tenantId: tenantA.id,
          apiConfigId: apiConfig.body.id,
          eventId: 1,
          seq: 0,
          eventType: 'contact.created',
          ticketId: null,
          body: '{}',
        },
      ],
      86_400,
    );
    for (const op of apiOperations)
      for (const param of op.pathParams)
        objectsOfA.set(objectsOfA.prefixOf(op, param.name), [param.name === 'apiId' ? apiConfig.body.id : delivery.id]);
    secretsOfA.push(`api walk ${marker}`.toLowerCase());
  }
  // Strings our example generator wrote into those objects are A's data too.
  for (const found of objectsOfA.found) {
    secretsOfA.push(
      ...stringsIn(found.body)
        // Whole generated texts only (pid and sequence), so that another text beginning alike is not taken for A's.
        .filter((text) => new RegExp(`walk.*${process.pid}\\d{6}`, 'i').test(text))
        .map((text) => text.toLowerCase()),
    );
  }
  fallbackIds = [...new Set([...[...objectsOfA.ids].filter(([p]) => !CALLER_SCOPED.has(p)).flatMap(([, ids]) => ids), MISSING_ID])];

  // Bodies B sends: valid examples whose tenant and user references point into B (an attacker
  // moving A's object to itself); other references name A's objects.
  const referencesOfA = objectsOfA.hints(() => MISSING_ID);
  attackHints = {
    byName: (name, schema) => (name === 'tenantId' ? tenantB.id : name === 'userId' ? b.user.id : referencesOfA.byName?.(name, schema)),
  };

  // B's own objects (a user of B no caller signs in as, so that writes to it log nobody out).
  const victimOfB = await api.post(
    '/users',
    { name: `Bravo victim ${marker}`, email: `bravo-victim-${marker}@example.test`, password: DEFAULT_PASSWORD, profile: 'user' },
    { token: adminB.token },
  );
  expect(victimOfB.status, short(victimOfB.body)).toBe(201);
  objectsOfB = new ObjectCatalog(api, operations, (op) => (admits(op.auth, 'admin') ? adminB.token : null), {
    byName: (name) => (name === 'tenantId' ? tenantB.id : name === 'userId' ? victimOfB.body.id : withoutUpload(name)),
  });
  objectsOfB.set('/users/', [victimOfB.body.id, b.user.id]);
  objectsOfB.set('/tenants/', [tenantB.id]);
  objectsOfB.set('/settings/', ['NotViewAssignedTickets', 'userCreation']);
  await objectsOfB.discover([...objectsOfA.ids.keys()].filter((prefix) => !objectsOfB.get(prefix)));
  hintsOfB = objectsOfB.hints(() => MISSING_ID);

  // Objects just created may still change on their own, through jobs (a message's send job): A is
  // at rest once none of its jobs is queued or running.
  await eventually(
    async () =>
      (await count(
        server.ctx,
        sql`select count(*) from pgboss.job where data->>'tenantId' = ${String(tenantA.id)} and state in ('created', 'retry', 'active')`,
      )) === 0,
    { timeoutMs: 30_000, what: "tenant A's jobs to finish" },
  );
  snapshotBefore = await snapshotOfA();
}, 120_000);

afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------

function stringsIn(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(stringsIn);
  if (node && typeof node === 'object') return Object.values(node).flatMap(stringsIn);
  return [];
}

function targetFor(op: Operation, paramName: string): { ids: Array<string | number>; mapped: boolean; callerScoped: boolean } {
  const prefix = objectsOfA.prefixOf(op, paramName);
  const ids = objectsOfA.get(prefix);
  return ids ? { ids, mapped: true, callerScoped: CALLER_SCOPED.has(prefix) } : { ids: fallbackIds, mapped: false, callerScoped: false };
}

/**
 * A quick message's file is named by the token of an upload (POST /fastreply/media, multipart: not
 * walked), and only an audio file is sent as audio: the objects are made without a file.
 */
function withoutUpload(name: string): unknown {
  return name === 'mediaToken' ? null : name === 'sendAsAudio' ? false : undefined;
}

/** One set of path values per candidate id (parameters with fewer candidates cycle). */
function pathValueSets(op: Operation): Array<Record<string, string | number>> {
  if (!op.pathParams.length) return [{}];
  const lists = op.pathParams.map((p) => ({ name: p.name, ids: targetFor(op, p.name).ids }));
  const count = Math.max(...lists.map((l) => l.ids.length));
  return Array.from({ length: count }, (_, i) => Object.fromEntries(lists.map((l) => [l.name, l.ids[i % l.ids.length]])));
}

/** Example query and body, built once per operation so repeated calls (snapshots) are identical. */
const examples = new Map<Operation, { query: Record<string, unknown>; body: unknown }>();
function examplesFor(op: Operation) {
  let found = examples.get(op);
  if (!found) {
    const query = Object.fromEntries(
      op.queryParams.filter((q) => q.required).map((q) => [q.name, exampleFor(q.schema, q.name, attackHints)]),
    );
    found = { query, body: op.body && canHaveBody(op.method) ? exampleFor(op.body, '', attackHints) : undefined };
    examples.set(op, found);
  }
  return found;
}

function requestFor(op: Operation, pathValues: Record<string, unknown>, token: string | undefined): WalkRequest {
  const { query, body } = examplesFor(op);
  const request: WalkRequest = { method: op.method, url: buildUrl(op, pathValues, query), token };
  if (body !== undefined) request.body = body;
  return request;
}

/** A's data found in an answer: its names and e-mails, its tenant id or its users' ids in reference fields. */
function dataOfAIn(body: unknown): string[] {
  const found: string[] = [];
  const text = JSON.stringify(body ?? null).toLowerCase();
  for (const secret of secretsOfA) if (text.includes(secret)) found.push(`"${short(secret, 60)}"`);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    if (obj.tenantId === tenantAId) found.push(`tenantId ${tenantAId}`);
    if (typeof obj.userId === 'number' && userIdsOfA.includes(obj.userId)) found.push(`userId ${obj.userId}`);
    if ('email' in obj && 'profile' in obj && typeof obj.id === 'number' && userIdsOfA.includes(obj.id)) found.push(`user id ${obj.id}`);
    Object.values(obj).forEach(walk);
  };
  walk(body);
  return found;
}

function describeCall(caller: string, request: WalkRequest, response: ApiResponse) {
  return `${caller}: ${request.method} ${request.url} → ${response.status} ${short(response.body, 200)}`;
}

function differences(before: Map<string, ApiResponse>, after: Map<string, ApiResponse>): string[] {
  const changed: string[] = [];
  for (const [key, was] of before) {
    const now = after.get(key);
    if (!now || now.status !== was.status || JSON.stringify(now.body) !== JSON.stringify(was.body)) {
      changed.push(`${key}: was ${was.status} ${short(was.body, 400)}, now ${now?.status} ${short(now?.body, 400)}`);
    }
  }
  return changed;
}

/** The task-queue monitor (issue 15): pg-boss's job counts of the whole platform, which every request may move. */
const LIVE_MONITORS = new Set(['GET /platform/queues']);

/** Every non-public GET as A sees it (A's admin, or the platform admin for platform routes), with A's ids in the path. */
async function snapshotOfA(): Promise<Map<string, ApiResponse>> {
  const requests: WalkRequest[] = [];
  for (const op of operations) {
    if (op.method !== 'GET' || op.auth === 'public') continue;
    // Live platform-wide counters (every tenant's jobs, the walk's own included) are nobody's objects.
    if (LIVE_MONITORS.has(`${op.method} ${op.path}`)) continue;
    if (!op.pathParams.every((p) => targetFor(op, p.name).mapped)) continue;
    const token = admits(op.auth, 'admin') ? adminA.token : rootToken;
    for (const values of pathValueSets(op)) requests.push(requestFor(op, values, token));
  }
  const responses = await mapLimit(requests, CONCURRENCY, (r) => send(api, r));
  // The platform's listings also show B, which the attempts on B's own objects may change.
  return new Map(
    requests.map((r, i) => [
      `${r.method} ${r.url}`,
      { ...responses[i], body: withoutAttemptTimes(r.url, withoutTenantB(r.url, responses[i].body)) },
    ]),
  );
}

/**
 * A's webhook delivery log without what the drains' own attempts move meanwhile (attempt count,
 * last error, next attempt…): A's seeded event keeps being retried during the walk. Which deliveries
 * exist and their state are kept (a resend by B would show there).
 */
function withoutAttemptTimes(url: string, body: unknown): unknown {
  if (!/\/webhook-deliveries(\?|$)/.test(url) || !body || typeof body !== 'object') return body;
  const { deliveries, ...rest } = body as { deliveries?: Record<string, unknown>[] };
  if (!Array.isArray(deliveries)) return body;
  return {
    ...rest,
    deliveries: deliveries.map(({ id, eventId, eventType, ticketId, state, createdAt }) => ({
      id,
      eventId,
      eventType,
      ticketId,
      state,
      createdAt,
    })),
  };
}

function withoutTenantB(url: string, node: unknown): unknown {
  const ofB = (item: unknown) => {
    const obj = item && typeof item === 'object' ? (item as Record<string, unknown>) : undefined;
    return obj !== undefined && (obj.tenantId === tenantBId || (url.startsWith('/tenants') && obj.id === tenantBId));
  };
  if (Array.isArray(node)) return node.filter((item) => !ofB(item)).map((item) => withoutTenantB(url, item));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withoutTenantB(url, v)]));
  return node;
}

// ---------------------------------------------------------------------------------------------
// Ids inside bodies and queries

/** A uuid no row has (for kinds keyed by uuid). */
const MISSING_UUID = '00000000-0000-4000-8000-00000000d1ed';

interface IdFieldCase {
  op: Operation;
  where: 'body' | 'query';
  /** `userIds` / `contact.id` / `messages.0.id`, for messages. */
  field: string;
  /** Its top-level key (what a field error names). */
  top: string;
  prefix: string;
  list: boolean;
  pathValues: Record<string, string | number>;
  query: Record<string, unknown>;
  body?: unknown;
  path: Array<string | number>;
}

const nonNull = (schema: JsonSchema): JsonSchema =>
  (schema?.anyOf ?? schema?.oneOf)?.find((v: JsonSchema) => !schemaTypes(v).every((t) => t === 'null')) ?? schema;

/** The value a case puts in its field: an object of A, of B, or one that exists nowhere (lists keep one of B's first). */
function fieldValue(c: IdFieldCase, who: 'A' | 'B' | 'missing'): unknown {
  const ofB = objectsOfB.get(c.prefix)![0];
  const ofA = objectsOfA.get(c.prefix)![0];
  const missing = typeof ofA === 'string' ? MISSING_UUID : MISSING_ID;
  const one = who === 'A' ? ofA : who === 'B' ? ofB : missing;
  return c.list && who !== 'B' ? [ofB, one] : c.list ? [ofB] : one;
}

function fieldRequest(c: IdFieldCase, who: 'A' | 'B' | 'missing', body = c.body): WalkRequest {
  const value = fieldValue(c, who);
  const query = c.where === 'query' ? { ...c.query, [c.field]: value } : c.query;
  const request: WalkRequest = { method: c.op.method, url: buildUrl(c.op, c.pathValues, query), token: adminB.token };
  if (c.where === 'body') request.body = withValueAt(body, c.path, value);
  else if (body !== undefined) request.body = body;
  return request;
}

/** The body shapes tried around one field: the full example, the required fields only, and each enum value or flag beside it. */
function bodyShapes(op: Operation, top: string): unknown[] {
  // A union (`type: 'button' | 'list' | …`): the variant the example takes.
  const schema = nonNull(op.body!);
  let full = exampleFor(schema, '', hintsOfB) as Record<string, unknown>;
  if (!full || typeof full !== 'object' || Array.isArray(full)) return [full];
  // References the names do not resolve (`contact: { id }`, `messages: [{ id }]`) name B's objects too.
  for (const ref of bodyReferences(schema, operations)) {
    const ofB = objectsOfB.get(ref.prefix)?.[0];
    if (ofB !== undefined && validate(ref.schema, ref.list ? [ofB] : ofB).length === 0)
      full = withValueAt(full, ref.path, ref.list ? [ofB] : ofB) as Record<string, unknown>;
  }
  const required: string[] = schema.required ?? [];
  const minimal = Object.fromEntries(Object.entries(full).filter(([key]) => required.includes(key) || key === top));
  const shapes: unknown[] = [full, minimal];
  for (const [key, property] of Object.entries<JsonSchema>(schema.properties ?? {})) {
    if (key === top || required.includes(key)) continue;
    const plain = nonNull(property);
    const values: unknown[] = plain.enum ?? (schemaTypes(plain).includes('boolean') ? [true] : []);
    for (const value of values) if (value !== null) shapes.push({ ...minimal, [key]: value });
  }
  return [...new Map(shapes.map((shape) => [JSON.stringify(shape), shape])).values()];
}

/** Every (operation, id-like field, body shape) B's admin can send on B's own objects, where both tenants have an object of the field's kind. */
function idFieldCases(): { cases: IdFieldCase[]; uncovered: string[] } {
  const cases: IdFieldCase[] = [];
  const uncovered: string[] = [];
  // The platform's own routes legitimately name any tenant; webhooks are the providers'.
  const ops = operations.filter((op) => op.auth && op.auth !== 'public' && op.auth !== 'platform' && !op.webhook);
  // Deletions last, so that what they remove of B's is not missing for the others.
  ops.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
  for (const op of ops) {
    const body = op.body && canHaveBody(op.method) ? op.body : undefined;
    const refs = [
      ...(body ? bodyReferences(body, operations).map((ref) => ({ ...ref, where: 'body' as const })) : []),
      ...op.queryParams
        .map((q) => ({ q, prefix: referencePrefix(q.name, operations) }))
        .filter((x): x is { q: (typeof op.queryParams)[number]; prefix: string } => x.prefix !== undefined)
        .map(({ q, prefix }) => ({
          path: [q.name],
          prefix,
          schema: q.schema,
          list: schemaTypes(nonNull(q.schema)).includes('array') || /Ids$/.test(q.name),
          where: 'query' as const,
        })),
    ];
    if (!refs.length) continue;
    const pathIds = op.pathParams.map((p) => [p.name, objectsOfB.get(objectsOfB.prefixOf(op, p.name))?.[0]] as const);
    if (pathIds.some(([, id]) => id === undefined)) {
      uncovered.push(`${op.label} (no object of B for its path)`);
      continue;
    }
    const pathValues = Object.fromEntries(pathIds) as Record<string, string | number>;
    const query = Object.fromEntries(op.queryParams.filter((q) => q.required).map((q) => [q.name, exampleFor(q.schema, q.name, hintsOfB)]));
    for (const ref of refs) {
      const field = ref.path.join('.');
      if (!objectsOfA.get(ref.prefix) || !objectsOfB.get(ref.prefix)) {
        uncovered.push(`${op.label} ${field} (no object of ${ref.prefix} in both tenants)`);
        continue;
      }
      const base = {
        op,
        where: ref.where,
        field,
        top: String(ref.path[0]),
        prefix: ref.prefix,
        list: ref.list,
        pathValues,
        query,
        path: ref.path,
      };
      if (ref.where === 'body' && validate(ref.schema, fieldValue({ ...base }, 'A')).length > 0) {
        uncovered.push(`${op.label} ${field} (an id of ${ref.prefix} does not fit its schema)`);
        continue;
      }
      const shapes = ref.where === 'body' ? bodyShapes(op, base.top) : [body ? exampleFor(body, '', hintsOfB) : undefined];
      for (const shape of shapes) cases.push({ ...base, body: shape });
    }
  }
  return { cases, uncovered };
}

const sameError = (x: ApiResponse, y: ApiResponse) => x.status === y.status && x.body?.error === y.body?.error;

/**
 * One case: A's id must be refused like a missing one (a write: 4xx; a filter: the same answer), without
 * A's data. Then the same request with B's id tells whether the refusal came from the field (a body
 * refused for another field is repaired and the case run again).
 */
async function runIdFieldCase(c: IdFieldCase): Promise<{ problems: string[]; conclusive: boolean; call: string }> {
  let body = c.body;
  for (let attempt = 0; ; attempt++) {
    const attackRequest = fieldRequest(c, 'A', body);
    let attack = await send(api, attackRequest);
    let missing = await send(api, fieldRequest(c, 'missing', body));
    const isFilter = c.op.method === 'GET';
    // A filter's answer may change between the two calls (a message's send job): compared again.
    for (let i = 0; isFilter && i < 3 && !(sameError(attack, missing) && deepEqual(attack.body, missing.body)); i++) {
      attack = await send(api, attackRequest);
      missing = await send(api, fieldRequest(c, 'missing', body));
    }
    const call = describeCall(`B's admin, ${c.where} ${c.field} = A's ${c.prefix}`, attackRequest, attack);
    const ok = attack.status >= 200 && attack.status < 300;
    const problems: string[] = [];
    if (attack.status >= 500 || attack.status === 0) problems.push('server error');
    else if (!isFilter && ok) problems.push('expected a 4xx');
    if (!ok) problems.push(...errorShapeProblems(attack));
    problems.push(...leakProblems(attack.body), ...dataOfAIn(attack.body).map((d) => `shows A's ${d}`));
    if (!sameError(attack, missing) || (isFilter && ok && !deepEqual(attack.body, missing.body)))
      problems.push(`answered unlike an id that exists nowhere (${missing.status} ${short(missing.body, 120)})`);
    if (problems.length) return { problems, conclusive: true, call };

    // The two requests differ in the field only: another answer means the field made the difference.
    const control = await send(api, fieldRequest(c, 'B', body));
    if ((control.status >= 200 && control.status < 300) || !sameError(control, attack)) return { problems, conclusive: true, call };
    const refused = control.status === 400 && control.body?.fields ? Object.keys(control.body.fields) : [];
    const repaired =
      c.where === 'body' && refused.length && !refused.some((key) => key.split('.')[0] === c.top)
        ? repairExample(c.op.body ?? {}, body ?? {}, refused, attempt)
        : undefined;
    if (repaired === undefined || attempt >= 5)
      return { problems, conclusive: false, call: `${call}; with B's own id: ${control.status} ${short(control.body, 160)}` };
    body = repaired;
  }
}

// ---------------------------------------------------------------------------------------------

describe('cross-tenant access, walked from the OpenAPI document', () => {
  it('walks a document with operations addressed by path parameters', () => {
    const withParams = operations.filter((op) => op.pathParams.length && op.auth !== 'public');
    expect(operations.length).toBeGreaterThan(0);
    expect(withParams.length).toBeGreaterThan(0);
    expect(
      operations.filter((op) => !op.auth).map((op) => op.label),
      'operations without x-auth',
    ).toEqual([]);
    const unmapped = withParams.filter((op) => op.pathParams.some((p) => !targetFor(op, p.name).mapped)).map((op) => op.label);
    console.info(`cross-tenant: ${operations.length} operations in the document, ${withParams.length} non-public with path parameters`);
    if (objectsOfA.found.length)
      console.info(
        `cross-tenant: objects of A created for new kinds: ${objectsOfA.found.map((f) => `${f.prefix} ${f.id} (${f.via})`).join(', ')}`,
      );
    if (unmapped.length)
      console.info(`cross-tenant: no object of A for ${unmapped.length} operations (fallback ids used): ${unmapped.join(', ')}`);
  });

  it('refuses every non-public operation without a valid token with 401 ERR_INVALID_TOKEN, before looking at the body', async () => {
    const requests: Array<{ label: string; request: WalkRequest }> = [];
    for (const op of operations.filter((o) => o.auth !== 'public')) {
      const base = requestFor(op, pathValueSets(op)[0], undefined);
      requests.push({ label: 'no token', request: base });
      requests.push({ label: 'malformed token', request: { ...base, headers: { authorization: 'Bearer not.a.jwt' } } });
      requests.push({ label: 'wrong scheme', request: { ...base, headers: { authorization: `Basic ${adminB.token}` } } });
      if (canHaveBody(op.method)) {
        requests.push({ label: 'no token, malformed body', request: { ...base, body: undefined, rawBody: '{bad' } });
        requests.push({ label: 'no token, wrongly typed body', request: { ...base, body: [1, 'x', null] } });
        requests.push({
          label: 'no token, body over 1 MiB',
          request: { ...base, body: undefined, rawBody: JSON.stringify({ x: 'y'.repeat(1_100_000) }) },
        });
      }
    }
    const responses = await mapLimit(requests, CONCURRENCY, ({ request }) => send(api, request));
    const failures: string[] = [];
    responses.forEach((response, i) => {
      const { label, request } = requests[i];
      const problems = [...errorShapeProblems(response), ...leakProblems(response.body)];
      if (response.status !== 401 || response.body?.error !== 'ERR_INVALID_TOKEN') problems.unshift('expected 401 ERR_INVALID_TOKEN');
      if (problems.length) failures.push(`${describeCall(label, request, response)}: ${problems.join('; ')}`);
    });
    expect(failures).toEqual([]);
  });

  it('refuses callers below the route level with 403 ERR_NO_PERMISSION (tenant admins on platform routes, plain users on admin routes)', async () => {
    const calls: Array<{ caller: Caller; request: WalkRequest }> = [];
    for (const op of operations.filter((o) => o.auth && o.auth !== 'public' && o.auth !== 'user')) {
      for (const caller of [adminB, userB, adminA]) {
        if (admits(op.auth, caller.level)) continue;
        for (const values of pathValueSets(op)) calls.push({ caller, request: requestFor(op, values, caller.token) });
      }
    }
    expect(calls.length).toBeGreaterThan(0);
    const responses = await mapLimit(calls, CONCURRENCY, ({ request }) => send(api, request));
    const failures: string[] = [];
    responses.forEach((response, i) => {
      const { caller, request } = calls[i];
      const problems = [...errorShapeProblems(response), ...leakProblems(response.body)];
      if (response.status !== 403 || response.body?.error !== 'ERR_NO_PERMISSION') problems.unshift('expected 403 ERR_NO_PERMISSION');
      if (caller !== adminA) problems.push(...dataOfAIn(response.body).map((d) => `shows A's ${d}`));
      if (problems.length) failures.push(`${describeCall(caller.name, request, response)}: ${problems.join('; ')}`);
    });
    expect(failures).toEqual([]);
  });

  it("never lets tenant B reach tenant A's objects through a path parameter", async () => {
    const calls: Array<{ op: Operation; caller: Caller; request: WalkRequest; strict: boolean }> = [];
    for (const op of operations.filter((o) => o.pathParams.length && o.auth !== 'public')) {
      const resolved = op.pathParams.map((p) => targetFor(op, p.name));
      // Every parameter names an object of A: only 403/404 will do. Otherwise (caller-scoped keys,
      // kinds without an object of A) a 2xx is possible, but never with A's data.
      const strict = resolved.every((r) => r.mapped) && !resolved.some((r) => r.callerScoped);
      for (const caller of [adminB, userB]) {
        for (const values of pathValueSets(op)) calls.push({ op, caller, request: requestFor(op, values, caller.token), strict });
      }
    }
    // A body refused for a refinement the schema cannot show (a date format…) is repaired and resent,
    // so the call gets past validation to the tenant check.
    const responses = await mapLimit(calls, CONCURRENCY, async ({ op, request }) => (await sendRepaired(api, request, op.body)).response);
    const failures: string[] = [];
    responses.forEach((response, i) => {
      const { caller, request, strict } = calls[i];
      const ok = response.status >= 200 && response.status < 300;
      const problems: string[] = [];
      if (response.status >= 500 || response.status === 0) problems.push('server error');
      if (!ok) problems.push(...errorShapeProblems(response));
      problems.push(...leakProblems(response.body), ...dataOfAIn(response.body).map((d) => `shows A's ${d}`));
      if (strict && ![403, 404].includes(response.status)) problems.unshift('expected 403 or 404');
      if (problems.length) failures.push(`${describeCall(caller.name, request, response)}: ${problems.join('; ')}`);
    });
    console.info(`cross-tenant: ${calls.length} calls with A's ids as B's admin and B's plain user`);
    expect(failures).toEqual([]);
  });

  it("shows tenant B none of tenant A's data in any listing (GET without path parameters)", async () => {
    const calls: Array<{ caller: Caller; request: WalkRequest }> = [];
    for (const op of operations.filter((o) => o.method === 'GET' && !o.pathParams.length && o.auth !== 'public')) {
      for (const caller of [adminB, userB]) calls.push({ caller, request: requestFor(op, {}, caller.token) });
    }
    const responses = await mapLimit(calls, CONCURRENCY, ({ request }) => send(api, request));
    const failures: string[] = [];
    responses.forEach((response, i) => {
      const { caller, request } = calls[i];
      const problems: string[] = [];
      if (response.status >= 500 || response.status === 0) problems.push('server error');
      if (response.status >= 300) problems.push(...errorShapeProblems(response));
      problems.push(...dataOfAIn(response.body).map((d) => `shows A's ${d}`));
      if (problems.length) failures.push(`${describeCall(caller.name, request, response)}: ${problems.join('; ')}`);
    });
    expect(failures).toEqual([]);
  });

  it("never lets tenant B point an id inside a body or query at tenant A's objects", async () => {
    const { cases, uncovered } = idFieldCases();
    expect(cases.length).toBeGreaterThan(0);
    const failures: string[] = [];
    const inconclusive: string[] = [];
    const conclusive = new Set<string>();
    // One at a time: each case changes B's objects (its control), which the next one uses.
    for (const c of cases) {
      const { problems, conclusive: proven, call } = await runIdFieldCase(c);
      if (problems.length) failures.push(`${call}: ${problems.join('; ')}`);
      else if (proven) conclusive.add(`${c.op.label} ${c.where} ${c.field}`);
      else inconclusive.push(call);
    }
    const fields = new Set(cases.map((c) => `${c.op.label} ${c.where} ${c.field}`));
    console.info(
      `cross-tenant: ${cases.length} calls over ${fields.size} id fields with A's ids in B's requests; refusal shown to come from the field for ${conclusive.size}: ${[...conclusive].join(', ')}`,
    );
    if (uncovered.length) console.info(`cross-tenant: id fields not attacked: ${uncovered.join(', ')}`);
    const unproven = [...fields].filter((f) => !conclusive.has(f));
    if (unproven.length)
      console.info(
        `cross-tenant: id fields whose refusal could not be tied to the field: ${unproven.join(', ')}\n${inconclusive.slice(0, 20).join('\n')}`,
      );
    expect(failures).toEqual([]);
    // The ticket, contact, queue and user references must have been exercised for real.
    for (const field of [
      'PUT /tickets/{id} body userId',
      'PUT /tickets/{id} body queueId',
      'POST /tickets body contactId',
      'POST /tickets body userId',
      'PUT /tickets/{id}/lane body laneId',
    ]) {
      expect(conclusive, field).toContain(field);
    }
  }, 600_000);

  it("leaves tenant A's objects unchanged after every attempt", async () => {
    const changed = differences(snapshotBefore, await snapshotOfA());
    expect(changed).toEqual([]);
    expect(snapshotBefore.size).toBeGreaterThan(0);

    const user = await api.get(`/users/${victim.id}`, { token: adminA.token });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ id: victim.id, name: victim.name, email: victim.email, profile: 'super', tenantId: tenantAId });
    // A's admin still signs in with the same password (no cross-tenant password change).
    expect((await api.login(secretsOfA[2], DEFAULT_PASSWORD)).userId).toBe(userIdsOfA[0]);
  });
});
