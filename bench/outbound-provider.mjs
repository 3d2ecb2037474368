#!/usr/bin/env node
// Outbound throughput through the Meta Cloud API simulator at the provider's limit: the waba
// adapter throttles its sends to 80 messages/s per phone number id (Cloud API default throughput).
// Sets up a waba channel pointing at the simulator, opens N tickets with signed inbound webhooks,
// enqueues M agent replies (POST /messages/:ticketId) and measures, from the sends the simulator
// recorded, the messages/s achieved, how close it is to 80/s, the time to drain, and that every
// reply was sent exactly once. See bench/README.md.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  AGENT_PASSWORD,
  api,
  cpuSample,
  formatCpu,
  login,
  machine,
  ms,
  onCleanup,
  pool,
  prepareDatabase,
  readOptions,
  request,
  requireBuiltServer,
  run,
  sleep,
  startServer,
} from './lib.mjs';
import { loadSimulators } from './simulators.mjs';

const LIMIT = 80; // messages/s per phone number id (waba adapter throttle = Cloud API default)

const opts = readOptions(
  {
    tickets: { type: 'number', default: 50, help: 'tickets (distinct customers) the replies go to' },
    messages: { type: 'number', default: 1600, help: 'replies enqueued (≈ messages / 80 s of sending)' },
    concurrency: { type: 'number', default: 16, help: 'POST /messages requests in flight while enqueuing' },
    'drain-timeout': { type: 'number', default: 120, help: 'seconds to wait for the simulator to receive every reply' },
    db: { type: 'string', default: 'embedded', choices: ['embedded', 'postgres'], help: 'embedded (PGlite) or postgres (fresh database)' },
    keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR (for diagnosis)' },
  },
  'node bench/outbound-provider.mjs [options]',
);

