import { Api } from './api.js';
import { startTestServer, type TestServer } from './harness.js';
import { buildInboxTenant, closeAllSockets, connectAgent, type AgentSocket, type InboxTenant } from './inbox.js';

/** What a channel adapter's integration test runs against. */
export interface ProviderTestEnv<Simulator> {
  /** A server allowed to call the local simulators (loopback). */
  server: TestServer;
  api: Api;
  sim: Simulator;
  t: InboxTenant;
  /** The tenant admin's socket, to wait for the pushes (session status, tickets, messages). */
  watcher: AgentSocket;
}

export async function startProviderTestEnv<Simulator>(startSimulator: () => Promise<Simulator>): Promise<ProviderTestEnv<Simulator>> {
  const server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  const sim = await startSimulator();
  const t = await buildInboxTenant(server);
  return { server, api: new Api(server.url), sim, t, watcher: await connectAgent(server.url, t.admin.token) };
}

export async function stopProviderTestEnv(env: { server?: TestServer; sim?: { close(): Promise<void> } }): Promise<void> {
  closeAllSockets();
  await env.sim?.close();
  await env.server?.close();
}
