/**
 * The flows API (SPEC §2 /chat-flow): CRUD, drafts and published versions, duplicate, JSON export
 * and import, the channel's `chatFlowId`, and the save-time rules (graph, references, size, SSRF).
 */
import { createOutboundHttp } from '../../platform/http/outbound-http.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, buildInboxTenant, buildQueue, type InboxTenant } from '../../../test/inbox.js';
import { webhookInteraction } from './interactions/webhook.interaction.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
});
afterAll(() => server?.close());

const definition = (route: Record<string, unknown> = { kind: 'queue', queueId: t.queue.id }) => ({
  startStepId: 'menu',
  welcomeMessage: 'Olá {{name}}',
  steps: [
    {
      id: 'menu',
      name: 'Menu',
      position: { x: 10, y: 20 },
      interactions: [{ id: 'i1', kind: 'text', text: '1 Vendas' }],
      conditions: [{ id: 'c1', type: 'option', value: '1', route }],
    },
  ],
});
const create = (body: Record<string, unknown>, token = t.admin.token) =>
  api.post('/chat-flow', { name: 'Atendimento', definition: definition(), ...body }, { token });

describe('CRUD, drafts and versions', () => {
  it('creates, lists, reads, edits the draft, publishes versions and deletes; supervisors may, agents may not', async () => {
    const created = await create({ description: 'Fluxo principal', testNumber: '+55 (11) 98888-7777' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Atendimento',
      description: 'Fluxo principal',
      isActive: true,
      testNumber: '5511988887777',
      publishedVersion: null,
      hasUnpublishedChanges: true,
      definition: { startStepId: 'menu', steps: [{ id: 'menu', position: { x: 10, y: 20 }, maxAttempts: 3, noAnswerMinutes: null }] },
    });
    const id = created.body.id as number;

    const supervisor = await buildAgent(server, t.tenant.id, 'super');
    expect((await api.get('/chat-flow', { token: supervisor.token })).body.map((f: { id: number }) => f.id)).toContain(id);
    expect((await api.get('/chat-flow', { token: t.agent.token })).body.error).toBe('ERR_NO_PERMISSION');

    const v1 = await api.post(`/chat-flow/${id}/publish`, undefined, { token: supervisor.token });
    expect(v1.body).toMatchObject({ publishedVersion: 1, hasUnpublishedChanges: false });
    const edited = await api.put(
      `/chat-flow/${id}`,
      { name: 'Atendimento 2', isActive: false, definition: { ...definition(), welcomeMessage: 'Oi' } },
      { token: t.admin.token },
    );
    expect(edited.body).toMatchObject({
      name: 'Atendimento 2',
      isActive: false,
      publishedVersion: 1,
      hasUnpublishedChanges: true,
      definition: { welcomeMessage: 'Oi' },
    });
    expect((await api.post(`/chat-flow/${id}/publish`, undefined, { token: t.admin.token })).body.publishedVersion).toBe(2);

    expect((await api.delete(`/chat-flow/${id}`, { token: t.admin.token })).status).toBe(204);
    expect((await api.get(`/chat-flow/${id}`, { token: t.admin.token })).body.error).toBe('ERR_NO_FLOW_FOUND');
  });

  it("another tenant's flow does not exist", async () => {
    const other = await buildTenant(server.ctx);
    const otherAdmin = await buildAgent(server, other.id, 'admin');
    const id = (await create({})).body.id;
    for (const [method, path] of [
      ['GET', `/chat-flow/${id}`],
      ['PUT', `/chat-flow/${id}`],
      ['DELETE', `/chat-flow/${id}`],
      ['POST', `/chat-flow/${id}/publish`],
      ['POST', `/chat-flow/${id}/duplicate`],
      ['GET', `/chat-flow/${id}/export`],
    ] as const) {
      const response = await api.request(method, path, { token: otherAdmin.token, body: method === 'PUT' ? { name: 'x' } : undefined });
      expect(response.body.error, `${method} ${path}`).toBe('ERR_NO_FLOW_FOUND');
    }
  });

  it('duplicates as an unpublished copy', async () => {
    const id = (await create({ publish: true })).body.id;
    const copy = await api.post(`/chat-flow/${id}/duplicate`, undefined, { token: t.admin.token });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Atendimento (cópia)', publishedVersion: null, definition: definition() });
    expect(copy.body.id).not.toBe(id);
  });
});

