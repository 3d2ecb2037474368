/**
 * Wallets in bulk (PUT /contacts/wallets, the "Atribuir carteira" action of /contatos): supervisors
 * and admins add users to the wallets of picked contacts or of every contact matching the list's
 * filter, or replace them; the answer sums up how many matched and changed; users and contacts of
 * another tenant are refused or ignored. One contact's wallets are edited with PUT /contacts/{id}.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, buildContact, buildInboxTenant, rows, setWallets, type Agent, type InboxTenant } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;
let supervisor: Agent;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super', 'Supervisora');
});
afterAll(() => server?.close());

let sequence = 0;
const contact = (name: string, tenantId = t.tenant.id) =>
  buildContact(server.ctx, tenantId, { name, number: `5511977${String(++sequence).padStart(6, '0')}` });
const walletsOf = async (contactId: number) =>
  (await rows(server.ctx, sql`select user_id from contact_wallets where contact_id = ${contactId} order by user_id`)).map((r) =>
    Number(r.user_id),
  );
const assign = (body: Record<string, unknown>, token = supervisor.token) => api.put('/contacts/wallets', body, { token });

describe('wallets in bulk', () => {
  it('adds users to the picked contacts (kept wallets stay), then replaces them; the summary counts matched and changed', async () => {
    const [a, b] = [await contact('Carteira A'), await contact('Carteira B')];
    await setWallets(server.ctx, t.tenant.id, a.id, [t.peer.id]);

    const added = await assign({ contactIds: [a.id, b.id], userIds: [t.agent.id], mode: 'add' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toEqual({ matched: 2, changed: 2 });
    expect(await walletsOf(a.id)).toEqual([t.agent.id, t.peer.id].sort((x, y) => x - y));
    expect(await walletsOf(b.id)).toEqual([t.agent.id]);

    // Again: nothing changes.
    expect((await assign({ contactIds: [a.id, b.id], userIds: [t.agent.id], mode: 'add' })).body).toEqual({ matched: 2, changed: 0 });

    const replaced = await assign({ contactIds: [a.id, b.id], userIds: [t.outsider.id], mode: 'replace' }, t.admin.token);
    expect(replaced.body).toEqual({ matched: 2, changed: 2 });
    expect(await walletsOf(a.id)).toEqual([t.outsider.id]);
    expect(await walletsOf(b.id)).toEqual([t.outsider.id]);

    // Replace with nobody empties them.
    expect((await assign({ contactIds: [b.id], userIds: [], mode: 'replace' })).body).toEqual({ matched: 1, changed: 1 });
    expect(await walletsOf(b.id)).toEqual([]);
  });

  it('all contacts matching the list filter (search), not the others', async () => {
    const marker = `Lote${Date.now()}`;
    const matching = [await contact(`${marker} Um`), await contact(`${marker} Dois`), await contact(`${marker} Três`)];
    const outside = await contact('Fora do lote');
    const result = await assign({ filter: { searchParam: marker }, userIds: [t.peer.id], mode: 'add' });
    expect(result.body).toEqual({ matched: 3, changed: 3 });
    for (const c of matching) expect(await walletsOf(c.id)).toEqual([t.peer.id]);
    expect(await walletsOf(outside.id)).toEqual([]);
  });

  it("tenant isolation: another tenant's contacts, tags and users are refused (404); agents may not; bad bodies 400", async () => {
    const foreign = await contact('Estrangeiro', other.tenant.id);
    const mine0 = await contact('Meu primeiro');
    const foreignContact = await assign({ contactIds: [mine0.id, foreign.id], userIds: [t.agent.id], mode: 'add' });
    expect(foreignContact.status).toBe(404);
    expect(foreignContact.body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect(await walletsOf(foreign.id)).toEqual([]);
    expect(await walletsOf(mine0.id)).toEqual([]);
    const foreignTag = await api.post('/tags', { name: `Alheia ${Date.now()}`, color: '#112233' }, { token: other.admin.token });
    const byForeignTag = await assign({ filter: { tagIds: [foreignTag.body.id] }, userIds: [t.agent.id], mode: 'add' });
    expect(byForeignTag.status).toBe(404);
    expect(byForeignTag.body.error).toBe('ERR_NO_TAG_FOUND');

    const mine = await contact('Meu');
    const foreignUser = await assign({ contactIds: [mine.id], userIds: [other.agent.id], mode: 'add' });
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body.error).toBe('ERR_NO_USER_FOUND');
    expect(await walletsOf(mine.id)).toEqual([]);

    expect((await assign({ contactIds: [mine.id], userIds: [t.agent.id], mode: 'add' }, t.agent.token)).status).toBe(403);
    for (const body of [
      { userIds: [t.agent.id], mode: 'add' },
      { contactIds: [mine.id], userIds: [], mode: 'add' },
      { contactIds: [mine.id], userIds: [t.agent.id], mode: 'move' },
      { contactIds: [], userIds: [t.agent.id], mode: 'add' },
    ]) {
      const response = await assign(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
  });
});
