#!/usr/bin/env node
// Inbound web-chat throughput and latency to the agents' sockets.
//
// Spawns the built server (apps/server/dist/main.js) on a fresh database, sets up a queue with N
// agents and a web-chat channel in that queue through the API, connects the N agents' sockets,
// starts visitor sessions, then offers visitor messages (POST /webchat/messages) at a fixed rate
// (open loop) for a fixed time, and records for every message the time from the start of its HTTP
// request to the first 'appMessage' event carrying it on any agent socket.
//
//   node bench/inbound-webchat.mjs [--rate 500] [--duration 20] [--agents 10] [--visitors 200] [--db embedded|postgres]
//
// Bounded: it offers exactly rate × duration messages, waits at most 60 s for answers and 15 s for
// socket events, then stops the server, drops the bench database / temp DATA_DIR, and exits 0
// (also when the budget is missed; exit 1 only if the bench itself could not run).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { randomUUID } from 'node:crypto';
import {
  analyzeDatabase,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  AGENT_PASSWORD,
  api,
  checkQuietMachine,
  connectedSocket,
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
  summarize,
} from './lib.mjs';

// The server's web-chat limits (apps/server/src/modules/channels/adapters/webchat/webchat.schemas.ts).
const MESSAGES_PER_MINUTE_PER_VISITOR = 30;
const SESSIONS_PER_MINUTE_PER_IP = 10;
// The budget of issue 3 (PostgreSQL server, this 2-core machine).
const BUDGET = { rate: 500, p99: 100 };

const opts = readOptions(
  {
    rate: { type: 'number', default: 500, help: 'messages offered per second' },
    duration: { type: 'number', default: 20, help: 'seconds of load' },
    agents: { type: 'number', default: 10, help: 'connected agent sockets (each a user in the queue)' },
    visitors: { type: 'number', default: 200, help: 'visitor sessions (raised to what the 30 messages/min limit needs)' },
    db: {
      type: 'string',
      default: 'embedded',
      choices: ['embedded', 'postgres'],
      help: 'embedded (PGlite) or postgres (DATABASE_URL server, fresh database)',
    },
    warmup: { type: 'number', default: 1, min: 0, help: 'unmeasured messages per visitor before the load (the first opens its ticket)' },
    'max-inflight': {
      type: 'number',
      default: 2000,
      help: 'client cap on requests in flight; beyond it a due message is not sent (counted)',
    },
    'wait-quiet': {
      type: 'number',
      default: 0,
      min: 0,
      help: 'seconds to wait, before the load, for the machine to be quiet (≤ 15% busy)',
    },
    keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR (for diagnosis)' },
    'log-statements': {
      type: 'boolean',
      default: false,
      help: 'postgres: log every statement of the bench database (log_min_duration_statement = 0) to the PostgreSQL server log',
    },
  },
  'node bench/inbound-webchat.mjs [options]',
);

