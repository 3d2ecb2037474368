#!/usr/bin/env node
// Outgoing webhooks: events/s delivered to a local receiver and the latency from the event to its
// delivery. An API configuration's webhook URL points at a receiver on 127.0.0.1 (answers 200 at
// once, checks every signature); events are made open-loop at a target rate through the public API
// (POST /contacts: one contact.created event each, with the bench's sequence number in the name).
// Prints events offered / created / delivered, delivered events/s, p50/p95/p99/max from the request
// that made the event to the delivery's arrival (and from the event's createdAt), with the budget
// verdict: p99 ≤ 1 s at 200 events/s. See bench/README.md.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
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

const BUDGET = { rate: 200, p99: 1000 };

const opts = readOptions(
  {
    rate: { type: 'number', default: 200, help: 'events made per second' },
    duration: { type: 'number', default: 20, help: 'seconds of load' },
    'max-inflight': {
      type: 'number',
      default: 1000,
      help: 'client cap on requests in flight; beyond it a due event is not made (counted)',
    },
    'wait-quiet': {
      type: 'number',
      default: 0,
      min: 0,
      help: 'seconds to wait, before the load, for the machine to be quiet (≤ 15% busy)',
    },
    db: { type: 'string', default: 'embedded', choices: ['embedded', 'postgres'], help: 'embedded (PGlite) or postgres (fresh database)' },
    keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR (for diagnosis)' },
    'log-statements': { type: 'boolean', default: false, help: 'log every statement of the bench database (PostgreSQL log; diagnosis)' },
  },
  'node bench/webhooks.mjs [options]',
);

/** The receiver: records each delivery's arrival (performance clock) by the bench sequence number in the contact's name. */
function startReceiver(secret) {
  const arrivals = new Map();
  const lagsFromEvent = [];
  let badSignatures = 0;
  let duplicates = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['x-conversa-timestamp']);
      const expected = `sha256=${createHmac('sha256', secret.value).update(`${timestamp}.${raw}`).digest('hex')}`;
      if (req.headers['x-conversa-signature'] !== expected) badSignatures++;
      const body = JSON.parse(raw);
      const match = /^bench (\d+)$/.exec(body.data?.contact?.name ?? '');
      if (match) {
        const seq = Number(match[1]);
        if (arrivals.has(seq)) duplicates++;
        else {
          arrivals.set(seq, at);
          lagsFromEvent.push(Date.now() - Date.parse(body.createdAt));
        }
      }
      res.writeHead(200).end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/hook`,
        arrivals,
        lagsFromEvent,
        stats: () => ({ badSignatures, duplicates }),
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

await run(async () => {
  requireBuiltServer();
  const rate = opts.rate;
  const total = Math.round(rate * opts.duration);
  console.log(`machine: ${machine()}`);

  const secret = { value: '' };
  const receiver = await startReceiver(secret);
  onCleanup(() => receiver.close());

  const database = await prepareDatabase(opts.db, { keep: opts.keep, logStatements: opts['log-statements'] });
  console.log(`database: ${database.describe}`);
  // The receiver is on 127.0.0.1: private addresses allowed for this run only.
  const server = await startServer({ dataDir: database.dataDir, env: { ...database.env, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
  console.log(`server: ${server.url} (pid ${server.pid}, node options: ${server.nodeArgs.join(' ') || 'none'})`);
  const base = server.url;

  const token = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const channel = await api(base, 'POST', '/whatsapp', { token, body: { name: 'Bench web chat', type: 'webchat' } });
  const config = await api(base, 'POST', '/api-config', {
    token,
    body: { name: 'Bench webhooks', channelId: channel.id, webhookUrl: receiver.url },
  });
  secret.value = config.webhookSecret;

  // Warm-up (not measured): a few events through the whole path.
  for (let i = 0; i < 20; i++)
    await api(base, 'POST', '/contacts', { token, body: { name: `warm ${i}`, number: `55119700${String(i).padStart(5, '0')}` } });
  await sleep(1000);
  await checkQuietMachine(opts['wait-quiet']);

  // ---- load, open loop ----
  console.log(`load: ${total} events at ${rate}/s (POST /contacts → contact.created → webhook)`);
  const sentAt = new Map();
  const statuses = new Map();
  let skipped = 0;
  let inflight = 0;
  const cpu = cpuSample(server.pid, { database: database.pgName });
  const start = performance.now();
  const requests = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (inflight >= opts['max-inflight']) {
      skipped++;
      continue;
    }
    inflight++;
    sentAt.set(i, performance.now());
    requests.push(
      request(base, 'POST', '/contacts', {
        token,
        body: { name: `bench ${i}`, number: `55118${String(i).padStart(8, '0')}` },
        timeoutMs: 60_000,
      })
        .then((res) => statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1))
        .catch(() => statuses.set('error', (statuses.get('error') ?? 0) + 1))
        .finally(() => inflight--),
    );
  }
  await Promise.all(requests);
  const created = statuses.get(201) ?? 0;
  // Wait (≤ 60 s) for every created event's delivery.
  const deadline = performance.now() + 60_000;
  while (receiver.arrivals.size < created && performance.now() < deadline) await sleep(100);
  const cpuUse = cpu.stop();

  const lags = [...receiver.arrivals].filter(([seq]) => sentAt.has(seq)).map(([seq, at]) => at - sentAt.get(seq));
  const first = Math.min(...sentAt.values());
  const last = Math.max(...receiver.arrivals.values());
  const perSecond = receiver.arrivals.size / ((last - first) / 1000);
  const lag = summarize(lags);
  const fromEvent = summarize(receiver.lagsFromEvent);
  const { badSignatures, duplicates } = receiver.stats();

  console.log('');
  console.log(`events offered ${total}, made ${sentAt.size} (skipped at the in-flight cap: ${skipped}), created (201) ${created}`);
  console.log(`answers: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
  console.log(
    `delivered ${receiver.arrivals.size} (duplicates ${duplicates}, bad signatures ${badSignatures}); ${perSecond.toFixed(1)} events/s delivered`,
  );
  console.log(`request → delivery: p50 ${ms(lag.p50)}, p95 ${ms(lag.p95)}, p99 ${ms(lag.p99)}, max ${ms(lag.max)}`);
  console.log(`event createdAt → delivery (ms clock): p50 ${ms(fromEvent.p50)}, p99 ${ms(fromEvent.p99)}`);
  console.log(`cpu during the load: ${formatCpu(cpuUse)}`);
  const met = rate >= BUDGET.rate && receiver.arrivals.size === created && created === total && lag.p99 <= BUDGET.p99;
  console.log(`budget (p99 ≤ ${BUDGET.p99} ms at ${BUDGET.rate} events/s, every event delivered): ${met ? 'MET' : 'MISSED'}`);
});
