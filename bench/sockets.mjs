#!/usr/bin/env node
// 10,000 authenticated agent sockets on one server node: the server's memory, and the time from a
// ticket event to its delivery on every socket.
//
// Setup: the built server on a fresh database (PostgreSQL by default: the budget is for a server
// node), with a JWT_SECRET chosen here. Through the API: a queue and a web-chat channel in it. Then
// N agents of tenant 1, members of that queue, are written straight into the database (users,
// user_queues and one refresh-token family each, as a login leaves them; no password, nobody signs
// in with it) and each gets an access token signed with the server's secret in the server's own
// format (sub, tid, sid, iss=conversa, HS256), so the sockets authenticate exactly as after a login
// without 10,000 Argon2 checks.
//
// Load: --clients child processes (this script with --child) open the sockets, --sockets / clients
// each, over WebSocket (`auth: {token}`, the web app's handshake), --connect-batch at a time. With
// every socket connected, the server idles --idle seconds (RSS read), then a web-chat visitor sends
// --events messages (after --warmup untimed ones), one every --event-interval ms, into its ticket; each message
// reaches every agent as `appMessage`. Each child records when each socket got each message; the
// latency of one delivery is that time minus the start of the visitor's HTTP request (same machine,
// same clock). Prints, per event, the time until the last socket had it, and p50/p99/max over all
// deliveries, with the server's RSS (before the sockets, all connected and idle, peak, end).
//
//   ulimit -n 65536   # the server holds one descriptor per socket; each child 1 per socket too
//   node bench/sockets.mjs [--sockets 10000] [--clients 8] [--events 20] [--db postgres|embedded]
//
// Budget (issue 9): RSS ≤ 1 GiB and p99 ≤ 1 s with 10,000 sockets. Exits 0 whether or not it is met.
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  checkQuietMachine,
  machine,
  mib,
  ms,
  onCleanup,
  prepareDatabase,
  processMemory,
  readOptions,
  request,
  requireBuiltServer,
  rssSampler,
  run,
  sleep,
  startServer,
  summarize,
  withBenchClient,
} from './lib.mjs';

const BUDGET_RSS_MIB = 1024;
const BUDGET_P99_MS = 1000;

// ---------------------------------------------------------------------------
// child: open this share of the sockets, record deliveries, report to the parent
// ---------------------------------------------------------------------------

