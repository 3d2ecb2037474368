#!/usr/bin/env node
// Inbound webhook throughput of the waba channel: signed Meta Cloud API message notifications,
// built by the simulator's own payload builders (buildMetaInboundNotification, signMetaWebhook:
// X-Hub-Signature-256 over the exact raw body), POSTed open-loop to /webhooks/waba/<publicKey> at a
// target rate from many distinct customer numbers. Prints webhooks/s accepted and p50/p95/p99 of
// the acknowledgement latency (the server answers only after the message is committed), with the
// budget verdict: p99 ≤ 250 ms at 300 webhooks/s on PostgreSQL. See bench/README.md.
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  checkQuietMachine,
  cpuSample,
  formatCpu,
  login,
  machine,
  ms,
  onCleanup,
  prepareDatabase,
  readOptions,
  request,
  requireBuiltServer,
  run,
  sleep,
  startServer,
  summarize,
} from './lib.mjs';
import { loadSimulators } from './simulators.mjs';

const BUDGET = { rate: 300, p99: 250 };

const opts = readOptions(
  {
    rate: { type: 'number', default: 300, help: 'webhooks offered per second' },
    duration: { type: 'number', default: 20, help: 'seconds of load' },
    customers: { type: 'number', default: 2000, help: 'distinct customer numbers (round-robin)' },
    warmup: { type: 'number', default: 1, min: 0, help: 'unmeasured messages per customer before the load (the first opens its ticket)' },
    'max-inflight': {
      type: 'number',
      default: 2000,
      help: 'client cap on requests in flight; beyond it a due webhook is not sent (counted)',
    },
    'wait-quiet': {
      type: 'number',
      default: 0,
      min: 0,
      help: 'seconds to wait, before the load, for the machine to be quiet (≤ 15% busy)',
    },
    db: { type: 'string', default: 'embedded', choices: ['embedded', 'postgres'], help: 'embedded (PGlite) or postgres (fresh database)' },
    keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR (for diagnosis)' },
  },
  'node bench/inbound-webhooks.mjs [options]',
);

