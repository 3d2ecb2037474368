#!/usr/bin/env node
// Kanban board latency (issue 11): the API calls that render the lanes board's first page, on the
// 100k-ticket tenant of bench/ticket-list.mjs (ticket-tenant.mjs) with 5,000 tickets in one lane.
//
// Sets the tenant up as ticket-list.mjs does, creates two lanes through the API, then puts the
// tenant's open and pending tickets (5% of them: 5,000 of 100k) in the first lane, each with its
// place in the lane and a value (SQL, in the seed's transaction). Then it measures, for an agent
// and for the tenant admin, N requests per case, C at a time:
// - GET /kanban/tickets?laneId=… — the lane's first page of 50 cards (what the board shows first);
// - GET /kanban/summary — every column's card count and sum of values (the board's headers);
// - a deep page of the lane (page 60 of 100).
//
//   node bench/kanban-board.mjs [--tickets 100000] [--messages 1000000] [--lane-tickets 5000] [--requests 200] [--concurrency 4] [--db embedded|postgres]
//
// Bounded: requests × cases requests; exits 0 also when the budget is missed.
import { AGENT_PASSWORD, api, checkQuietMachine, cpuSample, formatCpu, login, ms, requireBuiltServer, run, summarize } from './lib.mjs';
import { formatErrors, readTicketBenchOptions, timeCase, warmUp } from './ticket-bench-setup.mjs';
import { buildTicketTenant } from './ticket-tenant.mjs';

const BUDGET_P95 = 100; // ms, PostgreSQL server (issue 11): the board's first page

const opts = readTicketBenchOptions(
  { 'lane-tickets': { type: 'number', default: 5_000, help: 'open and pending tickets to put in the measured lane' } },
  'node bench/kanban-board.mjs [options]',
);

await run(async () => {
  requireBuiltServer();
  const laneTickets = Math.floor(opts['lane-tickets']);
  let lanes;
  const { server, base, agentUser } = await buildTicketTenant(opts, {
    extraSql: async ({ base, adminToken, seedParams }) => {
      lanes = [
        await api(base, 'POST', '/lanes', { token: adminToken, body: { name: 'Funil (bench)' } }),
        await api(base, 'POST', '/lanes', { token: adminToken, body: { name: 'Proposta (bench)' } }),
      ];
      // The tenant's first `laneTickets` open and pending tickets, 1024 apart in the lane, with a value.
      return `
update tickets t set lane_id = ${lanes[0].id}, lane_position = s.rn * 1024, value = round((random() * 5000)::numeric, 2)
from (select id, row_number() over (order by id) as rn from tickets
      where tenant_id = ${seedParams.tenantId} and status in ('open', 'pending') order by id limit ${laneTickets}) s
where t.id = s.id;
`;
    },
  });

  const agentToken = await login(base, agentUser.email, AGENT_PASSWORD);
  const adminToken = await login(base, 'admin@bench.local', AGENT_PASSWORD);
  const lane = lanes[0].id;
  const cases = [
    { who: 'agent', token: agentToken, name: 'lane first page (50 cards)', path: `/kanban/tickets?laneId=${lane}`, board: true },
    { who: 'agent', token: agentToken, name: 'summary (counts and sums)', path: '/kanban/summary', board: true },
    { who: 'admin', token: adminToken, name: 'lane first page (50 cards)', path: `/kanban/tickets?laneId=${lane}`, board: true },
    { who: 'admin', token: adminToken, name: 'summary (counts and sums)', path: '/kanban/summary', board: true },
    { who: 'admin', token: adminToken, name: 'lane page 60', path: `/kanban/tickets?laneId=${lane}&pageNumber=60`, board: false },
  ];
  await checkQuietMachine(opts['wait-quiet']);
  for (const c of cases) await warmUp(base, c, opts);
  const cpu = cpuSample(server.pid);
  const results = [];
  for (const c of cases) {
    const first = await api(base, 'GET', c.path, { token: c.token });
    const { times, errors } = await timeCase(base, c, opts);
    const s = summarize(times);
    const shape = first.columns
      ? `${first.columns.length} columns, lane: ${first.columns.find((col) => col.laneId === lane)?.count ?? 0} cards`
      : `${first.tickets.length} cards of ${first.count}`;
    results.push({ ...c, ...s, shape, errors });
    console.log(
      `  ${c.who.padEnd(5)} ${c.name.padEnd(28)} ${shape.padEnd(28)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}` +
        formatErrors(errors),
    );
  }
  const cpuUse = cpu.stop();
  console.log('');
  console.log(
    `=== kanban board — ${opts.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${opts.tickets} tickets, ${laneTickets} in the lane, ${opts.requests} requests per case, concurrency ${opts.concurrency} ===`,
  );
  console.log('| who | call | answer | p50 | p95 | p99 | max |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
  for (const r of results) console.log(`| ${r.who} | ${r.name} | ${r.shape} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} |`);
  console.log(`CPU during the measurement: ${formatCpu(cpuUse)}`);
  const missed = results.filter((r) => r.board && (!(r.p95 <= BUDGET_P95) || r.errors.size > 0));
  console.log(
    `budget (PostgreSQL: the board's first page and summary p95 ≤ ${BUDGET_P95} ms): ${missed.length ? `MISSED — ${missed.map((r) => `${r.who} ${r.name} p95 ${ms(r.p95)}`).join('; ')}` : 'MET'}` +
      (opts.tickets < 100_000 ? ' [scaled down: the budget is for 100k tickets]' : '') +
      (opts.db === 'postgres' ? '' : ' [the budget is set for PostgreSQL; on embedded PGlite this is what it reaches]'),
  );
});