describe('JSON export and import', () => {
  it('exports a file that imports back as a new flow', async () => {
    const id = (await create({ name: 'Exportado' })).body.id;
    const exported = await api.get(`/chat-flow/${id}/export`, { token: t.admin.token });
    expect(exported.body).toMatchObject({ format: 'conversa.chatFlow', version: 1, name: 'Exportado', definition: definition() });
    const imported = await api.post('/chat-flow/import', { json: JSON.stringify(exported.body) }, { token: t.admin.token });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ name: 'Exportado', publishedVersion: null, definition: definition() });
  });

  it("bad JSON: 'The entered JSON format is invalid…'; a JSON that is not a flow: the schema's fields", async () => {
    const bad = await api.post('/chat-flow/import', { json: '{"name": "x",' }, { token: t.admin.token });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_JSON', message: 'The entered JSON format is invalid. Please correct and try again.' },
    });
    const notFlow = await api.post(
      '/chat-flow/import',
      {
        json: JSON.stringify({
          name: 'x',
          definition: { startStepId: 'a', steps: [{ id: 'a', name: 'A', next: { kind: 'step', stepId: 'a' } }] },
        }),
      },
      { token: t.admin.token },
    );
    expect(notFlow.status).toBe(400);
    expect(notFlow.body.error).toBe('ERR_VALIDATION');
    expect(notFlow.body.fields['definition.steps'][0]).toContain('loop without waiting for the customer');
  });
});