await run(async () => {
  requireBuiltServer();
  const ticketsCount = Math.floor(opts.tickets);
  const total = Math.floor(opts.messages);
  console.log(`machine: ${machine()}`);

  const { startMetaCloudSimulator } = await loadSimulators();
  const sim = await startMetaCloudSimulator({ autoStatuses: false });
  onCleanup(() => sim.close());
  console.log(`Meta Cloud API simulator: ${sim.url} (phone number id ${sim.phoneNumberId})`);

  const database = await prepareDatabase(opts.db, { keep: opts.keep });
  console.log(`database: ${database.describe}`);
  const server = await startServer({ dataDir: database.dataDir, env: { ...database.env, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
  console.log(`server: ${server.url} (pid ${server.pid}, node options: ${server.nodeArgs.join(' ') || 'none'})`);
  const base = server.url;

  // ---- setup through the API: an agent, a queue, a waba channel on the simulator ----
  const adminToken = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const agentUser = await api(base, 'POST', '/users', {
    token: adminToken,
    body: { name: 'Bench agent', email: 'agent@bench.local', password: AGENT_PASSWORD, profile: 'user' },
  });
  const queue = await api(base, 'POST', '/queue', { token: adminToken, body: { name: 'Bench queue' } });
  await api(base, 'PUT', `/queue/${queue.id}/users`, { token: adminToken, body: { userIds: [agentUser.id] } });
  const channel = await api(base, 'POST', '/whatsapp', {
    token: adminToken,
    body: {
      name: 'Bench WABA',
      type: 'waba',
      queueId: queue.id,
      settings: {
        phoneNumberId: sim.phoneNumberId,
        businessAccountId: sim.businessAccountId,
        token: sim.token,
        appSecret: sim.appSecret,
        verifyToken: 'bench-verify',
        baseUrl: sim.url,
      },
    },
  });
  if (channel.status !== 'connected') throw new Error(`the waba channel did not connect (status ${channel.status})`);
  sim.setWebhookUrl(`${base}/webhooks/waba/${channel.publicKey}`);
  const agentToken = await login(base, agentUser.email, AGENT_PASSWORD);

  // ---- N tickets: one signed inbound message per customer ----
  const numbers = Array.from({ length: ticketsCount }, (_, i) => `5511${String(960000000 + i)}`);
  await pool(numbers, 8, async (from) => {
    const delivery = await sim.sendInbound({ type: 'text', from, name: `Customer ${from.slice(-4)}`, text: 'Olá' });
    if (delivery.status !== 200) throw new Error(`inbound webhook answered ${delivery.status}: ${delivery.responseBody}`);
  });
  const ticketIds = [];
  for (let page = 1; ticketIds.length < ticketsCount && page < 100; page++) {
    const list = await api(base, 'GET', `/tickets?showAll=true&status=pending&count=100&pageNumber=${page}`, { token: adminToken });
    ticketIds.push(...list.tickets.map((t) => t.id));
    if (!list.hasMore) break;
  }
  if (ticketIds.length !== ticketsCount) throw new Error(`expected ${ticketsCount} tickets, found ${ticketIds.length}`);
  console.log(`setup: waba channel ${channel.id} → simulator, ${ticketIds.length} tickets`);

  // ---- enqueue M replies as the agent; the send jobs drain them through the throttle ----
  const sentBefore = sim.sent.length;
  const bodies = new Set();
  const statuses = new Map();
  const cpu = cpuSample(server.pid);
  const t0 = performance.now();
  const t0Wall = Date.now();
  const httpMs = [];
  await pool(
    Array.from({ length: total }, (_, i) => i),
    opts.concurrency,
    async (i) => {
      const body = `bench ${randomUUID()}`;
      bodies.add(body);
      const res = await request(base, 'POST', `/messages/${ticketIds[i % ticketIds.length]}`, { token: agentToken, body: { body } }).catch(
        () => ({ status: 'network', ms: NaN }),
      );
      httpMs.push(res.ms);
      statuses.set(String(res.status), (statuses.get(String(res.status)) ?? 0) + 1);
    },
  );
  const enqueueSeconds = (performance.now() - t0) / 1000;
  const accepted = statuses.get('201') ?? 0;
  console.log(`enqueued ${accepted} of ${total} replies in ${enqueueSeconds.toFixed(1)} s (${(accepted / enqueueSeconds).toFixed(0)}/s)`);

  // ---- drain: wait until the simulator has every reply (or the timeout, or 10 s without progress) ----
  const deadline = Date.now() + opts['drain-timeout'] * 1000;
  let last = -1;
  let lastProgress = Date.now();
  while (Date.now() < deadline) {
    const n = sim.sent.length - sentBefore;
    if (n >= accepted) break;
    if (n !== last) {
      last = n;
      lastProgress = Date.now();
    } else if (Date.now() - lastProgress > 10_000) break;
    await sleep(100);
  }
  await sleep(500); // late duplicates would show up here
  const cpuUse = cpu.stop();

  // ---- figures, from the simulator's record ----
  const sends = sim.sent
    .slice(sentBefore)
    .filter((s) => typeof s.payload?.text?.body === 'string' && s.payload.text.body.startsWith('bench '));
  const seen = new Map();
  for (const s of sends) seen.set(s.payload.text.body, (seen.get(s.payload.text.body) ?? 0) + 1);
  const duplicated = [...seen.values()].filter((n) => n > 1).length;
  const missing = [...bodies].filter((b) => !seen.has(b)).length; // not received when the drain wait ended (late or lost)
  const unknown = [...seen.keys()].filter((b) => !bodies.has(b)).length;
  const at = sends.map((s) => s.at).sort((a, b) => a - b);
  const first = at[0];
  const lastAt = at.at(-1);
  const span = (lastAt - first) / 1000;
  const rate = at.length > 1 ? (at.length - 1) / span : NaN;
  // Busiest and steady-state 1 s windows (per second since the first send).
  const perSecond = new Map();
  for (const a of at) perSecond.set(Math.floor((a - first) / 1000), (perSecond.get(Math.floor((a - first) / 1000)) ?? 0) + 1);
  const fullSeconds = [...perSecond.entries()].filter(([sec]) => sec < Math.floor(span)).map(([, n]) => n);
  const peak = Math.max(...perSecond.values());
  const steadyMin = fullSeconds.length ? Math.min(...fullSeconds) : NaN;
  const drain = (lastAt - t0Wall) / 1000;
  const httpSorted = httpMs.filter(Number.isFinite).sort((a, b) => a - b);

  console.log('');
  console.log(
    `=== outbound through the Meta Cloud API simulator — ${opts.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${total} replies over ${ticketsCount} tickets ===`,
  );
  console.log(
    `replies accepted (201)      ${accepted} of ${total}; answers by status ${[...statuses.entries()].map(([s, n]) => `${s}: ${n}`).join(', ')}`,
  );
  console.log(
    `POST /messages              p50 ${ms(httpSorted[Math.floor(httpSorted.length * 0.5)])}  p99 ${ms(httpSorted[Math.floor(httpSorted.length * 0.99)])}`,
  );
  console.log(
    `received by the simulator   ${sends.length} sends: ${missing} missing (not received when the drain wait ended), ${duplicated} duplicated, ${unknown} unknown`,
  );
  console.log(
    `sending rate                ${rate.toFixed(1)} msg/s from first to last send (${span.toFixed(2)} s) = ${((rate / LIMIT) * 100).toFixed(1)}% of the ${LIMIT}/s limit`,
  );
  console.log(`per second                  busiest 1 s ${peak} sends; slowest full second ${steadyMin} (limit ${LIMIT})`);
  console.log(
    `time to drain               ${drain.toFixed(2)} s from the first POST /messages to the last send (ideal at ${LIMIT}/s: ${(accepted / LIMIT).toFixed(2)} s)`,
  );
  console.log(`CPU during enqueue + drain  ${formatCpu(cpuUse)}`);
  const ok = missing === 0 && duplicated === 0 && accepted === total && rate >= LIMIT * 0.95 && peak <= LIMIT * 1.05;
  const why = [
    accepted !== total ? `${total - accepted} replies refused` : undefined,
    missing ? `${missing} not received within the drain wait` : undefined,
    duplicated ? `${duplicated} duplicated` : undefined,
    rate < LIMIT * 0.95 ? `rate ${rate.toFixed(1)} < 95% of ${LIMIT}/s` : undefined,
    peak > LIMIT * 1.05 ? `busiest second ${peak} > ${LIMIT} + 5%` : undefined,
  ].filter(Boolean);
  console.log(
    `verdict (every reply sent once, ≥ 95% of ${LIMIT}/s, no second above the limit + 5%): ${ok ? 'MET' : 'MISSED'}${why.length ? ` — ${why.join('; ')}` : ''}`,
  );
});
