#!/usr/bin/env node
// External API send throughput (issue 13): messages accepted per second and the latency of
// POST /v1/api/external/{apiId} with N tokens (API configurations) calling in parallel. By default an
// open loop: the tokens together offer `--rate` sends a second (the budget's 300), each send timed
// from the moment it was due, so a server that falls behind shows its queue in the latency. With
// `--closed`, a closed loop: each token keeps `--inflight` requests going (the throughput ceiling;
// its latency is the queue's length, inflight × tokens ÷ rate by Little's law, not a budget measure). A message is "accepted" when the API answers 201:
// stored with its durable send job in one transaction, shown in the inbox. The send jobs drain in
// the background through the Meta Cloud API simulator (80/s per number, not measured here; in a
// process of its own, as a provider is another machine). Budget:
// ≥ 300 accepted/s and p99 ≤ 100 ms with 10 tokens on PostgreSQL. See bench/README.md.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  analyzeDatabase,
  awaitJobsDrained,
  api,
  cpuSample,
  formatCpu,
  login,
  machine,
  ms,
  pool,
  prepareDatabase,
  readOptions,
  request,
  requireBuiltServer,
  run,
  startServer,
  summarize,
} from './lib.mjs';
import { startSimulatorProcess } from './simulators.mjs';

const BUDGET_RATE = 300;
const BUDGET_P99_MS = 100;

const opts = readOptions(
  {
    tokens: { type: 'number', default: 10, help: 'API configurations (tokens) calling in parallel' },
    messages: { type: 'number', default: 6000, help: 'messages sent in all (measured)' },
    rate: { type: 'number', default: BUDGET_RATE, help: 'sends offered per second by all tokens together (open loop)' },
    closed: {
      type: 'boolean',
      default: false,
      help: 'closed loop instead: each token keeps --inflight requests going (the throughput ceiling)',
    },
    inflight: { type: 'number', default: 4, help: 'requests in flight per token (closed loop)' },
    recipients: { type: 'number', default: 500, help: 'distinct customer numbers (a ticket each, opened by the warm-up)' },
    db: { type: 'string', default: 'postgres', choices: ['embedded', 'postgres'], help: 'postgres (fresh database) or embedded (PGlite)' },
    keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR (for diagnosis)' },
    'log-statements': { type: 'boolean', default: false, help: 'log every statement of the bench database (PostgreSQL log; diagnosis)' },
  },
  'node bench/external-api.mjs [options]',
);