describe('GET /queue/{id}/chat-flows', () => {
  it("names the flows whose published version or draft routes to the queue, before it is deleted; admins only, the tenant's queues only", async () => {
    const queue = await buildQueue(server.ctx, t.tenant.id);
    const published = await create({ name: 'Vendas', definition: definition({ kind: 'queue', queueId: queue.id }), publish: true });
    // The draft routes elsewhere now, but new conversations still enter the published version.
    await api.put(`/chat-flow/${published.body.id}`, { definition: definition() }, { token: t.admin.token });
    const draft = await create({ name: 'Suporte', definition: definition({ kind: 'user', userId: t.agent.id, queueId: queue.id }) });
    await create({ name: 'Outra fila', definition: definition() });

    const asked = await api.get(`/queue/${queue.id}/chat-flows`, { token: t.admin.token });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual([
      { id: draft.body.id, name: 'Suporte' },
      { id: published.body.id, name: 'Vendas' },
    ]);
    expect((await api.get(`/queue/${t.queue.id}/chat-flows`, { token: t.admin.token })).body).not.toContainEqual(
      expect.objectContaining({ id: draft.body.id }),
    );

    const supervisor = await buildAgent(server, t.tenant.id, 'super');
    expect((await api.get(`/queue/${queue.id}/chat-flows`, { token: supervisor.token })).body.error).toBe('ERR_NO_PERMISSION');
    const other = await buildInboxTenant(server);
    expect(await api.get(`/queue/${queue.id}/chat-flows`, { token: other.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_QUEUE_FOUND' },
    });
  });
});

describe('save-time validation', () => {
  it('a route to a deleted queue, user or channel, a start of a missing flow: 400 with the field', async () => {
    const queue = await buildQueue(server.ctx, t.tenant.id);
    await api.delete(`/queue/${queue.id}`, { token: t.admin.token });
    const toQueue = await create({ definition: definition({ kind: 'queue', queueId: queue.id }) });
    expect(toQueue).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', message: `Route to a queue that does not exist (id ${queue.id}).` },
    });
    expect(toQueue.body.issues['definition.steps.0.conditions.0.route']).toEqual([{ code: 'invalid', rule: 'flowReference' }]);

    const other = await buildTenant(server.ctx);
    const stranger = await buildAgent(server, other.id);
    expect((await create({ definition: definition({ kind: 'user', userId: stranger.id }) })).body.message).toBe(
      `Route to a user that does not exist (id ${stranger.id}).`,
    );
    expect((await create({ definition: definition({ kind: 'channel', channelId: 999_999 }) })).body.message).toBe(
      'Route to a channel that does not exist (id 999999).',
    );
    const startsMissing = {
      ...definition(),
      steps: [{ ...definition().steps[0], interactions: [{ id: 's', kind: 'startFlow', flowId: 999_999 }] }],
    };
    expect((await create({ definition: startsMissing })).body.fields['definition.steps.0.interactions.0.flowId']).toEqual([
      'Start of a flow that does not exist (id 999999).',
    ]);

    // Publishing checks again: a queue deleted after the draft was saved.
    const later = await buildQueue(server.ctx, t.tenant.id);
    const id = (await create({ definition: definition({ kind: 'queue', queueId: later.id }) })).body.id;
    await api.delete(`/queue/${later.id}`, { token: t.admin.token });
    expect((await api.post(`/chat-flow/${id}/publish`, undefined, { token: t.admin.token })).status).toBe(400);
  });

  it('a loop without customer input, unknown variables, too many steps, an oversized flow', async () => {
    const loop = await create({
      definition: {
        startStepId: 'a',
        steps: [
          { id: 'a', name: 'A', next: { kind: 'step', stepId: 'b' } },
          { id: 'b', name: 'B', next: { kind: 'step', stepId: 'a' } },
        ],
      },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.issues['definition.steps']).toEqual([expect.objectContaining({ rule: 'flowCycle' })]);
    const unknown = await create({ definition: { ...definition(), welcomeMessage: 'Oi {{nome}}' } });
    expect(unknown.body.issues['definition.welcomeMessage']).toEqual([expect.objectContaining({ rule: 'templateVariables' })]);
    const many = await create({
      definition: { startStepId: 's0', steps: Array.from({ length: 201 }, (_, i) => ({ id: `s${i}`, name: `S${i}` })) },
    });
    expect(many.status).toBe(400);
    const huge = 'x'.repeat(4000);
    const big = await create({
      definition: {
        startStepId: 's0',
        steps: Array.from({ length: 70 }, (_, i) => ({
          id: `s${i}`,
          name: `S${i}`,
          interactions: [{ id: 'i', kind: 'text', text: huge }],
        })),
      },
    });
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body.fields)).toContain('The flow is too large');
  });

  it('webhooks: a private address is refused at save time and at call time (OUTBOUND_ALLOW_PRIVATE_NETWORKS off)', async () => {
    const step = { ...definition().steps[0], interactions: [{ id: 'w', kind: 'webhook', url: 'http://127.0.0.1:9/x' }] };
    const refused = await create({ definition: { ...definition(), steps: [step] } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields['definition.steps.0.interactions.0.url'][0]).toContain('private network');
    // At call time (a name that resolved publicly when saved may not any more): the client refuses before connecting.
    const http = createOutboundHttp({ allowPrivateNetworks: false });
    const warnings: unknown[] = [];
    const ctx = {
      ...server.ctx,
      http,
      logger: { ...server.ctx.logger, warn: (...args: unknown[]) => warnings.push(args) },
    } as unknown as typeof server.ctx;
    const result = await webhookInteraction.run(
      ctx,
      { id: 'w', kind: 'webhook', url: 'http://127.0.0.1:9/x', timeoutMs: 1000 },
      { tenantId: t.tenant.id, ticketId: 1 },
    );
    expect(result).toEqual({ data: null });
    expect(JSON.stringify(warnings)).toContain('ERR_OUTBOUND_BLOCKED');
  });

  it('bad input: 4xx, never 500', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: 'x', definition: { steps: [] } },
      { name: 'x', definition: { startStepId: 'a', steps: [{ id: 'a b', name: 'A' }] } },
      { name: 'x', testNumber: 'abc', definition: definition() },
    ]) {
      const response = await api.post('/chat-flow', body, { token: t.admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.post('/chat-flow/import', { json: '' }, { token: t.admin.token })).status).toBe(400);
  });
});

describe("the channel's flow (chatFlowId)", () => {
  it('is set and cleared through the channel API; a flow of another tenant is refused; deleting the flow clears it', async () => {
    const id = (await create({ publish: true })).body.id;
    const set = await api.put(`/whatsapp/${t.channel.id}`, { chatFlowId: id }, { token: t.admin.token });
    expect(set.status).toBe(200);
    expect(set.body.chatFlowId).toBe(id);
    const other = await buildTenant(server.ctx);
    const otherAdmin = await buildAgent(server, other.id, 'admin');
    const foreign = (
      await api.post(
        '/chat-flow',
        { name: 'x', definition: { startStepId: 'a', steps: [{ id: 'a', name: 'A' }] } },
        { token: otherAdmin.token },
      )
    ).body.id;
    expect((await api.put(`/whatsapp/${t.channel.id}`, { chatFlowId: foreign }, { token: t.admin.token })).body.error).toBe(
      'ERR_NO_FLOW_FOUND',
    );
    await api.delete(`/chat-flow/${id}`, { token: t.admin.token });
    expect((await api.get(`/whatsapp/${t.channel.id}`, { token: t.admin.token })).body.chatFlowId).toBeNull();
  });
});
