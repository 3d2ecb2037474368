// Shared helpers of the bench/ scripts: options, the built server as a child process on a fresh
// database (embedded PGlite in a temp DATA_DIR, or a fresh PostgreSQL database created and
// dropped here), a keep-alive HTTP client, and percentiles. Plain Node ESM, no dependencies beyond
// the repository's root node_modules (pg, socket.io-client).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { serverHeapArgs } from '../scripts/server-node-args.mjs';

export const ROOT = resolve(import.meta.dirname, '..');
// BENCH_SERVER_MAIN: another build of the server (e.g. an older commit's, to compare).
export const SERVER_MAIN = process.env.BENCH_SERVER_MAIN ? resolve(process.env.BENCH_SERVER_MAIN) : join(ROOT, 'apps/server/dist/main.js');

export const ADMIN_EMAIL = 'bench-admin@bench.local';
export const ADMIN_PASSWORD = 'Bench#Admin2024';
export const AGENT_PASSWORD = 'Bench#Agent2024';

// ---------------------------------------------------------------------------
// options: --name value, or the environment variable BENCH_NAME (upper case, dashes → _)
// ---------------------------------------------------------------------------

/**
 * `spec` maps option names to { type: 'number'|'string'|'boolean', default, help }. Command-line
 * flags win over BENCH_* environment variables, which win over defaults. `--help` prints usage.
 */
export function readOptions(spec, usage) {
  const options = Object.fromEntries(
    Object.entries(spec).map(([name, s]) => [name, { type: s.type === 'boolean' ? 'boolean' : 'string' }]),
  );
  options.help = { type: 'boolean' };
  let values;
  try {
    ({ values } = parseArgs({ options, strict: true, allowPositionals: false }));
  } catch (error) {
    console.error(`${error.message}\n\n${helpText(spec, usage)}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(helpText(spec, usage));
    process.exit(0);
  }
  const result = {};
  for (const [name, s] of Object.entries(spec)) {
    const envName = `BENCH_${name.toUpperCase().replaceAll('-', '_')}`;
    let raw = values[name] ?? process.env[envName];
    if (raw === undefined || raw === '') raw = s.default;
    if (s.type === 'number') {
      const n = Number(raw);
      if (!Number.isFinite(n) || (s.min === undefined ? n <= 0 : n < s.min)) {
        console.error(`--${name} must be a ${s.min === 0 ? 'non-negative' : 'positive'} number (got ${raw})`);
        process.exit(2);
      }
      result[name] = n;
    } else if (s.type === 'boolean') {
      result[name] = raw === true || raw === 'true' || raw === '1';
    } else {
      result[name] = raw;
    }
    if (s.choices && !s.choices.includes(result[name])) {
      console.error(`--${name} must be one of ${s.choices.join(', ')} (got ${result[name]})`);
      process.exit(2);
    }
  }
  return result;
}

function helpText(spec, usage) {
  const lines = [usage, '', 'Options (or environment variables BENCH_<NAME>):'];
  for (const [name, s] of Object.entries(spec)) {
    lines.push(`  --${name.padEnd(18)} ${s.help ?? ''} (default: ${s.default ?? '—'})`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// checks and cleanup
// ---------------------------------------------------------------------------

export function requireBuiltServer(main = SERVER_MAIN) {
  if (!existsSync(main)) {
    console.error(`The server is not built (${main} is missing). Run \`npm run build\` at the repository root first.`);
    process.exit(1);
  }
}

const cleanups = [];
let cleaningUp;

/** Registers work to undo at the end (last registered, first run), also on Ctrl-C and on a crash. */
export function onCleanup(fn) {
  cleanups.push(fn);
}

