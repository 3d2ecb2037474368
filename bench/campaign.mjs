#!/usr/bin/env node
// A campaign through the WhatsApp Cloud API simulator (issue 12): N contacts linked from a CSV file,
// 3 messages (one picked at random per contact), no delay between sends, so the channel's own limit
// (80 sends/s per WABA number) paces it. Prints sends/s, duplicates (numbers the simulator got more
// than one message for) and the server's (and PostgreSQL's) CPU per send. See bench/README.md.
//
// With --kills N the server is killed with SIGKILL N times at random moments of the sending and
// started again (PGlite: the same DATA_DIR; PostgreSQL: the same database). Then every number must
// have received exactly one message: a send a kill left ambiguous is flagged `unconfirmed`, then
// settled by the status callback that names it (the simulator retries what it could not deliver,
// as Meta does) or, when none came within the reconciliation window (--reconcile, the server's
// SEND_RECONCILE_SECONDS), sent again. The campaign's report must match the simulator's record.
// The CI test apps/server/test/campaign-crash.test.ts runs it with 2,000 contacts and 3 kills.
import { performance } from 'node:perf_hooks';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  cpuSample,
  databaseCpu,
  formatCpu,
  login,
  machine,
  onCleanup,
  prepareDatabase,
  processCpuMs,
  readOptions,
  requireBuiltServer,
  run,
  SERVER_MAIN,
  sleep,
  startServer,
} from './lib.mjs';
import { loadSimulators } from './simulators.mjs';

const opts = readOptions(
  {
    db: { type: 'string', default: 'postgres', choices: ['embedded', 'postgres'], help: 'postgres (fresh database) or embedded (PGlite)' },
    contacts: { type: 'number', default: 10_000, help: 'contacts linked to the campaign' },
    kills: { type: 'number', default: 0, min: 0, help: 'SIGKILLs at random moments of the sending (each followed by a restart)' },
    down: { type: 'number', default: 1, min: 0, help: 'seconds a killed server stays down' },
    timeout: { type: 'number', default: 600, help: 'seconds to wait for the campaign to finish' },
    reconcile: {
      type: 'number',
      default: 10,
      min: 1,
      help: "the server's SEND_RECONCILE_SECONDS: how long an unconfirmed send waits for a status callback before it is sent again",
    },
    'log-statements': {
      type: 'boolean',
      default: false,
      help: 'postgres: log every statement of the bench database (log_min_duration_statement = 0) to the PostgreSQL server log',
    },
    lease: {
      type: 'number',
      default: 15,
      min: 3,
      help: "the server's JOB_LEASE_SECONDS: how long a killed server's running jobs (the campaign's runner, its sends) wait before they are taken again",
    },
    server: { type: 'string', default: SERVER_MAIN, help: 'the server to run (the built apps/server/dist/main.js)' },
    json: { type: 'boolean', default: false, help: 'also print the figures as one JSON line (prefixed "RESULT ")' },
    keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR (for diagnosis)' },
  },
  'node bench/campaign.mjs [options]',
);

const MESSAGES = ['Oferta A para {{firstName}}', 'Oferta B para {{firstName}}', 'Oferta C para {{firstName}}'];
const LIMIT_PER_SECOND = 80;