if (process.argv.includes('--child')) {
  const sockets = [];
  const deliveries = new Map(); // clientId → array of receive times (epoch ms)
  let disconnects = 0;
  process.on('message', async (message) => {
    if (message.type === 'connect') {
      const { url, tokens, batch } = message;
      let refused = 0;
      const reasons = {};
      for (let i = 0; i < tokens.length; i += batch) {
        await Promise.all(
          tokens.slice(i, i + batch).map(
            (token) =>
              new Promise((resolve) => {
                const socket = io(url, {
                  auth: { token },
                  transports: ['websocket'],
                  forceNew: true,
                  reconnection: false,
                  timeout: 60_000,
                });
                socket.on('appMessage', (payload) => {
                  const at = performance.timeOrigin + performance.now();
                  const body = payload?.message?.body;
                  if (typeof body !== 'string' || !body.startsWith('bench ')) return;
                  const clientId = body.slice(6);
                  const list = deliveries.get(clientId);
                  if (list) list.push(at);
                  else deliveries.set(clientId, [at]);
                });
                socket.on('disconnect', () => disconnects++);
                socket.once('connect', () => resolve());
                socket.once('connect_error', (error) => {
                  refused++;
                  reasons[error.message] = (reasons[error.message] ?? 0) + 1;
                  resolve();
                });
                sockets.push(socket);
              }),
          ),
        );
        process.send({ type: 'progress', connected: sockets.length - refused });
      }
      process.send({ type: 'connected', connected: sockets.filter((s) => s.connected).length, refused, reasons });
    } else if (message.type === 'report') {
      process.send({
        type: 'report',
        connected: sockets.filter((s) => s.connected).length,
        disconnects,
        deliveries: Object.fromEntries([...deliveries].filter(([id]) => message.clientIds.includes(id))),
      });
    } else if (message.type === 'close') {
      for (const socket of sockets) socket.close();
      process.exit(0);
    }
  });
} else {
  const opts = readOptions(
    {
      sockets: { type: 'number', default: 10_000, help: 'agent sockets (one agent each)' },
      clients: { type: 'number', default: 8, help: 'client processes sharing the sockets' },
      'connect-batch': { type: 'number', default: 100, help: 'sockets each client opens at a time' },
      events: { type: 'number', default: 20, help: 'ticket events (inbound web-chat messages) to time' },
      warmup: { type: 'number', default: 1, min: 0, help: 'events sent and delivered before the timed ones (the first opens the ticket)' },
      'event-interval': { type: 'number', default: 500, help: 'ms between two events' },
      idle: { type: 'number', default: 10, min: 0, help: 'seconds idle with every socket connected before the RSS reading' },
      db: {
        type: 'string',
        default: 'postgres',
        choices: ['postgres', 'embedded'],
        help: 'postgres (DATABASE_URL server, fresh database) or embedded',
      },
      'wait-quiet': { type: 'number', default: 0, min: 0, help: 'seconds to wait for the machine to be quiet before the events' },
      keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR' },
    },
    'node bench/sockets.mjs [options]',
  );

  const children = [];
  const ask = (child, message, type) =>
    new Promise((resolve) => {
      const onMessage = (answer) => {
        if (answer.type !== type) return;
        child.off('message', onMessage);
        resolve(answer);
      };
      child.on('message', onMessage);
      child.send(message);
    });

  await run(async () => {
    requireBuiltServer();
    const N = Math.floor(opts.sockets);
    console.log(`machine: ${machine()}`);
    const database = await prepareDatabase(opts.db, { keep: opts.keep });
    console.log(`database: ${database.describe}`);
    const jwtSecret = randomBytes(48).toString('base64url');
    const env = { ...database.env, JWT_SECRET: jwtSecret, JWT_REFRESH_SECRET: randomBytes(48).toString('base64url') };
    let server = await startServer({ dataDir: database.dataDir, env });
    console.log(`server: ${server.url} (pid ${server.pid}, node options: ${server.nodeArgs.join(' ') || 'none'})`);

    // ---- setup through the API: a queue, a web-chat channel in it ----
    const admin = await api(server.url, 'POST', '/auth/login/', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const queue = await api(server.url, 'POST', '/queue', { token: admin.token, body: { name: 'Sockets bench queue' } });
    const channel = await api(server.url, 'POST', '/whatsapp', {
      token: admin.token,
      body: { name: 'Sockets bench', type: 'webchat', queueId: queue.id },
    });
    if (channel.status !== 'connected') throw new Error(`the web-chat channel did not start (status ${channel.status})`);

    // ---- N agents written straight into the database, as after a login ----
    const seed = `
      with agents as (
        insert into users (tenant_id, name, email, password_hash, profile)
        select ${Number(admin.tenantId)}, 'Socket agent ' || g, 'socket-agent-' || g || '@bench.local', '!no-password', 'user'
        from generate_series(1, ${N}) g
        returning id
      ), members as (
        insert into user_queues (tenant_id, user_id, queue_id) select ${Number(admin.tenantId)}, id, ${Number(queue.id)} from agents returning user_id
      )
      insert into refresh_tokens (id, family_id, user_id, token_hash, expires_at)
      select gen_random_uuid(), gen_random_uuid(), user_id, 'bench', now() + interval '1 day' from members
      returning user_id as "userId", family_id as "sessionId"`;
    let agents;
    if (opts.db === 'postgres') {
      agents = await withBenchClient(database.pgUrl, async (client) => (await client.query(seed)).rows);
    } else {
      // The data folder belongs to the server process: stop it, fill, start again.
      await server.stop();
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const db = await PGlite.create(join(database.dataDir, 'pgdata'), { extensions: { pg_trgm } });
      try {
        agents = (await db.query(seed)).rows;
      } finally {
        await db.close();
      }
      server = await startServer({ dataDir: database.dataDir, env });
    }
    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode(jwtSecret);
    const tokens = await Promise.all(
      agents.map((a) =>
        new SignJWT({ tid: Number(admin.tenantId), sid: a.sessionId })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(a.userId))
          .setIssuer('conversa')
          .setIssuedAt()
          .setExpirationTime('2h')
          .sign(key),
      ),
    );
    console.log(
      `setup: queue ${queue.id}, web-chat channel ${channel.id}, ${agents.length} agents of tenant ${admin.tenantId} in the queue`,
    );

    // ---- the sockets, from the client processes ----
    const rss = rssSampler(server.pid, 500);
    const before = processMemory(server.pid);
    const clients = Math.max(1, Math.floor(opts.clients));
    for (let c = 0; c < clients; c++) {
      const child = fork(import.meta.filename, ['--child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
    }
    onCleanup(async () => {
      for (const child of children) if (child.connected) child.send({ type: 'close' });
      await sleep(500);
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    });
    const progress = new Array(clients).fill(0);
    const connectStart = performance.now();
    const ticker = setInterval(() => process.stdout.write(`\r  connected ${progress.reduce((a, b) => a + b, 0)} of ${N}…`), 1000);
    const connected = await Promise.all(
      children.map((child, c) => {
        child.on('message', (m) => {
          if (m.type === 'progress') progress[c] = m.connected;
        });
        const share = tokens.filter((_, i) => i % clients === c);
        return ask(child, { type: 'connect', url: server.url, tokens: share, batch: opts['connect-batch'] }, 'connected');
      }),
    );
    clearInterval(ticker);
    const connectedCount = connected.reduce((a, r) => a + r.connected, 0);
    const refused = connected.reduce((a, r) => a + r.refused, 0);
    const reasons = {};
    for (const r of connected) for (const [reason, n] of Object.entries(r.reasons)) reasons[reason] = (reasons[reason] ?? 0) + n;
    console.log(
      `\rsockets: ${connectedCount} of ${N} connected in ${((performance.now() - connectStart) / 1000).toFixed(1)} s` +
        (refused
          ? ` (${refused} refused: ${Object.entries(reasons)
              .map(([reason, n]) => `${reason} × ${n}`)
              .join(', ')})`
          : ''),
    );
    await sleep(opts.idle * 1000);
    const idle = processMemory(server.pid);
    console.log(
      `server RSS with every socket connected, after ${opts.idle} s idle: ${mib(idle?.rss)} (before the sockets ${mib(before?.rss)})`,
    );

    // ---- ticket events: inbound web-chat messages into the queue's ticket ----
    await checkQuietMachine(opts['wait-quiet']);
    const visitor = await api(server.url, 'POST', `/webchat/${channel.publicKey}/sessions`, { body: { name: 'Sockets bench visitor' } });
    // Warm-up (not timed): the first message opens the visitor's ticket; the timed ones are an ongoing conversation.
    for (let w = 0; w < opts.warmup; w++) {
      const clientId = randomUUID();
      await api(server.url, 'POST', '/webchat/messages', {
        token: visitor.token,
        body: { clientId, body: `warmup ${clientId}` },
        timeoutMs: 60_000,
      });
      await sleep(opts['event-interval']);
    }
    const sends = new Map();
    const statuses = [];
    for (let e = 0; e < opts.events; e++) {
      const clientId = randomUUID();
      const start = performance.timeOrigin + performance.now();
      sends.set(clientId, start);
      void request(server.url, 'POST', '/webchat/messages', {
        token: visitor.token,
        body: { clientId, body: `bench ${clientId}` },
        timeoutMs: 60_000,
      }).then(
        (res) => statuses.push(res.status),
        () => statuses.push(0),
      );
      await sleep(opts['event-interval']);
    }
    // Wait for the deliveries (at most 30 s after the last event).
    const clientIds = [...sends.keys()];
    let reports;
    const deadline = Date.now() + 30_000;
    for (;;) {
      reports = await Promise.all(children.map((child) => ask(child, { type: 'report', clientIds }, 'report')));
      const received = reports.reduce((a, r) => a + Object.values(r.deliveries).reduce((b, list) => b + list.length, 0), 0);
      if (received >= clientIds.length * connectedCount || Date.now() > deadline) break;
      await sleep(1000);
    }
    const memory = rss.stop();

    // ---- figures ----
    const latencies = [];
    const lastByEvent = [];
    let missing = 0;
    for (const clientId of clientIds) {
      const start = sends.get(clientId);
      let last = -Infinity;
      let got = 0;
      for (const r of reports) {
        for (const at of r.deliveries[clientId] ?? []) {
          latencies.push(at - start);
          last = Math.max(last, at - start);
          got++;
        }
      }
      missing += connectedCount - got;
      lastByEvent.push(got ? last : NaN);
    }
    const all = summarize(latencies);
    const last = summarize(lastByEvent.filter(Number.isFinite));
    const stillConnected = reports.reduce((a, r) => a + r.connected, 0);
    const okSends = statuses.filter((s) => s >= 200 && s < 300).length;
    console.log('');
    console.log(
      `=== ${connectedCount} agent sockets on one node (${opts.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}), ${clientIds.length} ticket events ===`,
    );
    console.log(
      `events: ${clientIds.length} inbound web-chat messages (${okSends} answered 2xx), each to ${connectedCount} sockets; ${missing} deliveries missing; ${stillConnected} sockets still connected at the end`,
    );
    console.log(`delivery latency over all ${all.n} deliveries: p50 ${ms(all.p50)}, p99 ${ms(all.p99)}, max ${ms(all.max)}`);
    console.log(
      `time until the last socket had the event: p50 ${ms(last.p50)}, max ${ms(last.max)} (per event: ${lastByEvent.map((v) => v.toFixed(0)).join(', ')} ms)`,
    );
    console.log(
      `server RSS: ${mib(before?.rss)} before the sockets, ${mib(idle?.rss)} with all connected and idle, peak ${mib(memory.peak)}, ${mib(memory.end)} at the end`,
    );
    const met = memory.peak <= BUDGET_RSS_MIB && all.p99 <= BUDGET_P99_MS && missing === 0 && connectedCount === N;
    console.log(
      `budget (10,000 sockets, RSS ≤ ${BUDGET_RSS_MIB} MiB, p99 ≤ ${BUDGET_P99_MS} ms, every delivery): ${met ? 'MET' : 'MISSED'}` +
        (N < 10_000 ? ' [scaled down: the budget is for 10,000 sockets]' : ''),
    );
  });
}