await run(async () => {
  requireBuiltServer();
  const rate = opts.rate;
  const duration = opts.duration;
  const agentsCount = Math.floor(opts.agents);
  const total = Math.round(rate * duration);

  const warmup = Math.floor(opts.warmup);
  if (warmup >= MESSAGES_PER_MINUTE_PER_VISITOR) throw new Error(`--warmup must be below ${MESSAGES_PER_MINUTE_PER_VISITOR}`);

  // Each visitor may post 30 messages per (fixed, one-minute) window, warm-up included. Round-robin
  // gives every visitor total/visitors messages, of which at most rate × min(duration, 60) / visitors
  // fall in one window: visitors ≥ rate × min(duration, 60) / (30 − warm-up) keeps all under the limit.
  const perVisitor = MESSAGES_PER_MINUTE_PER_VISITOR - warmup;
  const neededVisitors = Math.ceil((rate * Math.min(duration, 60)) / perVisitor);
  let visitorsCount = Math.floor(opts.visitors);
  if (visitorsCount < neededVisitors) {
    console.warn(
      `! ${visitorsCount} visitors cannot carry ${rate} msg/s for ${duration} s at ${MESSAGES_PER_MINUTE_PER_VISITOR} messages/min each ` +
        `(${warmup} used by the warm-up); using ${neededVisitors} visitors (rate × min(duration, 60) / ${perVisitor}).`,
    );
    visitorsCount = neededVisitors;
  }

  console.log(`machine: ${machine()}`);
  const database = await prepareDatabase(opts.db, { keep: opts.keep, logStatements: opts['log-statements'] });
  console.log(`database: ${database.describe}`);
  const server = await startServer({ dataDir: database.dataDir, env: database.env });
  console.log(`server: ${server.url} (pid ${server.pid}, node options: ${server.nodeArgs.join(' ') || 'none'})`);
  const base = server.url;

  // ---- setup through the API ----
  const adminToken = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const agentUsers = await pool(
    Array.from({ length: agentsCount }, (_, i) => i + 1),
    4,
    (i) =>
      api(base, 'POST', '/users', {
        token: adminToken,
        body: { name: `Bench agent ${i}`, email: `agent${i}@bench.local`, password: AGENT_PASSWORD, profile: 'user' },
      }),
  );
  const queue = await api(base, 'POST', '/queue', { token: adminToken, body: { name: 'Bench queue' } });
  await api(base, 'PUT', `/queue/${queue.id}/users`, { token: adminToken, body: { userIds: agentUsers.map((u) => u.id) } });
  const channel = await api(base, 'POST', '/whatsapp', {
    token: adminToken,
    body: { name: 'Bench web chat', type: 'webchat', queueId: queue.id },
  });
  if (channel.status !== 'connected') throw new Error(`the web-chat channel did not start (status ${channel.status})`);
  console.log(`setup: queue ${queue.id} with ${agentUsers.length} agents, web-chat channel ${channel.id} (${channel.publicKey})`);

  // ---- agents' sockets ----
  const delivered = new Map(); // clientId → { at, count }
  let appMessages = 0;
  let disconnects = 0;
  const sockets = await pool(agentUsers, 4, async (user) => {
    const token = await login(base, user.email, AGENT_PASSWORD);
    return connectedSocket(base, token, 'agent', (socket) => {
      socket.on('appMessage', (payload) => {
        const at = performance.now();
        appMessages++;
        const body = payload?.message?.body;
        if (typeof body !== 'string' || !body.startsWith('bench ')) return;
        const clientId = body.slice(6, 42);
        const seen = delivered.get(clientId);
        if (seen) seen.count++;
        else delivered.set(clientId, { at, count: 1 });
      });
      socket.on('disconnect', () => disconnects++);
    });
  });
  onCleanup(() => sockets.forEach((s) => s.disconnect()));
  console.log(`agents: ${sockets.length} sockets connected`);

  // ---- visitor sessions ----
  // POST /webchat/:publicKey/sessions allows 10 sessions a minute per client IP. The server runs
  // with TRUST_PROXY=true, so the client IP is the X-Forwarded-For address: visitor i comes from
  // the fake address 10.x.y.z number floor(i / 10), i.e. at most 10 sessions per address.
  const sessionStart = performance.now();
  const visitors = await pool(
    Array.from({ length: visitorsCount }, (_, i) => i),
    8,
    async (i) => {
      const k = Math.floor(i / SESSIONS_PER_MINUTE_PER_IP) + 1;
      const ip = `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
      const session = await api(base, 'POST', `/webchat/${channel.publicKey}/sessions`, {
        body: { name: `Visitor ${i + 1}` },
        headers: { 'x-forwarded-for': ip },
      });
      return session.token;
    },
  );
  console.log(
    `visitors: ${visitors.length} sessions from ${Math.ceil(visitors.length / SESSIONS_PER_MINUTE_PER_IP)} fake X-Forwarded-For addresses ` +
      `in ${((performance.now() - sessionStart) / 1000).toFixed(1)} s`,
  );

  // ---- warm-up (not measured): each visitor's first message opens its ticket, and the server's
  // code paths get compiled; the load then measures ongoing conversations. The statistics come after
  // the tickets are opened and before the visitors' further messages, as autovacuum gives a database
  // in use: ANALYZE invalidates every connection's plans, which those messages settle again. ----
  let analyzed = false;
  if (warmup > 0) {
    const warmStart = performance.now();
    const warmRound = (jobs) =>
      pool(jobs, 16, (token) => {
        const clientId = randomUUID();
        return request(base, 'POST', '/webchat/messages', {
          token,
          body: { clientId, body: `warmup ${clientId}` },
          timeoutMs: 60_000,
        }).then(
          (res) => res.status,
          () => 0,
        );
      });
    const answers = await warmRound(visitors);
    console.log(await analyzeDatabase(database));
    analyzed = true;
    answers.push(...(await warmRound(visitors.flatMap((token) => Array.from({ length: warmup - 1 }, () => token)))));
    const failed = answers.filter((s) => s < 200 || s > 299).length;
    console.log(
      `warm-up: ${answers.length} messages (${warmup} per visitor, opening the tickets) in ${((performance.now() - warmStart) / 1000).toFixed(1)} s` +
        (failed ? `, ${failed} failed` : ''),
    );
  }
  if (!analyzed) console.log(await analyzeDatabase(database));

  // ---- load: open loop, rate × duration messages, round-robin over visitors ----
  console.log(`load: ${rate} msg/s for ${duration} s = ${total} messages over ${visitorsCount} visitors, ${agentsCount} agents listening`);
  const sends = new Map(); // clientId → { start, httpMs, status }
  const statuses = new Map();
  let sent = 0;
  let notSent = 0;
  let inFlight = 0;
  let accepted = 0;
  let lastAcceptedAt = 0;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();

  const sendOne = (seq) => {
    if (inFlight >= opts['max-inflight']) {
      notSent++;
      return;
    }
    const clientId = randomUUID();
    const token = visitors[seq % visitors.length];
    const record = { start: performance.now(), httpMs: NaN, status: 0 };
    sends.set(clientId, record);
    sent++;
    inFlight++;
    request(base, 'POST', '/webchat/messages', { token, body: { clientId, body: `bench ${clientId}` }, timeoutMs: 60_000 })
      .then(
        (res) => {
          record.status = res.status;
          record.httpMs = res.ms;
          record.start = res.start;
        },
        (error) => {
          record.status = error.message === 'timeout' ? 'timeout' : 'network';
        },
      )
      .finally(() => {
        inFlight--;
        const now = performance.now();
        const key = String(record.status);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (typeof record.status === 'number' && record.status >= 200 && record.status < 300) {
          accepted++;
          lastAcceptedAt = now;
        }
      });
  };

  await checkQuietMachine(opts['wait-quiet']);
  const cpu = cpuSample(server.pid, { database: database.pgName });
  const cpuAll = cpuSample(server.pid, { database: database.pgName });
  const t0 = performance.now();
  let scheduled = 0;
  let nextReport = 5;
  await new Promise((resolveLoad) => {
    const tick = () => {
      const elapsed = (performance.now() - t0) / 1000;
      const due = Math.min(total, Math.floor(elapsed * rate) + 1);
      while (scheduled < due) sendOne(scheduled++);
      if (elapsed >= nextReport) {
        console.log(
          `  t=${String(nextReport).padStart(3)} s  sent ${sent}  accepted ${accepted}  in flight ${inFlight}  delivered ${delivered.size}  ` +
            `client loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms`,
        );
        nextReport += 5;
      }
      if (scheduled >= total) resolveLoad();
      else setTimeout(tick, 2);
    };
    tick();
  });
  const offerEnd = performance.now();
  const cpuUse = cpu.stop();

  // ---- drain: answers (≤ 60 s), then socket events (≤ 15 s, or 3 s without progress) ----
  const answerDeadline = Date.now() + 60_000;
  while (inFlight > 0 && Date.now() < answerDeadline) await sleep(20);
  const deliveryDeadline = Date.now() + 15_000;
  let lastSeen = delivered.size;
  let lastProgress = Date.now();
  while (Date.now() < deliveryDeadline) {
    const waiting = [...sends.entries()].some(
      ([id, r]) => typeof r.status === 'number' && r.status < 300 && r.status >= 200 && !delivered.has(id),
    );
    if (!waiting) break;
    if (delivered.size !== lastSeen) {
      lastSeen = delivered.size;
      lastProgress = Date.now();
    } else if (Date.now() - lastProgress > 3_000) break;
    await sleep(50);
  }
  loopDelay.disable();
  const cpuTotal = cpuAll.stop();

  // ---- figures ----
  const e2e = [];
  const httpOk = [];
  let undelivered = 0;
  let reachedAll = 0;
  let unsolicited = 0;
  for (const [clientId, r] of sends) {
    const ok = typeof r.status === 'number' && r.status >= 200 && r.status < 300;
    if (ok) httpOk.push(r.httpMs);
    const d = delivered.get(clientId);
    if (ok && d) {
      e2e.push(d.at - r.start);
      if (d.count >= agentsCount) reachedAll++;
    } else if (ok) undelivered++;
  }
  for (const id of delivered.keys()) if (!sends.has(id)) unsolicited++;
  const lat = summarize(e2e);
  const httpLat = summarize(httpOk);
  const window = (Math.max(lastAcceptedAt, offerEnd) - t0) / 1000;
  const sustained = accepted / window;
  let lastDelivery = 0;
  for (const d of delivered.values()) if (d.at > lastDelivery) lastDelivery = d.at;
  const deliveredRate = e2e.length / ((Math.max(lastDelivery, offerEnd) - t0) / 1000);
  const errors = [...statuses.entries()].filter(([s]) => !(Number(s) >= 200 && Number(s) < 300));

  console.log('');
  console.log(
    `=== inbound web chat — ${opts.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${rate} msg/s × ${duration} s, ${agentsCount} agents, ${visitorsCount} visitors ===`,
  );
  console.log(
    `messages offered            ${total}${notSent ? ` (${notSent} not sent: client in-flight cap ${opts['max-inflight']})` : ''}`,
  );
  console.log(`accepted (HTTP 2xx)         ${accepted}`);
  console.log(
    `errors by status            ${errors.length ? errors.map(([s, n]) => `${s}: ${n}`).join(', ') : 'none'}${inFlight ? `; ${inFlight} still unanswered 60 s after the offer window (not counted)` : ''}`,
  );
  console.log(
    `sustained accepted          ${sustained.toFixed(1)} msg/s (accepted / ${window.toFixed(2)} s from first request to last 2xx answer)`,
  );
  console.log(
    `delivered to agent sockets  ${e2e.length} (${deliveredRate.toFixed(1)} msg/s); ${reachedAll} reached all ${agentsCount} agents; ${undelivered} accepted but never seen on a socket`,
  );
  console.log(`request start → 1st agent event  p50 ${ms(lat.p50)}  p95 ${ms(lat.p95)}  p99 ${ms(lat.p99)}  max ${ms(lat.max)}`);
  console.log(`HTTP (2xx answers)               p50 ${ms(httpLat.p50)}  p99 ${ms(httpLat.p99)}  max ${ms(httpLat.max)}`);
  console.log(
    `agent socket events received ${appMessages} appMessage (warm-up included); socket disconnects ${disconnects}${unsolicited ? `; ${unsolicited} unknown messages` : ''}`,
  );
  console.log(`CPU during the offer window  ${formatCpu(cpuUse)}`);
  if (cpuTotal && accepted > 0) {
    // CPU time per accepted message, over the load and its drain: what the machine must supply per message.
    const perMsg = (share) => ((share / 100) * cpuTotal.cores * cpuTotal.seconds * 1000) / accepted;
    const server = perMsg(cpuTotal.server);
    const postgres = perMsg(cpuTotal.postgres);
    const client = perMsg(cpuTotal.bench);
    const ceiling = Math.min(1000 / server, (cpuTotal.cores * 1000) / (server + postgres + client));
    console.log(
      `CPU per accepted message     server ${server.toFixed(2)} ms, PostgreSQL ${postgres.toFixed(2)} ms` +
        (cpuTotal.postgresShared === undefined
          ? ''
          : ` (bench database; PostgreSQL's shared processes ${perMsg(cpuTotal.postgresShared).toFixed(2)} ms)`) +
        `, bench client ${client.toFixed(2)} ms ` +
        `→ ceiling on an otherwise idle ${cpuTotal.cores}-core machine ≈ ${ceiling.toFixed(0)} msg/s ` +
        `(one Node process uses at most one core: min(1000 / server, ${cpuTotal.cores} × 1000 / total))`,
    );
  }
  console.log(
    `client event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms (bench client and server share the machine's ${machine().split(' ')[0]} CPUs)`,
  );

  // Budget: ≥ 500 msg/s sustained, p99 ≤ 100 ms, on a PostgreSQL server. The 1% tolerance on the
  // rate absorbs the last answer's latency in the time window (a server that keeps up shows 499.x).
  const rateOk = rate >= BUDGET.rate && sustained >= BUDGET.rate * 0.99 && accepted === total && undelivered === 0;
  const p99Ok = lat.p99 <= BUDGET.p99;
  const verdict = rateOk && p99Ok ? 'MET' : 'MISSED';
  const why = [
    rate < BUDGET.rate ? `offered ${rate} < ${BUDGET.rate} msg/s` : undefined,
    rate >= BUDGET.rate && !rateOk
      ? `sustained ${sustained.toFixed(0)} msg/s, ${total - accepted} of ${total} not accepted, ${undelivered} not delivered`
      : undefined,
    !p99Ok ? `p99 ${ms(lat.p99)} > ${BUDGET.p99} ms` : undefined,
  ].filter(Boolean);
  console.log(
    `budget (PostgreSQL: ≥ ${BUDGET.rate} msg/s sustained, p99 ≤ ${BUDGET.p99} ms): ${verdict}${why.length ? ` — ${why.join('; ')}` : ''}` +
      (opts.db === 'postgres' ? '' : ' [the budget is set for PostgreSQL; on embedded PGlite this is what it reaches]'),
  );
});
