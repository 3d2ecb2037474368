#!/usr/bin/env node
// Home dashboard latency (issue 14): GET /dashboard — the whole set of figures of one request — on
// the 100k-ticket / 1M-message tenant of bench/ticket-list.mjs (ticket-tenant.mjs).
//
// Sets the tenant up as ticket-list.mjs does, plus a supervisor (member of 2 of the 5 queues), and,
// in the seed's transaction, gives the seeded tickets what the server records when it creates and
// answers them (the seed writes rows straight into the tables): their origin and first response,
// computed as migration 0040_insight backfills them (origin 'phone' when the ticket's first message
// is the company's, else 'customer'; first response = the first agent message after creation), and
// a rating (0–5) on 30% of the closed tickets. Then it measures, N requests per case, C at a time:
// - admin, the last 30 days (per day) — the budget: p95 ≤ 150 ms on PostgreSQL;
// - admin, the last 30 days filtered by one queue;
// - supervisor, the last 7 days (their 2 queues);
// - agent, the last 30 days (their own tickets);
// - admin, today per hour.
//
//   node bench/dashboard.mjs [--tickets 100000] [--messages 1000000] [--requests 200] [--concurrency 4] [--db embedded|postgres]
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

const BUDGET_P95 = 150; // ms, PostgreSQL server (issue 14): the 30-day dashboard of an admin

const opts = readTicketBenchOptions({}, 'node bench/dashboard.mjs [options]');

const SUPERVISOR = { name: 'Supervisora (bench)', email: 'supervisor@bench.local' };

await run(async () => {
  requireBuiltServer();
  let supervisor;
  const { server, base, agentUser, queues, T, M } = await buildTicketTenant(opts, {
    extraSql: async ({ base, adminToken, seedParams }) => {
      supervisor = await api(base, 'POST', '/users', {
        token: adminToken,
        body: { ...SUPERVISOR, password: AGENT_PASSWORD, profile: 'super' },
      });
      const [q1, q2] = seedParams.queueIds;
      const tenant = seedParams.tenantId;
      return `
insert into user_queues (tenant_id, user_id, queue_id) values (${tenant}, ${supervisor.id}, ${q1}), (${tenant}, ${supervisor.id}, ${q2});

-- What the server records when it creates and answers a ticket (migration 0040_insight's backfill, for this tenant).
update tickets t set origin = 'phone'
from (select distinct on (m.ticket_id) m.ticket_id, m.from_me from messages m
      where m.tenant_id = ${tenant} order by m.ticket_id, m.created_at, m.id) f
where f.ticket_id = t.id and f.from_me;
update tickets t set first_response_at = r.at
from (select m.ticket_id, min(m.created_at) as at from messages m join tickets t2 on t2.id = m.ticket_id
      where m.tenant_id = ${tenant} and m.from_me and m.user_id is not null and m.created_at >= t2.created_at
      group by m.ticket_id) r
where r.ticket_id = t.id;
-- Ratings a customer gave on 30% of the closed tickets.
update tickets set rating = floor(random() * 6)::int where tenant_id = ${tenant} and status = 'closed' and random() < 0.3;
`;
    },
  });

  const adminToken = await login(base, 'admin@bench.local', AGENT_PASSWORD);
  const agentToken = await login(base, agentUser.email, AGENT_PASSWORD);
  const supervisorToken = await login(base, SUPERVISOR.email, AGENT_PASSWORD);
  const now = Date.now();
  const day = 86_400_000;
  const range = (days) => `from=${new Date(now - days * day).toISOString()}&to=${new Date(now).toISOString()}`;
  const cases = [
    { who: 'admin', token: adminToken, name: '30 days, per day', path: `/dashboard?${range(30)}`, budget: true },
    { who: 'admin', token: adminToken, name: '30 days, one queue', path: `/dashboard?${range(30)}&queueIds=${queues[0].id}` },
    { who: 'super', token: supervisorToken, name: '7 days (2 queues), per day', path: `/dashboard?${range(7)}` },
    { who: 'agent', token: agentToken, name: '30 days (own tickets)', path: `/dashboard?${range(30)}` },
    { who: 'admin', token: adminToken, name: '24 hours, per hour', path: `/dashboard?${range(1)}&granularity=hour` },
  ];
  await checkQuietMachine(opts['wait-quiet']);
  const rss = rssSampler(server.pid);
  for (const c of cases) await warmUp(base, c, opts);
  const cpu = cpuSample(server.pid);
  const results = [];
  for (const c of cases) {
    const first = await api(base, 'GET', c.path, { token: c.token });
    const caseCpu = cpuSample(server.pid);
    const { times, errors } = await timeCase(base, c, opts);
    const used = caseCpu.stop();
    // CPU time per request (server process, PostgreSQL backends): the work a request costs, whatever the contention.
    const perRequest = (share) => (used ? ((share / 100) * used.cores * used.seconds * 1000) / opts.requests : NaN);
    const s = summarize(times);
    const shape = `${first.totals.tickets} tickets, ${first.evolution.length} buckets`;
    results.push({
      ...c,
      ...s,
      shape,
      errors,
      serverCpu: used ? perRequest(used.server) : NaN,
      dbCpu: used ? perRequest(opts.db === 'postgres' ? used.postgres : 0) : NaN,
    });
    console.log(
      `  ${c.who.padEnd(5)} ${c.name.padEnd(28)} ${shape.padEnd(28)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}` +
        formatErrors(errors),
    );
  }
  const cpuUse = cpu.stop();
  const memory = rss.stop();

  console.log('');
  console.log(
    `=== GET /dashboard — ${opts.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${T} tickets, ${M} messages, ${opts.requests} requests per case, concurrency ${opts.concurrency} ===`,
  );
  console.log(`supervisor: member of 2 of the 5 queues; agent: their own tickets; admin: the whole tenant`);
  console.log(
    `| who | case | answer | p50 | p95 | p99 | max | CPU per request (server${opts.db === 'postgres' ? ' + PostgreSQL' : ', PGlite inside'}) |`,
  );
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    const cpuCell = opts.db === 'postgres' ? `${ms(r.serverCpu)} + ${ms(r.dbCpu)}` : ms(r.serverCpu);
    console.log(`| ${r.who} | ${r.name} | ${r.shape} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${cpuCell} |`);
  }
  console.log(`CPU during the measurement: ${formatCpu(cpuUse)}`);
  console.log(`server RSS: ${mib(memory.start)} before the first request, peak ${mib(memory.peak)}, ${mib(memory.end)} at the end`);
  const missed = results.filter((r) => r.budget && (!(r.p95 <= BUDGET_P95) || r.errors.size > 0));
  console.log(
    `budget (PostgreSQL: the admin's 30-day dashboard p95 ≤ ${BUDGET_P95} ms): ${missed.length ? `MISSED — ${missed.map((r) => `${r.who} ${r.name} p95 ${ms(r.p95)}`).join('; ')}` : 'MET'}` +
      (T < 100_000 || M < 1_000_000 ? ' [scaled down: the budget is for 100k tickets / 1M messages]' : '') +
      (opts.db === 'postgres' ? '' : ' [the budget is set for PostgreSQL; on embedded PGlite this is what it reaches]'),
  );
});
