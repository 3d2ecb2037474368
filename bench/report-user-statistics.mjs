#!/usr/bin/env node
// Report latency (issue 14): GET /reports/estatisticas-atendimentos-usuarios (per-user statistics:
// pending, open, closed, total, average first response and handling time) for 30 days and for 180
// days over every queue, on the 100k-ticket / 1M-message tenant of bench/ticket-list.mjs
// (ticket-tenant.mjs), and a 100k-row CSV export of atendimentos-por-parametros with the server's RSS.
//
//   node bench/report-user-statistics.mjs [--tickets 100000] [--messages 1000000] [--requests 200] [--concurrency 4] [--db embedded|postgres]
//
// Bounded: requests × cases requests; exits 0 also when the budget is missed.
import {
  AGENT_PASSWORD,
  api,
  checkQuietMachine,
  cpuSample,
  formatCpu,
  login,
  mib,
  ms,
  requireBuiltServer,
  rssSampler,
  run,
  summarize,
} from './lib.mjs';
import { formatErrors, readTicketBenchOptions, timeCase, warmUp } from './ticket-bench-setup.mjs';
import { buildTicketTenant } from './ticket-tenant.mjs';

// The Brazilian states (UF): the contacts-by-state export selects them all.
const BRAZIL_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
];

const BUDGET_P95 = 300; // ms, PostgreSQL server (issue 14): the user statistics report

const opts = readTicketBenchOptions({}, 'node bench/report-user-statistics.mjs [options]');

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

await run(async () => {
  requireBuiltServer();
  const { server, base, queues } = await buildTicketTenant(opts);
  const adminToken = await login(base, 'admin@bench.local', AGENT_PASSWORD);
  const queueIds = queues.map((q) => q.id).join(',');
  const stats = (from) => `/reports/estatisticas-atendimentos-usuarios?from=${day(from)}&to=${day(0)}&queueIds=${queueIds}`;
  const cases = [
    { who: 'admin', token: adminToken, name: 'user statistics, 30 days', path: stats(-29), budget: true },
    { who: 'admin', token: adminToken, name: 'user statistics, 180 days', path: stats(-179), budget: false },
    {
      who: 'admin',
      token: adminToken,
      name: 'tickets by parameters, 30 days, page 1',
      path: `/reports/atendimentos-por-parametros?from=${day(-29)}&to=${day(0)}&queueIds=${queueIds}`,
      budget: false,
    },
  ];
  await checkQuietMachine(opts['wait-quiet']);
  for (const c of cases) await warmUp(base, c, opts);
  const cpu = cpuSample(server.pid);
  const results = [];
  for (const c of cases) {
    const first = await api(base, 'GET', c.path, { token: c.token });
    const { times, errors } = await timeCase(base, c, opts);
    const s = summarize(times);
    const shape = `${first.rows.length} rows of ${first.total}`;
    results.push({ ...c, ...s, shape, errors });
    console.log(
      `  ${c.name.padEnd(40)} ${shape.padEnd(20)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}` +
        formatErrors(errors),
    );
  }
  const cpuUse = cpu.stop();

  // CSV exports with the server's memory sampled meanwhile: every ticket of the tenant (100k rows),
  // and every contact sorted by a computed column (their state from the area code: sorted once).
  const timedExport = async (report, body) => {
    const rss = rssSampler(server.pid);
    const started = Date.now();
    const job = await api(base, 'POST', `/reports/${report}/exports`, { token: adminToken, body: { format: 'csv', ...body } });
    let state = job;
    while (state.status !== 'done' && state.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = await api(base, 'GET', `/reports/exports/${job.id}`, { token: adminToken });
    }
    return { state, seconds: (Date.now() - started) / 1000, memory: rss.stop() };
  };
  const exports = [
    [
      'tickets (atendimentos-por-parametros, every day)',
      await timedExport('atendimentos-por-parametros', { filters: { from: day(-365), to: day(0), queueIds } }),
    ],
    [
      'contacts by state, sorted by state',
      await timedExport('contatos-por-estado', { filters: { states: BRAZIL_STATES.join(',') }, sort: 'state' }),
    ],
  ];

  console.log('');
  console.log(
    `=== reports — ${opts.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${opts.tickets} tickets, ${opts.requests} requests per case, concurrency ${opts.concurrency} ===`,
  );
  console.log('| call | answer | p50 | p95 | p99 | max |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const r of results) console.log(`| ${r.name} | ${r.shape} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} |`);
  console.log(`CPU during the measurement: ${formatCpu(cpuUse)}`);
  for (const [label, { state, seconds, memory }] of exports)
    console.log(
      `CSV export of ${label}: ${state.status}, ${state.rowsDone} rows in ${seconds.toFixed(1)} s; server RSS ${mib(memory.start)} at the start, ${mib(memory.peak)} at most, ${mib(memory.end)} at the end`,
    );
  const missed = results.filter((r) => r.budget && (!(r.p95 <= BUDGET_P95) || r.errors.size > 0));
  console.log(
    `budget (PostgreSQL: user statistics p95 ≤ ${BUDGET_P95} ms): ${missed.length ? `MISSED — ${missed.map((r) => `${r.name} p95 ${ms(r.p95)}`).join('; ')}` : 'MET'}` +
      (opts.tickets < 100_000 ? ' [scaled down: the budget is for 100k tickets]' : '') +
      (opts.db === 'postgres' ? '' : ' [the budget is set for PostgreSQL; on embedded PGlite this is what it reaches]'),
  );
});