await run(async () => {
  requireBuiltServer();
  const rate = opts.rate;
  const total = Math.round(rate * opts.duration);
  const customers = Math.floor(opts.customers);
  const warmup = Math.floor(opts.warmup);
  console.log(`machine: ${machine()}`);

  const { startMetaCloudSimulator, buildMetaInboundNotification, signMetaWebhook, newWamid } = await loadSimulators();
  const sim = await startMetaCloudSimulator({ autoStatuses: false });
  onCleanup(() => sim.close());

  const database = await prepareDatabase(opts.db, { keep: opts.keep });
  console.log(`database: ${database.describe}`);
  const server = await startServer({ dataDir: database.dataDir, env: { ...database.env, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
  console.log(`server: ${server.url} (pid ${server.pid}, node options: ${server.nodeArgs.join(' ') || 'none'})`);
  const base = server.url;

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
  if (channel.status !== 'connected') throw new Error(`the waba channel did not connect (status ${channel.status})`);
  const path = `/webhooks/waba/${channel.publicKey}`;
  const business = {
    businessAccountId: sim.businessAccountId,
    phoneNumberId: sim.phoneNumberId,
    displayPhoneNumber: sim.displayPhoneNumber,
  };
  const numbers = Array.from({ length: customers }, (_, i) => `5511${String(950000000 + i)}`);

  /** One signed notification, as Meta POSTs it; resolves { status, ms, start }. */
  const post = (from, text) => {
    const payload = buildMetaInboundNotification(business, {
      type: 'text',
      from,
      name: `Customer ${from.slice(-4)}`,
      id: newWamid(),
      text,
    });
    // request() sends JSON.stringify(body): the signature is computed over those exact bytes.
    const signature = signMetaWebhook(JSON.stringify(payload), sim.appSecret);
    return request(base, 'POST', path, { body: payload, headers: { 'x-hub-signature-256': signature }, timeoutMs: 60_000 });
  };

  // ---- warm-up (not measured): opens one ticket per customer ----
  if (warmup > 0) {
    const warmStart = performance.now();
    let failed = 0;
    const jobs = numbers.flatMap((n) => Array.from({ length: warmup }, () => n));
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < jobs.length) {
          const res = await post(jobs[next++], 'warm-up').catch(() => ({ status: 0 }));
          if (res.status !== 200) failed++;
        }
      }),
    );
    console.log(
      `warm-up: ${jobs.length} webhooks (${customers} customers, tickets opened) in ${((performance.now() - warmStart) / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}`,
    );
  }

  // ---- load: open loop, rate × duration webhooks, round-robin over the customers ----
  console.log(`load: ${rate} webhooks/s for ${opts.duration} s = ${total} webhooks over ${customers} customers`);
  const results = [];
  const statuses = new Map();
  let inFlight = 0;
  let notSent = 0;
  let accepted = 0;
  let lastAcceptedAt = 0;
  const sendOne = (seq) => {
    if (inFlight >= opts['max-inflight']) return void notSent++;
    inFlight++;
    post(numbers[seq % customers], `bench ${seq}`)
      .then(
        (res) => res,
        (error) => ({ status: error.message === 'timeout' ? 'timeout' : 'network', ms: NaN }),
      )
      .then((res) => {
        inFlight--;
        statuses.set(String(res.status), (statuses.get(String(res.status)) ?? 0) + 1);
        if (res.status === 200) {
          accepted++;
          lastAcceptedAt = performance.now();
          results.push(res.ms);
        }
      });
  };
  await checkQuietMachine(opts['wait-quiet']);
  const cpu = cpuSample(server.pid);
  const t0 = performance.now();
  let scheduled = 0;
  let nextReport = 5;
  await new Promise((resolveLoad) => {
    const tick = () => {
      const elapsed = (performance.now() - t0) / 1000;
      const due = Math.min(total, Math.floor(elapsed * rate) + 1);
      while (scheduled < due) sendOne(scheduled++);
      if (elapsed >= nextReport) {
        console.log(`  t=${String(nextReport).padStart(3)} s  offered ${scheduled - notSent}  accepted ${accepted}  in flight ${inFlight}`);
        nextReport += 5;
      }
      if (scheduled >= total) resolveLoad();
      else setTimeout(tick, 2);
    };
    tick();
  });
  const offerEnd = performance.now();
  const deadline = Date.now() + 60_000;
  while (inFlight > 0 && Date.now() < deadline) await sleep(20);
  const cpuUse = cpu.stop();

  const lat = summarize(results);
  const window = (Math.max(lastAcceptedAt, offerEnd) - t0) / 1000;
  const sustained = accepted / window;
  const errors = [...statuses.entries()].filter(([s]) => s !== '200');
  console.log('');
  console.log(
    `=== inbound waba webhooks — ${opts.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${rate}/s × ${opts.duration} s, ${customers} customers ===`,
  );
  console.log(
    `webhooks offered            ${total}${notSent ? ` (${notSent} not sent: client in-flight cap ${opts['max-inflight']})` : ''}`,
  );
  console.log(`acknowledged (HTTP 200)     ${accepted}`);
  console.log(
    `errors by status            ${errors.length ? errors.map(([s, n]) => `${s}: ${n}`).join(', ') : 'none'}${inFlight ? `; ${inFlight} unanswered 60 s after the offer window` : ''}`,
  );
  console.log(
    `sustained accepted          ${sustained.toFixed(1)} webhooks/s (accepted / ${window.toFixed(2)} s from first request to last 200)`,
  );
  console.log(`acknowledgement latency     p50 ${ms(lat.p50)}  p95 ${ms(lat.p95)}  p99 ${ms(lat.p99)}  max ${ms(lat.max)}`);
  console.log(`CPU during the load         ${formatCpu(cpuUse)}`);
  if (cpuUse && accepted > 0) {
    // CPU time per acknowledged webhook (load + answers): steadier than wall-clock figures on a shared machine.
    const perHook = (share) => ((share / 100) * cpuUse.cores * cpuUse.seconds * 1000) / accepted;
    const serverMs = perHook(cpuUse.server);
    const pgMs = perHook(cpuUse.postgres);
    const ceiling = Math.min(1000 / serverMs, (cpuUse.cores * 1000) / (serverMs + pgMs + perHook(cpuUse.bench)));
    console.log(
      `CPU per acknowledged webhook server ${serverMs.toFixed(2)} ms, PostgreSQL ${pgMs.toFixed(2)} ms → ceiling on an otherwise idle ${cpuUse.cores}-core machine ≈ ${ceiling.toFixed(0)} webhooks/s`,
    );
  }
  const rateOk = rate >= BUDGET.rate && accepted === total && sustained >= BUDGET.rate * 0.99;
  const p99Ok = lat.p99 <= BUDGET.p99;
  const why = [
    rate < BUDGET.rate ? `offered ${rate} < ${BUDGET.rate}/s` : undefined,
    rate >= BUDGET.rate && !rateOk ? `sustained ${sustained.toFixed(0)}/s, ${total - accepted} of ${total} not acknowledged` : undefined,
    !p99Ok ? `p99 ${ms(lat.p99)} > ${BUDGET.p99} ms` : undefined,
  ].filter(Boolean);
  console.log(
    `budget (PostgreSQL: ${BUDGET.rate} webhooks/s, p99 ≤ ${BUDGET.p99} ms): ${rateOk && p99Ok ? 'MET' : 'MISSED'}${why.length ? ` — ${why.join('; ')}` : ''}` +
      (opts.db === 'postgres' ? '' : ' [the budget is set for PostgreSQL; on embedded PGlite this is what it reaches]'),
  );
});