await run(async () => {
  requireBuiltServer();
  const tokens = Math.floor(opts.tokens);
  const total = Math.floor(opts.messages);
  const recipients = Math.floor(opts.recipients);
  console.log(`machine: ${machine()}`);

  // In a process of its own: the drain's 80 sends/s would otherwise take turns of this process's event
  // loop, between the load's timers and the answers it times.
  const sim = await startSimulatorProcess('startMetaCloudSimulator', { autoStatuses: false });

  const database = await prepareDatabase(opts.db, { keep: opts.keep, logStatements: opts['log-statements'] });
  console.log(`database: ${database.describe}`);
  // The per-token limit (API_RATE_LIMIT_PER_MINUTE, default 6000 with bursts of as many) stays as shipped.
  const server = await startServer({ dataDir: database.dataDir, env: { ...database.env, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
  console.log(`server: ${server.url} (pid ${server.pid}, node options: ${server.nodeArgs.join(' ') || 'none'})`);
  const base = server.url;

  // ---- setup through the API: a queue, a waba channel on the simulator, N API configurations ----
  const adminToken = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const queue = await api(base, 'POST', '/queue', { token: adminToken, body: { name: 'Bench queue' } });
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
  const configs = [];
  for (let i = 0; i < tokens; i++) {
    configs.push(
      await api(base, 'POST', '/api-config', { token: adminToken, body: { name: `Bench token ${i + 1}`, channelId: channel.id } }),
    );
  }
  const numbers = Array.from({ length: recipients }, (_, i) => `5511${String(970000000 + i)}`);
  const send = (config, number) =>
    request(base, 'POST', config.basePath, {
      token: config.token,
      body: { body: `bench ${randomUUID()}`, number, externalKey: 'bench' },
    }).catch(() => ({ status: 'network', ms: NaN }));

  // ---- warm-up (not measured): one message per recipient opens its ticket; then the statistics (as
  // autovacuum gives a database in use: ANALYZE invalidates every connection's plans, so it comes
  // before the rest); a second message per recipient, 40 at a time, runs the measured path (a send
  // to an ongoing ticket) on the server's code, its pool's connections and the client's sockets; and
  // the warm-up's send jobs drain before the clock starts ----
  for (const concurrency of [8, 40]) {
    await pool(numbers, concurrency, async (number, i) => {
      const res = await send(configs[i % tokens], number);
      if (res.status !== 201) throw new Error(`warm-up send answered ${res.status}: ${JSON.stringify(res.body)}`);
    });
    if (concurrency === 8) console.log(await analyzeDatabase(database));
  }
  console.log(
    `setup: waba channel ${channel.id}, ${tokens} API configurations, ${recipients} tickets opened and sent to again by the warm-up`,
  );
  console.log(await awaitJobsDrained(database, 'message.send'));

  // ---- load: open loop at `rate` (each send timed from when it was due), or each token keeps `inflight` going ----
  const perToken = Math.ceil(total / tokens);
  const statuses = new Map();
  const acceptedMs = [];
  const messageIds = new Set();
  const openLoop = !opts.closed;
  const cpu = cpuSample(server.pid, { database: database.pgName });
  const t0 = performance.now();
  let lastAccepted = t0;
  const sendAndCount = async (config, number, dueAt) => {
    const res = await send(config, number);
    statuses.set(String(res.status), (statuses.get(String(res.status)) ?? 0) + 1);
    if (res.status === 201) {
      lastAccepted = performance.now();
      acceptedMs.push(dueAt === undefined ? res.ms : lastAccepted - dueAt);
      messageIds.add(res.body.messageId);
    }
  };
  if (openLoop) {
    const count = perToken * tokens;
    const pending = [];
    let scheduled = 0;
    await new Promise((resolveLoad) => {
      const tick = () => {
        const due = Math.min(count, Math.floor(((performance.now() - t0) / 1000) * opts.rate) + 1);
        for (; scheduled < due; scheduled++) {
          const i = scheduled;
          pending.push(sendAndCount(configs[i % tokens], numbers[i % recipients], t0 + (i / opts.rate) * 1000));
        }
        if (scheduled >= count) resolveLoad();
        else setTimeout(tick, 2);
      };
      tick();
    });
    await Promise.all(pending);
  } else {
    await Promise.all(
      configs.map((config, c) =>
        pool(
          Array.from({ length: perToken }, (_, i) => i),
          Math.floor(opts.inflight),
          (i) => sendAndCount(config, numbers[(c * perToken + i) % recipients]),
        ),
      ),
    );
  }
  const cpuUse = cpu.stop();
  const seconds = (lastAccepted - t0) / 1000;
  const accepted = statuses.get('201') ?? 0;
  const rate = accepted / seconds;
  const latency = summarize(acceptedMs);

  console.log('');
  console.log(
    `=== external API sends — ${opts.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${tokens} tokens, ${openLoop ? `${opts.rate}/s offered (open loop)` : `${Math.floor(opts.inflight)} in flight each (closed loop)`}, ${perToken * tokens} messages to ${recipients} numbers ===`,
  );
  console.log(`answers by status           ${[...statuses.entries()].map(([s, n]) => `${s}: ${n}`).join(', ')}`);
  console.log(
    `accepted (201)              ${accepted} in ${seconds.toFixed(2)} s = ${rate.toFixed(0)} messages/s (${messageIds.size} distinct message ids)`,
  );
  console.log(
    `latency of the 201 answers${openLoop ? ' (from when each send was due)' : ''}  p50 ${ms(latency.p50)}  p95 ${ms(latency.p95)}  p99 ${ms(latency.p99)}  max ${ms(latency.max)}`,
  );
  console.log(`CPU during the load         ${formatCpu(cpuUse)}`);
  // The rate judged is what the server sustained; a closed loop's p99 measures its queue, not the budget.
  const ok =
    openLoop &&
    accepted === perToken * tokens &&
    messageIds.size === accepted &&
    rate >= BUDGET_RATE * 0.99 &&
    latency.p99 <= BUDGET_P99_MS;
  const why = [
    openLoop ? undefined : 'closed loop (--closed): a throughput ceiling, not a budget run',
    accepted !== perToken * tokens ? `${perToken * tokens - accepted} sends not accepted` : undefined,
    messageIds.size !== accepted ? 'duplicate message ids' : undefined,
    rate < BUDGET_RATE * 0.99 ? `${rate.toFixed(0)}/s < ${BUDGET_RATE}/s` : undefined,
    latency.p99 > BUDGET_P99_MS ? `p99 ${latency.p99.toFixed(1)} ms > ${BUDGET_P99_MS} ms` : undefined,
  ].filter(Boolean);
  console.log(
    `verdict (every send accepted, ≥ ${BUDGET_RATE}/s, p99 ≤ ${BUDGET_P99_MS} ms): ${ok ? 'MET' : 'MISSED'}${why.length ? ` — ${why.join('; ')}` : ''}`,
  );
});
