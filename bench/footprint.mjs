#!/usr/bin/env node
// Start time and idle memory of the built server, as `npm start` runs it.
//
// For each database (embedded PGlite; PostgreSQL too when DATABASE_URL is set, or with --db):
// one first start on a fresh database (migrations, tenant 1, its admin), then --runs warm starts
// on the same data. Each start is timed from the spawn of `node apps/server/dist/main.js` to the
// first 200 of GET /health (polled every 20 ms); the server then idles --idle seconds and its memory
// is read from /proc (VmRSS, RssAnon, RssFile, VmHWM) and its V8 heap from /metrics. Prints the
// median and p90 of the warm starts against the budgets of issue 9.
//
//   node bench/footprint.mjs [--runs 7] [--idle 10] [--db auto|embedded|postgres|both]
//
// Builds nothing: run `npm run build` first. Exits 0 whether or not the budgets are met.
import {
  checkQuietMachine,
  machine,
  mib,
  percentile,
  prepareDatabase,
  processCpuMs,
  processMemory,
  readOptions,
  request,
  requireBuiltServer,
  run,
  sleep,
  startServer,
} from './lib.mjs';

const BUDGETS = {
  embedded: { startMs: 3000, rssMiB: 250 },
  postgres: { startMs: 1500, rssMiB: 150 },
};

const opts = readOptions(
  {
    runs: { type: 'number', default: 7, help: 'warm starts per database' },
    idle: { type: 'number', default: 10, min: 0, help: 'seconds the server idles before its memory is read' },
    db: {
      type: 'string',
      default: 'auto',
      choices: ['auto', 'embedded', 'postgres', 'both'],
      help: 'auto = embedded, plus postgres when DATABASE_URL is set',
    },
    'wait-quiet': { type: 'number', default: 0, min: 0, help: 'seconds to wait for the machine to be quiet (≤ 15% busy) before measuring' },
    keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR' },
  },
  'node bench/footprint.mjs [options]',
);

/** The V8 heap and external memory from the Prometheus defaults at /metrics (MiB). */
async function heapFigures(url) {
  const res = await request(url, 'GET', '/metrics');
  if (res.status !== 200 || typeof res.body !== 'string') return {};
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(res.body)?.[1] ?? NaN) / 2 ** 20;
  return {
    heapUsed: value('nodejs_heap_size_used_bytes'),
    heapTotal: value('nodejs_heap_size_total_bytes'),
    external: value('nodejs_external_memory_bytes'),
  };
}

async function oneStart(database) {
  const server = await startServer({ dataDir: database.dataDir, env: database.env, waitFor: '/health', pollMs: 20 });
  const startCpuMs = processCpuMs(server.pid);
  await sleep(opts.idle * 1000);
  const memory = processMemory(server.pid);
  const heap = await heapFigures(server.url);
  await server.stop();
  return { startMs: server.startMs, startCpuMs, ...memory, ...heap };
}

const fmtMs = (v) => `${(v / 1000).toFixed(2)} s`;
const line = (r) =>
  `start ${fmtMs(r.startMs).padStart(7)} (CPU ${fmtMs(r.startCpuMs)}) · RSS ${mib(r.rss).padStart(8)} (anon ${mib(r.anon)}, file ${mib(r.file)}, peak ${mib(r.hwm)}) · V8 heap ${mib(r.heapUsed)} used of ${mib(r.heapTotal)}, external ${mib(r.external)}`;

async function measure(mode) {
  const database = await prepareDatabase(mode, { keep: opts.keep });
  console.log(`\n== ${mode === 'embedded' ? 'embedded PGlite' : 'PostgreSQL'} (${database.describe})`);
  const first = await oneStart(database);
  console.log(`first start (fresh database): ${line(first)}`);
  const warm = [];
  for (let i = 0; i < opts.runs; i++) {
    const r = await oneStart(database);
    warm.push(r);
    console.log(`warm start ${String(i + 1).padStart(2)}:                ${line(r)}`);
  }
  const sorted = (key) => Float64Array.from(warm.map((r) => r[key])).sort();
  const starts = sorted('startMs');
  const rss = sorted('rss');
  const anon = sorted('anon');
  const budget = BUDGETS[mode];
  const startP50 = percentile(starts, 50);
  const rssP50 = percentile(rss, 50);
  console.log(
    `warm start to /health: median ${fmtMs(startP50)}, p90 ${fmtMs(percentile(starts, 90))} (budget ≤ ${fmtMs(budget.startMs)}) → ${startP50 <= budget.startMs ? 'MET' : 'MISSED'}; server CPU time until then: median ${fmtMs(percentile(sorted('startCpuMs'), 50))}`,
  );
  console.log(
    `idle RSS after ${opts.idle} s: median ${mib(rssP50)}, max ${mib(rss[rss.length - 1])} (RssAnon median ${mib(percentile(anon, 50))}) (budget ≤ ${budget.rssMiB} MiB) → ${rssP50 <= budget.rssMiB ? 'MET' : 'MISSED'}`,
  );
}

await run(async () => {
  requireBuiltServer();
  console.log(`machine: ${machine()}`);
  await checkQuietMachine(opts['wait-quiet']);
  const modes =
    opts.db === 'both'
      ? ['embedded', 'postgres']
      : opts.db === 'auto'
        ? ['embedded', ...(process.env.DATABASE_URL ? ['postgres'] : [])]
        : [opts.db];
  console.log(`${opts.runs} warm starts per database, memory read after ${opts.idle} s idle`);
  for (const mode of modes) await measure(mode);
});
