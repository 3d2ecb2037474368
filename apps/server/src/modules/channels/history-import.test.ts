/**
 * History sync and group import options of a channel (SPEC §3; SPEC §5 "History sync: positive
 * numbers only"), on the evolution type: validated (4xx ERR_VALIDATION naming the field), stored,
 * presented back, kept across edits, and honoured by the Evolution instance creation
 * (syncFullHistory, groupsIgnore), against the Evolution API simulator. Types without them refuse
 * nothing and store nothing of them.
 */
import { startEvolutionSimulator, type EvolutionSimulator } from '@conversa/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, type InboxTenant } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let sim: EvolutionSimulator;
let t: InboxTenant;
let other: InboxTenant;
let sequence = 0;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startEvolutionSimulator();
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await server?.close();
});

const instanceName = () => `history-${process.pid}-${++sequence}`;
const createEvolution = (settings: Record<string, unknown>) =>
  api.post(
    '/whatsapp',
    {
      name: `Evolution history ${sequence}`,
      type: 'evolution',
      settings: { baseUrl: sim.url, apiKey: sim.apiKey, instanceName: instanceName(), ...settings },
    },
    { token: t.admin.token },
  );
const createRequestOf = (name: string) =>
  sim.requests.find((r) => r.path === '/instance/create' && (r.body as { instanceName?: string }).instanceName === name);

describe('history sync and group import options', () => {
  it.each([
    ['zero messages', { historySyncLimit: 0 }, 'settings.historySyncLimit', /positive numbers only/],
    ['a negative number', { historySyncLimit: -5 }, 'settings.historySyncLimit', /positive numbers only/],
    ['a fraction', { historySyncLimit: 1.5 }, 'settings.historySyncLimit', /whole numbers/],
    ['a number as text', { historySyncLimit: 'ten' }, 'settings.historySyncLimit', /positive numbers only/],
    ['an invalid date', { importFrom: '2024-02-30' }, 'settings.importFrom', /valid date/],
    ['a date in another format', { importTo: '31/01/2024' }, 'settings.importTo', /valid date/],
    ['from after to', { importFrom: '2024-03-01', importTo: '2024-02-01' }, 'settings.importTo', /on or after/],
    ['a flag that is not a boolean', { importGroups: 'yes' }, 'settings.importGroups', /./],
    ['a queue id that is not positive', { importQueueId: 0 }, 'settings.importQueueId', /./],
  ])('%s → 400 ERR_VALIDATION with a message on the field, nothing created', async (_name, settings, field, message) => {
    const before = (await api.get('/whatsapp', { token: t.admin.token })).body.length;
    const response = await createEvolution(settings);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(response.body.fields[field]?.join(' ')).toMatch(message);
    expect((await api.get('/whatsapp', { token: t.admin.token })).body.length).toBe(before);
  });

  it("another company's queue for imported tickets is refused", async () => {
    const response = await createEvolution({ importQueueId: other.queue.id });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { 'settings.importQueueId': [expect.any(String)] } });
  });

  it('valid options are stored and presented back, and the instance is created with syncFullHistory and groupsIgnore', async () => {
    const options = {
      importOldMessages: true,
      importFrom: '2024-01-01',
      importTo: '2024-01-31',
      historySyncLimit: 500,
      importGroups: false,
      importQueueId: t.queue.id,
      closeImportedTickets: true,
    };
    const created = await createEvolution(options);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.settings).toMatchObject(options);
    const shown = await api.get(`/whatsapp/${created.body.id}`, { token: t.admin.token });
    expect(shown.body.settings).toMatchObject(options);
    const create = createRequestOf(created.body.settings.instanceName)!;
    expect(create.body).toMatchObject({ syncFullHistory: true, groupsIgnore: true });

    // An edit of other settings keeps them; an edit of one checks it with the stored others (from ≤ to).
    const renamed = await api.put(
      `/whatsapp/${created.body.id}`,
      { settings: { pairingNumber: '5511912345678' } },
      { token: t.admin.token },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.settings).toMatchObject(options);
    const backwards = await api.put(`/whatsapp/${created.body.id}`, { settings: { importFrom: '2024-02-15' } }, { token: t.admin.token });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.fields)).toContain('settings.importTo');
    const zero = await api.put(`/whatsapp/${created.body.id}`, { settings: { historySyncLimit: 0 } }, { token: t.admin.token });
    expect(zero.status).toBe(400);
    expect(zero.body.fields['settings.historySyncLimit'].join(' ')).toMatch(/positive numbers only/);
    expect((await api.get(`/whatsapp/${created.body.id}`, { token: t.admin.token })).body.settings).toMatchObject(options);
  });

  it('importing groups turns groupsIgnore off; without the options Evolution keeps its defaults', async () => {
    const withGroups = await createEvolution({ importGroups: true, importOldMessages: false });
    expect(withGroups.status).toBe(201);
    expect(createRequestOf(withGroups.body.settings.instanceName)!.body).toMatchObject({ groupsIgnore: false, syncFullHistory: false });

    const plain = await createEvolution({});
    expect(plain.status).toBe(201);
    const body = createRequestOf(plain.body.settings.instanceName)!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('syncFullHistory');
    expect(body).not.toHaveProperty('groupsIgnore');
    expect(plain.body.settings).not.toHaveProperty('importOldMessages');
  });
});
