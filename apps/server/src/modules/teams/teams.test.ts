/**
 * Teams (SPEC §2 /equipes, §3 Team: name, active, users): supervisors and admins manage them at
 * /teams, names unique per tenant whatever their case, members are users of the tenant (a user may
 * be in several teams), deleting tells first what it detaches, changes are pushed live, and the
 * users screen filters by team (GET /users/?teamId=).
 */
import { SOCKET_EVENTS } from '@conversa/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, buildInboxTenant, closeAllSockets, connectAgent, type Agent, type InboxTenant } from '../../../test/inbox.js';

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
afterEach(() => closeAllSockets());
afterAll(() => server?.close());

let sequence = 0;
type TeamBody = { id: number; name: string; isActive: boolean; users: { id: number; name: string }[] };

async function createTeam(body: Record<string, unknown> = {}, token = t.admin.token): Promise<TeamBody> {
  const response = await api.post('/teams', { name: `Equipe ${++sequence}`, ...body }, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as TeamBody;
}

describe('teams: CRUD, profiles and members', () => {
  it('supervisors and admins create, edit and list; names are trimmed and unique per tenant whatever their case', async () => {
    const created = await createTeam({ name: '  Suporte N1  ', userIds: [t.agent.id, t.peer.id] }, supervisor.token);
    expect(created).toMatchObject({ name: 'Suporte N1', isActive: true });
    expect(created.users.map((u) => u.id).sort()).toEqual([t.agent.id, t.peer.id].sort());

    const duplicate = await api.post('/teams', { name: 'suporte n1' }, { token: t.admin.token });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('ERR_DUPLICATED_TEAM');
    expect((await api.post('/teams', { name: 'Suporte N1' }, { token: other.admin.token })).status).toBe(201);

    const renamed = await api.put(`/teams/${created.id}`, { name: 'Suporte Nível 1', isActive: false }, { token: supervisor.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Suporte Nível 1', isActive: false });

    const list = await api.get('/teams', { token: supervisor.token });
    expect(list.status).toBe(200);
    expect(list.body.map((team: TeamBody) => team.name)).toContain('Suporte Nível 1');
    // Another tenant's teams are not listed.
    expect(list.body.some((team: TeamBody) => team.name === 'Suporte N1')).toBe(false);
  });

  it('agents may not manage teams', async () => {
    const team = await createTeam();
    for (const response of [
      await api.get('/teams', { token: t.agent.token }),
      await api.post('/teams', { name: 'Minha' }, { token: t.agent.token }),
      await api.put(`/teams/${team.id}`, { name: 'Outra' }, { token: t.agent.token }),
      await api.put(`/teams/${team.id}/users`, { userIds: [t.agent.id] }, { token: t.agent.token }),
      await api.get(`/teams/${team.id}/usage`, { token: t.agent.token }),
      await api.delete(`/teams/${team.id}`, { token: t.agent.token }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
  });

  it('members are users of the tenant; a user may be in several teams; bad input is refused with a code', async () => {
    const first = await createTeam({ userIds: [t.agent.id] });
    const second = await createTeam({ userIds: [t.agent.id, t.peer.id] });
    expect(first.users.map((u) => u.id)).toEqual([t.agent.id]);
    expect(second.users).toHaveLength(2);

    const foreign = await api.put(`/teams/${first.id}/users`, { userIds: [other.agent.id] }, { token: t.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_USER_FOUND');

    const replaced = await api.put(`/teams/${first.id}/users`, { userIds: [t.peer.id, t.peer.id] }, { token: t.admin.token });
    expect(replaced.status).toBe(200);
    expect(replaced.body.users.map((u: { id: number }) => u.id)).toEqual([t.peer.id]);

    for (const body of [{ name: '' }, { name: 'x'.repeat(61) }, { name: 'Ok', userIds: ['a'] }, { name: 'Ok', userIds: [-1] }, {}]) {
      const response = await api.post('/teams', body, { token: t.admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
    expect((await api.put(`/teams/${first.id}/users`, {}, { token: t.admin.token })).status).toBe(400);
  });

  it("another tenant's team is not found", async () => {
    const foreign = await createTeam({}, other.admin.token);
    for (const response of [
      await api.put(`/teams/${foreign.id}`, { name: 'Tomada' }, { token: t.admin.token }),
      await api.put(`/teams/${foreign.id}/users`, { userIds: [t.agent.id] }, { token: t.admin.token }),
      await api.get(`/teams/${foreign.id}/usage`, { token: t.admin.token }),
      await api.delete(`/teams/${foreign.id}`, { token: t.admin.token }),
      await api.get(`/users/?teamId=${foreign.id}`, { token: t.admin.token }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_NO_TEAM_FOUND');
    }
  });

  it('deleting tells what it detaches (members, conversation), then detaches them; the users keep existing', async () => {
    const team = await createTeam({ userIds: [t.agent.id, t.peer.id] });
    expect((await api.post(`/private-chat/teams/${team.id}/messages`, { body: 'Bom dia, equipe' }, { token: t.agent.token })).status).toBe(
      201,
    );
    const usage = await api.get(`/teams/${team.id}/usage`, { token: t.admin.token });
    expect(usage.body).toEqual({ users: 2, messages: 1 });
    const deleted = await api.delete(`/teams/${team.id}`, { token: supervisor.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ detachedUsers: 2 });
    expect((await api.get(`/teams/${team.id}/usage`, { token: t.admin.token })).status).toBe(404);
    expect((await api.get(`/users/${t.agent.id}`, { token: t.admin.token })).status).toBe(200);
    expect((await api.get(`/private-chat/teams/${team.id}/messages`, { token: t.agent.token })).status).toBe(404);
  });

  it('the users screen filters by team', async () => {
    const team = await createTeam({ userIds: [t.peer.id] });
    const filtered = await api.get(`/users/?teamId=${team.id}`, { token: t.admin.token });
    expect(filtered.status).toBe(200);
    expect(filtered.body.users.map((u: { id: number }) => u.id)).toEqual([t.peer.id]);
    expect(filtered.body.count).toBe(1);
    const empty = await createTeam();
    expect((await api.get(`/users/?teamId=${empty.id}`, { token: t.admin.token })).body.users).toEqual([]);
    expect((await api.get('/users/?teamId=abc', { token: t.admin.token })).status).toBe(400);
  });

  it('changes are pushed live to supervisors and to the members concerned, not to other users or tenants', async () => {
    const supervisorSocket = await connectAgent(server.url, supervisor.token);
    const member = await connectAgent(server.url, t.peer.token);
    const bystander = await connectAgent(server.url, t.outsider.token);
    const foreignAdmin = await connectAgent(server.url, other.admin.token);
    const team = await createTeam({ userIds: [t.peer.id] });
    await supervisorSocket.waitFor(SOCKET_EVENTS.team, (p) => p.teamId === team.id && p.action === 'create');
    await member.waitFor(SOCKET_EVENTS.team, (p) => p.teamId === team.id && p.action === 'create');
    await api.put(`/teams/${team.id}/users`, { userIds: [] }, { token: t.admin.token });
    // The member removed hears of it (the change is theirs too).
    await member.waitFor(SOCKET_EVENTS.team, (p) => p.teamId === team.id && p.action === 'update');
    // A positive marker after both changes: the bystander and the other tenant got none of them.
    const marker = await createTeam({ userIds: [t.outsider.id] });
    await bystander.waitFor(SOCKET_EVENTS.team, (p) => p.teamId === marker.id);
    expect(bystander.received(SOCKET_EVENTS.team, (p) => p.teamId === team.id)).toEqual([]);
    await supervisorSocket.waitFor(SOCKET_EVENTS.team, (p) => p.teamId === marker.id);
    const foreignMarker = await createTeam({}, other.admin.token);
    await foreignAdmin.waitFor(SOCKET_EVENTS.team, (p) => p.teamId === foreignMarker.id);
    expect(foreignAdmin.received(SOCKET_EVENTS.team, (p) => p.teamId === team.id)).toEqual([]);
  });
});
