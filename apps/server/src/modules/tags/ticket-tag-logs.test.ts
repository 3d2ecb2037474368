/**
 * Tag changes in a ticket's history (issue 11): replacing a ticket's tags logs 'tagsChanged' with
 * the tags added and removed and who did it; setting the same set again logs nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, inboundTicket, type InboxTenant } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
});
afterAll(() => server?.close());

describe('tagsChanged in GET /tickets/{ticketId}/logs', () => {
  it('logs each change of the set with what was added and removed, by whom; an unchanged set logs nothing', async () => {
    const tag = async (name: string) =>
      (await api.post('/tags', { name, color: '#228be6' }, { token: t.admin.token })).body as { id: number; name: string };
    const [vip, lead, late] = [await tag('VIP'), await tag('Lead'), await tag('Atrasado')];
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id });
    const set = (tagIds: number[], token = t.agent.token) => api.put(`/tickets/${ticketId}/tags`, { tagIds }, { token });
    expect((await set([vip.id, lead.id])).status).toBe(200);
    expect((await set([vip.id, lead.id])).status).toBe(200);
    expect((await set([late.id, vip.id], t.admin.token)).status).toBe(200);
    expect((await set([])).status).toBe(200);

    const logs = (await api.get(`/tickets/${ticketId}/logs`, { token: t.admin.token })).body as {
      type: string;
      userId: number;
      payload: unknown;
    }[];
    const ref = (x: { id: number; name: string }) => ({ id: x.id, name: x.name, color: '#228be6' });
    expect(logs.filter((l) => l.type === 'tagsChanged').map(({ userId, payload }) => ({ userId, payload }))).toEqual([
      { userId: t.agent.id, payload: { added: [ref(lead), ref(vip)], removed: [] } },
      { userId: t.admin.id, payload: { added: [ref(late)], removed: [ref(lead)] } },
      { userId: t.agent.id, payload: { added: [], removed: [ref(late), ref(vip)] } },
    ]);
  });
});