await run(async () => {
  requireBuiltServer(opts.server);
  const contacts = Math.floor(opts.contacts);
  console.log(`machine: ${machine()}`);
  const { startMetaCloudSimulator } = await loadSimulators();
  // Delivered → read statuses follow each send: they confirm a send whose answer a kill lost.
  const sim = await startMetaCloudSimulator({ autoStatuses: { delayMs: 200 } });
  onCleanup(() => sim.close());
  const database = await prepareDatabase(opts.db, { keep: opts.keep, logStatements: opts['log-statements'] });
  console.log(`database: ${database.describe}; ${contacts} contacts; ${opts.kills} kills (SIGKILL)`);
  const env = {
    ...database.env,
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    SEND_RECONCILE_SECONDS: String(opts.reconcile),
    JOB_LEASE_SECONDS: String(opts.lease),
    // Diagnosis: BENCH_SERVER_LOG_LEVEL=info shows each reconciled send in the duplicates' excerpt.
    ...(process.env.BENCH_SERVER_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL } : {}),
  };
  let server = await startServer({ dataDir: database.dataDir, env, main: opts.server });
  const servers = [server];
  const base = server.url;

  // ---- setup: a WABA channel on the simulator, the campaign, its contacts from a CSV file ----
  const token = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const waba = await api(base, 'POST', '/whatsapp', {
    token,
    body: {
      name: 'Campaign WABA',
      type: 'waba',
      settings: {
        phoneNumberId: sim.phoneNumberId,
        businessAccountId: sim.businessAccountId,
        token: sim.token,
        appSecret: sim.appSecret,
        verifyToken: 'campaign-verify',
        baseUrl: sim.url,
      },
    },
  });
  if (waba.status !== 'connected') throw new Error(`the waba channel did not connect (status ${waba.status})`);
  sim.setWebhookUrl(`${base}/webhooks/waba/${waba.publicKey}`);
  const campaign = await api(base, 'POST', '/campaigns', {
    token,
    body: {
      name: 'Bench campaign',
      startAt: new Date().toISOString(),
      whatsappId: waba.id,
      delaySeconds: 0,
      message1: MESSAGES[0],
      message2: MESSAGES[1],
      message3: MESSAGES[2],
    },
  });
  const numbers = Array.from({ length: contacts }, (_, i) => `55119${String(10_000_000 + i)}`);
  const csv = ['Nome,Número', ...numbers.map((n, i) => `Cliente ${i},${n}`)].join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'contatos.csv');
  const linkedAt = performance.now();
  const linked = await fetch(`${base}/campaigns/${campaign.id}/contacts/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const link = await linked.json();
  if (!linked.ok || link.contactCount !== contacts)
    throw new Error(`linking answered ${linked.status}: ${JSON.stringify(link)}\n${server.output().slice(-4000)}`);
  console.log(`setup: ${contacts} contacts created and linked from a CSV file in ${((performance.now() - linkedAt) / 1000).toFixed(1)} s`);

  // ---- the sending, with kills at random moments of it ----
  const cpu = cpuSample(server.pid);
  const pgCpu = database.pgUrl ? await databaseCpu(database.pgUrl) : undefined;
  let cpuMs = 0;
  let cpuFrom = processCpuMs(server.pid);
  await api(base, 'POST', `/campaigns/${campaign.id}/start`, { token });
  const startedAt = Date.now();
  // Kill points: random shares of the contacts sent (between 5 % and 90 %), in order.
  const killAt = Array.from({ length: Math.floor(opts.kills) }, () => 0.05 + Math.random() * 0.85).sort((a, b) => a - b);
  const kills = [];
  let status = 'scheduled';
  let view;
  while (status !== 'finished') {
    if (Date.now() - startedAt > opts.timeout * 1000)
      throw new Error(`the campaign did not finish in ${opts.timeout} s (status ${status})`);
    const received = sim.sent.length;
    if (kills.length < killAt.length && received >= killAt[kills.length] * contacts) {
      cpuMs += processCpuMs(server.pid) - cpuFrom;
      const at = Date.now();
      await server.kill();
      console.log(`  t=${((at - startedAt) / 1000).toFixed(1)} s  SIGKILL after ${received} sends`);
      await sleep(opts.down * 1000);
      server = await startServer({ dataDir: database.dataDir, env, port: server.port, main: opts.server });
      servers.push(server);
      cpuFrom = processCpuMs(server.pid);
      kills.push({ at, sends: received, readyMs: Date.now() - at });
      console.log(
        `  t=${((Date.now() - startedAt) / 1000).toFixed(1)} s  restarted (process started at t=${((Date.now() - server.startMs - startedAt) / 1000).toFixed(1)} s), ready after ${((Date.now() - at) / 1000).toFixed(1)} s`,
      );
      continue;
    }
    try {
      view = await api(base, 'GET', `/campaigns/${campaign.id}`, { token });
      status = view.status;
    } catch {
      /* restarting */
    }
    await sleep(200);
  }
  const finishedAt = Date.now();
  cpuMs += processCpuMs(server.pid) - cpuFrom;
  const cpuUse = cpu.stop();
  const pgCpuUse = pgCpu ? await pgCpu.stop() : undefined;
  const pgCpuMs = pgCpuUse?.ms ?? NaN;

  // ---- settle: no send left waiting, pending (its send job done) or unconfirmed (reconciled) ----
  const reportOf = async () => {
    const rows = [];
    for (let page = 1; ; page++) {
      const res = await api(base, 'GET', `/campaigns/${campaign.id}/contacts?pageNumber=${page}`, { token });
      rows.push(...res.contacts);
      if (!res.hasMore) break;
    }
    return rows;
  };
  const unsettled = (rows) => rows.filter((r) => ['pending', 'waiting', 'unconfirmed'].includes(r.status)).length;
  let report = await reportOf();
  // An unconfirmed send is flagged once its job's lease expires (≈ 20 s), then waits the window.
  const settleFor = (60 + 2 * opts.reconcile) * 1000;
  for (const deadline = Date.now() + settleFor; Date.now() < deadline && unsettled(report) > 0;) {
    await sleep(1_000);
    report = await reportOf();
  }
  const settledAfterMs = Date.now() - finishedAt;
  await sim.settle();
  report = await reportOf();
  const byNumber = new Map();
  for (const m of sim.sent) byNumber.set(m.to, [...(byNumber.get(m.to) ?? []), m]);

  // ---- figures ----
  const counts = new Map();
  for (const n of numbers) counts.set(n, byNumber.get(n)?.length ?? 0);
  const duplicated = [...counts.values()].filter((c) => c > 1).length;
  const never = numbers.filter((n) => counts.get(n) === 0);
  const byStatus = {};
  for (const r of report) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const reportSent = report.filter((r) => ['sent', 'delivered', 'read'].includes(r.status)).length;
  const reportUnconfirmed = report.filter((r) => r.status === 'unconfirmed');
  const unconfirmedReceived = reportUnconfirmed.filter((r) => (counts.get(r.number) ?? 0) > 0).length;
  const reportUnsettled = unsettled(report);
  // Diagnosis of a duplicate: the same message sent twice (a resend), or two messages (two claims)?
  const duplicates = [...byNumber.entries()].filter(([, sends]) => sends.length > 1);
  const sameMessage = duplicates.filter(([, sends]) => new Set(sends.map((m) => m.payload?.biz_opaque_callback_data)).size === 1).length;
  const serverLog = servers.map((s) => s.output()).join('\n');
  const resentLines = serverLog.split('\n').filter((line) => line.includes('sent again')).length;
  // Text of each send: one of the three, with the contact's first name.
  const wrongText = sim.sent.filter(
    (m) => !MESSAGES.map((t) => t.replace('{{firstName}}', 'Cliente')).includes(m.payload?.text?.body),
  ).length;
  const times = sim.sent.map((m) => m.at).sort((a, b) => a - b);
  const sendsPerSecond = times.length > 1 ? ((times.length - 1) * 1000) / (times.at(-1) - times[0]) : NaN;
  const final = await api(base, 'GET', `/campaigns/${campaign.id}`, { token });

  const figures = {
    db: opts.db,
    contacts,
    kills: kills.length,
    received: sim.sent.length,
    receivedOnce: [...counts.values()].filter((c) => c === 1).length,
    duplicated,
    neverReceived: never.length,
    unconfirmed: reportUnconfirmed.length,
    unconfirmedReceived,
    unsettled: reportUnsettled,
    settledAfterMs,
    duplicatedSameMessage: sameMessage,
    resentByReconciliation: resentLines,
    wrongText,
    report: { sent: reportSent, byStatus, counters: { contactCount: final.contactCount, sent: final.sent, notSent: final.notSent } },
    sendsPerSecond,
    limitPerSecond: LIMIT_PER_SECOND,
    durationMs: finishedAt - startedAt,
    cpuMsPerSend: cpuMs / Math.max(1, sim.sent.length),
    postgresCpuMsPerSend: pgCpuMs / Math.max(1, sim.sent.length),
    postgresCpuMsPerSendByBackend: Object.fromEntries(
      Object.entries(pgCpuUse?.byType ?? {}).map(([type, ms]) => [type, ms / Math.max(1, sim.sent.length)]),
    ),
  };
  // Exactly once: every number got one message, the right text, and the report and the counters say so.
  figures.ok =
    duplicated === 0 &&
    wrongText === 0 &&
    never.length === 0 &&
    figures.receivedOnce === contacts &&
    reportUnsettled === 0 &&
    reportSent === contacts &&
    final.contactCount === contacts &&
    final.sent === reportSent &&
    final.notSent === 0;

  console.log('');
  console.log(`campaign finished in ${((finishedAt - startedAt) / 1000).toFixed(1)} s, ${kills.length} kills`);
  console.log(
    `sends/s              ${sendsPerSecond.toFixed(1)} (channel limit ${LIMIT_PER_SECOND}/s: ${((100 * sendsPerSecond) / LIMIT_PER_SECOND).toFixed(0)} %)`,
  );
  console.log(
    `received             ${figures.receivedOnce} numbers once, ${duplicated} more than once (duplicates), ${never.length} never`,
  );
  console.log(
    `still unsettled      ${reportUnsettled} (unconfirmed ${reportUnconfirmed.length}, of them received ${unconfirmedReceived}); all settled ${(settledAfterMs / 1000).toFixed(1)} s after "finished"`,
  );
  console.log(`reconciliation       ${resentLines} unconfirmed sends sent again (no status within ${opts.reconcile} s)`);
  if (duplicates.length) {
    console.log(`duplicates           ${sameMessage} the same message twice, ${duplicates.length - sameMessage} two messages; e.g.:`);
    for (const [number, sends] of duplicates.slice(0, 5)) {
      console.log(
        `  ${number}: ${sends.map((m) => `${m.payload?.biz_opaque_callback_data} at +${((m.at - startedAt) / 1000).toFixed(1)} s`).join(', ')}`,
      );
      const answered = sim.deliveries.filter((d) => JSON.stringify(d.payload).includes(sends[0].id));
      console.log(
        `    statuses of the first send delivered: ${answered.map((d) => `+${((d.at - startedAt) / 1000).toFixed(1)} s ${d.status} ${d.responseBody.slice(0, 60)}`).join('; ') || 'none'}`,
      );
    }
    for (const line of serverLog
      .split('\n')
      .filter((l) => duplicates.slice(0, 5).some(([, sends]) => l.includes(sends[0].payload?.biz_opaque_callback_data)))
      .slice(0, 20))
      console.log(`  log: ${line.slice(0, 400)}`);
  }
  console.log(
    `report               ${JSON.stringify(byStatus)}; counters sent ${final.sent}, not sent ${final.notSent} of ${final.contactCount}`,
  );
  console.log(`server CPU per send  ${figures.cpuMsPerSend.toFixed(2)} ms`);
  if (pgCpu) {
    const parts = Object.entries(figures.postgresCpuMsPerSendByBackend).map(([type, ms]) => `${type} ${ms.toFixed(2)}`);
    console.log(`PostgreSQL CPU/send  ${figures.postgresCpuMsPerSend.toFixed(2)} ms (the bench database's backends: ${parts.join(', ')})`);
  }
  console.log(`CPU during the send  ${formatCpu(cpuUse)}`);
  console.log(figures.ok ? 'OK: every number got exactly one message; the report and the counters match the simulator' : 'FAILED');
  if (opts.json) console.log(`RESULT ${JSON.stringify(figures)}`);
});