export async function cleanup() {
  cleaningUp ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (error) {
        console.error(`cleanup: ${error.message}`);
      }
    }
  })();
  return cleaningUp;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the server and removing the bench database…`);
    void cleanup().then(() => process.exit(130));
  });
}

/** Runs `main`, always cleans up, prints a crash and exits 1 on error (0 otherwise). */
export async function run(main) {
  try {
    await main();
    await cleanup();
    process.exit(0);
  } catch (error) {
    console.error(error?.stack ?? error);
    await cleanup();
    process.exit(1);
  }
}

export function machine() {
  const cpu = cpus();
  return `${cpu.length} CPU (${cpu[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}`;
}

// ---------------------------------------------------------------------------
// database: fresh PostgreSQL database, or embedded PGlite in a temp DATA_DIR
// ---------------------------------------------------------------------------

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * A fresh PostgreSQL database on the server of `baseUrl` (default postgres://postgres@127.0.0.1:5432/postgres,
 * or DATABASE_URL): created with a unique name, dropped at cleanup unless `keep`.
 */
export async function createPostgresDatabase({ baseUrl, keep = false, logStatements = false }) {
  const admin = new URL(baseUrl);
  if (!LOOPBACK.has(admin.hostname)) throw new Error(`The benches only talk to a local PostgreSQL (127.0.0.1); got ${admin.hostname}.`);
  if (admin.pathname === '/' || admin.pathname === '') admin.pathname = '/postgres';
  const name = `conversa_bench_${Date.now().toString(36)}_${process.pid}`;
  await withBenchClient(admin.toString(), async (client) => {
    await client.query(`create database ${name}`);
    // Diagnosis: every statement of the bench database, with its duration, in the PostgreSQL server log.
    if (logStatements) await client.query(`alter database ${name} set log_min_duration_statement = 0`);
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  onCleanup(async () => {
    if (keep) {
      console.log(`kept database ${name} (${dbUrl}); drop it with: psql ${admin} -c 'drop database ${name}'`);
      return;
    }
    await withBenchClient(admin.toString(), (client) => client.query(`drop database if exists ${name} with (force)`));
  });
  return { name, url: dbUrl };
}

/** A fresh temp folder for DATA_DIR (embedded database, secrets), removed at cleanup. */
export function createDataDir(keep = false) {
  const dir = mkdtempSync(join(tmpdir(), 'conversa-bench-'));
  onCleanup(() => {
    if (keep) console.log(`kept DATA_DIR ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** Prepares the database for `mode`: { env for the server, describe, dataDir, pgUrl }. */
export async function prepareDatabase(mode, { keep = false, logStatements = false } = {}) {
  const dataDir = createDataDir(keep);
  if (mode === 'postgres') {
    const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const db = await createPostgresDatabase({ baseUrl, keep, logStatements });
    return { dataDir, pgUrl: db.url, pgName: db.name, env: { DATABASE_URL: db.url }, describe: `PostgreSQL, fresh database ${db.name}` };
  }
  return { dataDir, env: { DATABASE_URL: '' }, describe: `embedded PGlite in ${dataDir}/pgdata` };
}

/**
 * The bench database's statistics, as a database in use has them: a fresh one has none until
 * autovacuum's next pass (a minute away, and only past its change thresholds), so that the plans the
 * server's connections settle on during the warm-up scan a tenant's every contact or ticket through
 * the wrong index (ANALYZE invalidates them: the next runs are planned with the statistics). The
 * embedded database gets them from the server's own maintenance job (every 15 minutes): not here.
 * Answers what it did, for the bench's output.
 */
export async function analyzeDatabase(database) {
  if (!database.pgUrl) return 'statistics: none (embedded: analyzed by the server every 15 minutes, not within a bench)';
  return withBenchClient(database.pgUrl, async (client) => {
    const started = performance.now();
    await client.query('analyze');
    return `statistics: ANALYZE (${Math.round(performance.now() - started)} ms), as autovacuum gives a database in use`;
  });
}

/**
 * Waits (PostgreSQL only, at most `timeoutMs`) until no job of `queue` that is due is queued or
 * running, so that a warm-up's background work (the send drain of its messages, say) is done before
 * the clock starts and the measure sees the load's own work only. Returns a line for the output.
 */
export async function awaitJobsDrained(database, queue, timeoutMs = 60_000) {
  if (!database.pgUrl) return 'jobs: not awaited (embedded database)';
  return withBenchClient(database.pgUrl, async (client) => {
    const started = performance.now();
    for (;;) {
      const { rows } = await client.query(
        "select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active') and start_after <= now()",
        [queue],
      );
      const waited = Math.round(performance.now() - started);
      if (rows[0].n === 0) return `jobs: the warm-up's ${queue} jobs done before the load (waited ${waited} ms)`;
      if (waited > timeoutMs) return `jobs: ${rows[0].n} ${queue} jobs still queued after ${waited} ms; the load starts with them`;
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
  });
}

/** A pg client on `pgUrl` for the length of `fn` (connected before, ended after, also on a throw). */
export async function withBenchClient(pgUrl, fn) {
  const client = await connectBenchClient(pgUrl);
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function connectBenchClient(pgUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  return client;
}

// ---------------------------------------------------------------------------
// the server, as `npm start` runs it (apps/server/dist/main.js)
// ---------------------------------------------------------------------------

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Spawns the built server (or `main`) on a loopback port (free, or `port` to restart on the same
 * address); resolves once `waitFor` (default /ready) answers 200, polled every `pollMs`.
 * `server.startMs` is the time from the spawn to that answer; `kill()` ends it with SIGKILL, as a
 * crash would.
 */
export async function startServer({
  dataDir,
  env = {},
  port: fixedPort,
  main = SERVER_MAIN,
  waitFor = '/ready',
  pollMs = 200,
  nodeArgs: extraNodeArgs = [],
}) {
  const port = fixedPort ?? (await freePort());
  let output = '';
  // The heap bound `npm start` gives the server (SERVER_MAX_OLD_SPACE_MB, NODE_OPTIONS: the same rules).
  // Diagnosis: BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (a
  // --max-old-space-size there wins: V8 takes the last one).
  // The server's own environment decides (the embedded database gets a smaller young generation).
  const nodeArgs = [
    ...serverHeapArgs({ ...process.env, ...env }),
    ...extraNodeArgs,
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const server = {
    url,
    port,
    pid: child.pid,
    /** The Node.js options the server process runs with (read back from /proc when possible). */
    get nodeArgs() {
      return processNodeArgs(child.pid) ?? nodeArgs;
    },
    startMs: NaN,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
      await exited;
      clearTimeout(timer);
    },
  };
  onCleanup(() => server.stop());
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early (code ${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not become ready in 120 s:\n${output}`);
    try {
      const res = await request(url, 'GET', waitFor, { timeoutMs: 5_000 });
      if (res.status === 200) {
        server.startMs = performance.now() - spawnedAt;
        break;
      }
    } catch {
      /* not listening yet */
    }
    await sleep(pollMs);
  }
  return server;
}

// ---------------------------------------------------------------------------
// HTTP (keep-alive, loopback only)
// ---------------------------------------------------------------------------

export const agent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 512 });

/** One HTTP request; resolves { status, body (parsed JSON when possible), ms } and never rejects on a status. */
export function request(base, method, path, { body, token, headers = {}, timeoutMs = 30_000 } = {}) {
  const url = new URL(path, base);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to send traffic to ${url.hostname}`);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const start = performance.now();
  return new Promise((resolveRes, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - start;
          const text = Buffer.concat(chunks).toString();
          let parsed = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            /* not JSON */
          }
          resolveRes({ status: res.statusCode, body: parsed, ms, start });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** A request that must succeed (2xx); throws with the answer otherwise. */
export async function api(base, method, path, options) {
  const res = await request(base, method, path, options);
  if (res.status < 200 || res.status > 299) {
    throw new Error(`${method} ${path} → ${res.status} ${typeof res.body === 'string' ? res.body : JSON.stringify(res.body)}`);
  }
  return res.body;
}

export async function login(base, email, password) {
  return (await api(base, 'POST', '/auth/login/', { body: { email, password } })).token;
}

// ---------------------------------------------------------------------------
// numbers
// ---------------------------------------------------------------------------

/** Nearest-rank percentile of an ascending-sorted array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    mean: sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : NaN,
  };
}

/**
 * A Socket.IO client as the benches' agents and web-chat customers connect it (`url`: the server with
 * its namespace): websocket only, a connection of its own, reconnecting quickly. Resolves once it is
 * connected (`who` names it in the error of a refusal or of no connection within 15 s); `listen`
 * adds its listeners before it connects, so that nothing sent at once is missed.
 */
export async function connectedSocket(url, token, who, listen = () => undefined) {
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnectionDelay: 200 });
  listen(socket);
  await new Promise((resolveConnect, reject) => {
    const timer = setTimeout(() => reject(new Error(`${who} socket did not connect in 15 s`)), 15_000);
    socket.once('connect', () => (clearTimeout(timer), resolveConnect()));
    socket.once('connect_error', (error) => (clearTimeout(timer), reject(new Error(`${who} socket refused: ${error.message}`))));
  });
  return socket;
}

export const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');

export const sleep = (t) => new Promise((r) => setTimeout(r, t));

/** Runs `fn(item, index)` over items with at most `limit` at a time. */
export async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  });
  await Promise.all(workers);
  return results;
}

// ---------------------------------------------------------------------------
// memory (Linux /proc)
// ---------------------------------------------------------------------------

/**
 * A process's memory from /proc/<pid>/status, in MiB: rss (VmRSS), anon (RssAnon: heap, WASM
 * memory, buffers), file (RssFile: mapped code and libraries), hwm (VmHWM, the peak RSS so far).
 */
export function processMemory(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  const mib = (v) => v / 1024;
  return { rss: mib(kb('VmRSS')), anon: mib(kb('RssAnon')), file: mib(kb('RssFile')), hwm: mib(kb('VmHWM')) };
}

/** The options before the script of a Node.js process's command line (Linux /proc), or undefined. */
export function processNodeArgs(pid) {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = argv.findIndex((arg, i) => i > 0 && !arg.startsWith('-'));
    return argv.slice(1, script < 0 ? undefined : script);
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return NaN;
  }
}

/** Samples a process's RSS every `everyMs` until stop(); answers { start, peak, end } in MiB. */
export function rssSampler(pid, everyMs = 250) {
  const start = processMemory(pid)?.rss ?? NaN;
  let peak = start;
  let last = start;
  const timer = setInterval(() => {
    const m = processMemory(pid);
    if (!m) return;
    last = m.rss;
    if (m.rss > peak) peak = m.rss;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const m = processMemory(pid);
      if (m) {
        last = m.rss;
        if (m.rss > peak) peak = m.rss;
      }
      return { start, peak, end: last };
    },
  };
}

export const mib = (v) => (Number.isFinite(v) ? `${v.toFixed(0)} MiB` : '—');

// ---------------------------------------------------------------------------
// CPU accounting (Linux /proc): who used the machine's CPUs during a measurement
// ---------------------------------------------------------------------------

const TICKS = 100; // USER_HZ

function readProcStat() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = line[3] + (line[4] ?? 0);
  const total = line.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

function processTicks() {
  const byPid = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // A PostgreSQL process names its database in its title (backends, autovacuum workers); '' for the shared ones.
      let database;
      if (comm === 'postgres') {
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
        database = / (?:postgres|autovacuum worker) (\S+)/.exec(title.split(': ').slice(2).join(': ').replace(/^/, ' '))?.[1] ?? '';
      }
      byPid.set(Number(entry), { comm, database, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      /* exited */
    }
  }
  return byPid;
}

/**
 * Starts a CPU sample; `stop()` answers the share of the machine's total CPU capacity (all cores =
 * 100%) used by the server process, the bench client, PostgreSQL backends and everything else.
 * With `database` (the bench database's name), `postgres` counts only that database's backends,
 * `postgresShared` PostgreSQL's own processes (WAL writer, checkpointer…: they serve every
 * database), and other databases' backends (other work on a shared PostgreSQL) go to `other`.
 */
export function cpuSample(serverPid, { database } = {}) {
  if (!existsSync('/proc/stat')) return { stop: () => undefined };
  const start = { machine: readProcStat(), procs: processTicks() };
  return {
    stop() {
      const machineNow = readProcStat();
      const procs = processTicks();
      const totalTicks = machineNow.total - start.machine.total;
      const delta = (pid) => {
        const now = procs.get(pid);
        if (!now) return 0;
        return now.ticks - (start.procs.get(pid)?.ticks ?? 0);
      };
      let postgres = 0;
      let postgresShared = 0;
      for (const [pid, p] of procs) {
        if (p.comm !== 'postgres') continue;
        if (!database || p.database === database) postgres += delta(pid);
        else if (p.database === '') postgresShared += delta(pid);
      }
      const server = delta(serverPid);
      const bench = delta(process.pid);
      const busy = machineNow.busy - start.machine.busy;
      const pct = (t) => (100 * t) / totalTicks;
      return {
        cores: cpus().length,
        seconds: totalTicks / TICKS / cpus().length,
        server: pct(server),
        bench: pct(bench),
        postgres: pct(postgres),
        ...(database ? { postgresShared: pct(postgresShared) } : {}),
        other: Math.max(0, pct(busy - server - bench - postgres - postgresShared)),
        idle: pct(totalTicks - busy),
      };
    },
  };
}

export function formatCpu(c) {
  if (!c) return 'n/a';
  const core = (v) => `${v.toFixed(0)}% (${((v * c.cores) / 100).toFixed(2)} cores)`;
  const shared =
    c.postgresShared === undefined ? '' : ` (bench database's backends; PostgreSQL's shared processes ${core(c.postgresShared)})`;
  return `server ${core(c.server)}, PostgreSQL ${core(c.postgres)}${shared}, bench client ${core(c.bench)}, other processes ${core(c.other)}, idle ${c.idle.toFixed(0)}% of ${c.cores} cores`;
}

/**
 * Samples the machine for 2 s (and, with `waitSeconds`, keeps sampling until at most 15% of the
 * CPUs are busy or the wait is over); warns when other processes keep the machine busy, since the
 * figures would then not be the product's alone. Answers the busy share (percent of all cores).
 */
export async function checkQuietMachine(waitSeconds = 0) {
  const deadline = Date.now() + waitSeconds * 1000;
  let busy;
  let cores;
  for (;;) {
    const sample = cpuSample(-1);
    await sleep(2000);
    const c = sample.stop();
    if (!c) return undefined;
    busy = 100 - c.idle;
    cores = c.cores;
    if (busy <= 15 || Date.now() >= deadline) break;
  }
  const line = `machine load before the run: ${busy.toFixed(0)}% of ${cores} cores busy`;
  if (busy > 15) console.warn(`! ${line} — other processes are running; the figures will be lower than on a quiet machine.`);
  else console.log(line);
  return busy;
}

/**
 * CPU time of the PostgreSQL backends serving one database (the bench's), not of the whole server:
 * other databases on the same PostgreSQL (other benches, tests) are left out. Polls
 * pg_stat_activity every `everyMs` for the database's backends and reads their /proc ticks; a
 * backend already there at the start counts from then, a newer one from its start (a backend that
 * ends loses at most its last `everyMs`). `stop()` answers the ms of CPU used, in all and by
 * pg_stat_activity.backend_type (client backend, autovacuum worker, …).
 */
export async function databaseCpu(pgUrl, everyMs = 500) {
  // Kept open across the sampling (until stop()), so not withBenchClient's.
  const client = await connectBenchClient(pgUrl);
  const own = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
  const first = new Map();
  const last = new Map();
  const types = new Map();
  const ticksOf = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  };
  const poll = async (initial) => {
    const { rows } = await client.query('select pid, backend_type from pg_stat_activity where datname = current_database() and pid <> $1', [
      own,
    ]);
    for (const { pid, backend_type: type } of rows) {
      const ticks = ticksOf(pid);
      if (ticks === undefined) continue;
      types.set(pid, type);
      if (!first.has(pid)) first.set(pid, initial ? ticks : 0);
      last.set(pid, ticks);
    }
    for (const pid of last.keys()) {
      const ticks = ticksOf(pid);
      if (ticks !== undefined) last.set(pid, ticks);
    }
  };
  await poll(true);
  let polling = Promise.resolve();
  const timer = setInterval(() => {
    polling = polling.then(() => poll(false)).catch(() => undefined);
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await polling;
      await poll(false).catch(() => undefined);
      await client.end().catch(() => undefined);
      const byType = {};
      for (const [pid, at] of last) {
        const type = types.get(pid) ?? 'other';
        byType[type] = (byType[type] ?? 0) + ((at - (first.get(pid) ?? 0)) * 1000) / TICKS;
      }
      return { ms: Object.values(byType).reduce((a, b) => a + b, 0), byType };
    },
  };
}
