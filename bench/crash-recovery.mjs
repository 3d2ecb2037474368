#!/usr/bin/env node
// Crash recovery under load: web-chat visitors write in (inbound) and an agent replies to them and
// to WhatsApp customers of a WABA channel on the Meta Cloud API simulator (outbound), while the
// server is killed with SIGKILL and started again (embedded PGlite: the same DATA_DIR; PostgreSQL
// with --nodes 2: one of two processes is killed and restarted, the other goes on). Then it counts,
// in both directions, what was acknowledged, lost, duplicated and stuck. See bench/README.md.
//
// Inbound: each visitor message has a clientId and is retried (same clientId) until the server
// acknowledges it, as the widget does. Outbound: an agent reply is acknowledged by 201; a reply
// whose request failed without an answer is not retried (its fate is reported apart).
//
// What counts:
// - inbound: lost = acknowledged but not in the visitor's history; duplicated = a clientId stored
//   twice; tickets per visitor (one);
// - outbound web chat: lost = acknowledged but missing from the visitor's history or not `sent`;
//   duplicated = one reply stored twice (a reply pushed twice on the socket is harmless: the widget
//   keeps one copy per message id);
// - outbound WABA: from the simulator's record of POST /messages: received once, more than once
//   (duplicated), never (lost, unless flagged); each reply's final status: sent/delivered/read,
//   `unconfirmed` (a send interrupted by a kill: flagged for the agent, never resent by itself),
//   failed, or still `pending` (stuck);
// - stuck: a reply still pending 30 s after the last restart; takeover: how long replies queued
//   before a kill waited after it (the longest).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  AGENT_PASSWORD,
  api,
  login,
  machine,
  onCleanup,
  pool,
  prepareDatabase,
  readOptions,
  request,
  requireBuiltServer,
  run,
  SERVER_MAIN,
  sleep,
  startServer,
} from './lib.mjs';
import { loadSimulators } from './simulators.mjs';

const opts = readOptions(
  {
    db: { type: 'string', default: 'embedded', choices: ['embedded', 'postgres'], help: 'embedded (PGlite) or postgres (fresh database)' },
    nodes: { type: 'number', default: 1, help: 'server processes (2 needs --db postgres: one is killed, the other goes on)' },
    duration: { type: 'number', default: 40, help: 'seconds of load' },
    kills: { type: 'number', default: 3, help: 'SIGKILLs during the load, evenly spaced' },
    down: { type: 'number', default: 1, min: 0, help: 'seconds a killed process stays down before it is started again' },
    visitors: { type: 'number', default: 60, help: 'web-chat visitors' },
    customers: { type: 'number', default: 30, help: 'WhatsApp customers (WABA tickets)' },
    'inbound-rate': { type: 'number', default: 30, help: 'visitor messages per second' },
    'reply-rate': { type: 'number', default: 30, help: 'agent replies per second (half to web chat, half to WABA)' },
    'provider-latency': {
      type: 'number',
      default: 400,
      min: 0,
      help: 'ms the simulator takes to answer a send (sends in flight at a kill)',
    },
    settle: { type: 'number', default: 60, help: 'seconds to wait, after the load and the last restart, for everything to settle' },
    server: { type: 'string', default: SERVER_MAIN, help: 'the server to run (the built apps/server/dist/main.js)' },
    json: { type: 'boolean', default: false, help: 'also print the figures as one JSON line (prefixed "RESULT ")' },
    keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR (for diagnosis)' },
  },
  'node bench/crash-recovery.mjs [options]',
);

const STUCK_AFTER_MS = 30_000;

await run(async () => {
  requireBuiltServer(opts.server);
  const nodes = Math.floor(opts.nodes);
  if (nodes < 1 || nodes > 2) throw new Error('--nodes is 1 or 2');
  if (nodes === 2 && opts.db !== 'postgres') throw new Error('--nodes 2 needs --db postgres (PGlite belongs to one process)');
  console.log(`machine: ${machine()}`);

  const { startMetaCloudSimulator } = await loadSimulators();
  // Automatic delivered → read statuses: they carry biz_opaque_callback_data, which confirms a send
  // whose answer a kill lost.
  const sim = await startMetaCloudSimulator({ autoStatuses: { delayMs: 200 } });
  onCleanup(() => sim.close());

  const database = await prepareDatabase(opts.db, { keep: opts.keep });
  console.log(
    `database: ${database.describe}; ${nodes} server process${nodes > 1 ? 'es' : ''}; ${opts.kills} kills (SIGKILL) in ${opts.duration} s`,
  );
  const env = { ...database.env, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' };
  const servers = [];
  // Node 0 is the one killed; node 1 (PostgreSQL) keeps serving, and receives the provider's webhooks.
  for (let i = 0; i < nodes; i++) servers.push(await startServer({ dataDir: database.dataDir, env, main: opts.server }));
  const live = () => servers.filter((s) => s.up !== false);
  const webhookNode = servers.at(-1);

  // ---- setup through the API: an agent in a queue with a web-chat and a WABA channel ----
  const base = servers[0].url;
  const adminToken = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const agentUser = await api(base, 'POST', '/users', {
    token: adminToken,
    body: { name: 'Crash agent', email: 'agent@crash.local', password: AGENT_PASSWORD, profile: 'user' },
  });
  const queue = await api(base, 'POST', '/queue', { token: adminToken, body: { name: 'Crash queue' } });
  await api(base, 'PUT', `/queue/${queue.id}/users`, { token: adminToken, body: { userIds: [agentUser.id] } });
  const webchat = await api(base, 'POST', '/whatsapp', {
    token: adminToken,
    body: { name: 'Crash web chat', type: 'webchat', queueId: queue.id },
  });
  const waba = await api(base, 'POST', '/whatsapp', {
    token: adminToken,
    body: {
      name: 'Crash WABA',
      type: 'waba',
      queueId: queue.id,
      settings: {
        phoneNumberId: sim.phoneNumberId,
        businessAccountId: sim.businessAccountId,
        token: sim.token,
        appSecret: sim.appSecret,
        verifyToken: 'crash-verify',
        baseUrl: sim.url,
      },
    },
  });
  if (waba.status !== 'connected') throw new Error(`the waba channel did not connect (status ${waba.status})`);
  const webhookUrl = () => `${webhookNode.url}/webhooks/waba/${waba.publicKey}`;
  sim.setWebhookUrl(webhookUrl());
  const agentToken = await login(base, agentUser.email, AGENT_PASSWORD);

  // Visitors (10 sessions a minute per address: each comes from its own X-Forwarded-For address).
  const visitors = await pool(
    Array.from({ length: Math.floor(opts.visitors) }, (_, i) => i),
    8,
    async (i) => {
      const address = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const session = await api(base, 'POST', `/webchat/${webchat.publicKey}/sessions`, {
        headers: { 'x-forwarded-for': address },
        body: { name: `Visitante ${i}` },
      });
      return { i, address, token: session.token, name: `Visitante ${i}`, acked: new Map(), pending: 0 };
    },
  );
  // Each visitor's first message opens its ticket; each customer's too.
  await pool(visitors, 8, (v) =>
    api(base, 'POST', '/webchat/messages', {
      token: v.token,
      headers: { 'x-forwarded-for': v.address },
      body: { clientId: randomUUID(), body: 'Olá' },
    }),
  );
  const numbers = Array.from({ length: Math.floor(opts.customers) }, (_, i) => `5511${String(970000000 + i)}`);
  await pool(numbers, 8, async (from) => {
    const delivery = await sim.sendInbound({ type: 'text', from, name: `Cliente ${from.slice(-4)}`, text: 'Olá' });
    if (delivery.status !== 200) throw new Error(`inbound webhook answered ${delivery.status}: ${delivery.responseBody}`);
  });
  const tickets = [];
  for (let page = 1; page < 50; page++) {
    const list = await api(base, 'GET', `/tickets?showAll=true&status=pending&count=100&pageNumber=${page}`, { token: adminToken });
    tickets.push(...list.tickets);
    if (!list.hasMore) break;
  }
  const webchatTickets = tickets.filter((t) => t.whatsappId === webchat.id).map((t) => t.id);
  /** The visitor of each web-chat ticket (by the contact's name). */
  const visitorOfTicket = new Map(
    tickets.filter((t) => t.whatsappId === webchat.id).map((t) => [t.id, visitors.find((v) => v.name === t.contact.name)]),
  );
  const wabaTickets = tickets.filter((t) => t.whatsappId === waba.id).map((t) => t.id);
  if (webchatTickets.length !== visitors.length || wabaTickets.length !== numbers.length)
    throw new Error(`expected ${visitors.length} + ${numbers.length} tickets, found ${webchatTickets.length} + ${wabaTickets.length}`);
  console.log(
    `setup: ${visitors.length} visitors, ${numbers.length} WABA customers, their tickets; the simulator answers sends in ${opts['provider-latency']} ms`,
  );
  sim.delay(opts['provider-latency']);

  // ---- load, with kills ----
  /** A request to a live node; `retryRefused`: a refused connection (nothing sent) tries another one. */
  async function call(method, path, options) {
    for (let attempt = 0; ; attempt++) {
      const targets = live();
      const node = targets[attempt % Math.max(1, targets.length)] ?? servers[0];
      try {
        return { ...(await request(node.url, method, path, { timeoutMs: 15_000, ...options })), node };
      } catch (error) {
        if (error.code === 'ECONNREFUSED' && attempt < 1 && targets.length > 1) continue;
        throw error;
      }
    }
  }

  const inbound = { offered: 0, acknowledged: 0, retries: 0, answers: new Map() };
  const replies = []; // { id?, body, kind, ticketId, at, status, error }
  const kills = [];
  let loadRunning = true;
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

  /** A visitor's message, retried with the same clientId (backoff with full jitter) until acknowledged. */
  async function visitorMessage(v) {
    const clientId = randomUUID();
    const body = `crash in ${clientId}`;
    inbound.offered++;
    v.pending++;
    const started = Date.now();
    for (let attempt = 0; Date.now() - started < (opts.duration + opts.settle) * 1000; attempt++) {
      try {
        const res = await call('POST', '/webchat/messages', {
          token: v.token,
          headers: { 'x-forwarded-for': v.address },
          body: { clientId, body },
        });
        count(inbound.answers, String(res.status));
        if (res.status === 200 || res.status === 201) {
          v.acked.set(clientId, body);
          inbound.acknowledged++;
          break;
        }
        if (res.status < 500 && res.status !== 429) break; // refused for good
      } catch {
        count(inbound.answers, 'network');
      }
      inbound.retries++;
      await sleep(Math.random() * Math.min(10_000, 500 * 2 ** attempt));
    }
    v.pending--;
  }

  async function agentReply(kind) {
    const ticketId =
      kind === 'webchat' ? webchatTickets[replies.length % webchatTickets.length] : wabaTickets[replies.length % wabaTickets.length];
    const reply = { kind, ticketId, body: `crash out ${randomUUID()}`, at: Date.now() };
    replies.push(reply);
    try {
      const res = await call('POST', `/messages/${ticketId}`, { token: agentToken, body: { body: reply.body } });
      reply.status = res.status;
      if (res.status === 201) reply.id = res.body.id;
    } catch (error) {
      // No answer (the process died with the request): stored or not, the agent cannot tell.
      reply.status = error.code === 'ECONNREFUSED' ? 'refused' : 'no answer';
    }
  }

  const t0 = Date.now();
  const inflight = new Set();
  const track = (promise) => {
    inflight.add(promise);
    void promise.finally(() => inflight.delete(promise));
  };
  const ticker = (ratePerSecond, fire) =>
    (async () => {
      const interval = 1000 / ratePerSecond;
      for (let n = 0; loadRunning; n++) {
        const due = t0 + n * interval;
        const wait = due - Date.now();
        if (wait > 0) await sleep(wait);
        if (!loadRunning) break;
        track(fire(n));
      }
    })();
  const loops = [
    ticker(opts['inbound-rate'], (n) => visitorMessage(visitors[n % visitors.length])),
    ticker(opts['reply-rate'], (n) => agentReply(n % 2 === 0 ? 'webchat' : 'waba')),
  ];

  let lastRestart = t0;
  const killsDone = (async () => {
    for (let k = 0; k < opts.kills; k++) {
      const at = t0 + ((k + 1) * opts.duration * 1000) / (opts.kills + 1);
      await sleep(Math.max(0, at - Date.now()));
      const victim = servers[0];
      const killedAt = Date.now();
      victim.up = false;
      await victim.kill();
      console.log(`  t=${((killedAt - t0) / 1000).toFixed(1)} s  SIGKILL of pid ${victim.pid}`);
      await sleep(opts.down * 1000);
      const restarted = await startServer({ dataDir: database.dataDir, env, port: victim.port, main: opts.server });
      servers[0] = restarted;
      if (nodes === 1) sim.setWebhookUrl(webhookUrl());
      lastRestart = Date.now();
      kills.push({ at: killedAt, ready: lastRestart });
      console.log(
        `  t=${((lastRestart - t0) / 1000).toFixed(1)} s  restarted (pid ${restarted.pid}), ready after ${((lastRestart - killedAt) / 1000).toFixed(1)} s`,
      );
    }
  })();

  await sleep(opts.duration * 1000);
  loadRunning = false;
  await Promise.all(loops);
  await killsDone;
  const loadEnd = Date.now();
  // Visitors' messages still being retried, and replies still waiting for their answer.
  while (inflight.size > 0 && Date.now() - loadEnd < opts.settle * 1000) await sleep(200);

  // ---- settle: every acknowledged reply out of `pending` (or the wait is over) ----
  const node = () => live()[0].url;
  const messagesOf = async (ticketId) => {
    const all = [];
    for (let page = 1; page < 200; page++) {
      const res = await api(node(), 'GET', `/messages/${ticketId}?pageNumber=${page}`, { token: adminToken });
      all.push(...res.messages);
      if (!res.hasMore) break;
    }
    return all;
  };
  const acked = replies.filter((r) => r.id);
  let stateById = new Map();
  let settledAt;
  const settleDeadline = Date.now() + opts.settle * 1000;
  while (Date.now() < settleDeadline) {
    stateById = new Map();
    for (const ticketId of [...webchatTickets, ...wabaTickets]) for (const m of await messagesOf(ticketId)) stateById.set(m.id, m);
    if (!acked.some((r) => stateById.get(r.id)?.status === 'pending')) {
      settledAt = Date.now();
      break;
    }
    await sleep(1_000);
  }
  await sleep(1_000); // late duplicates and statuses would show up here
  for (const ticketId of [...webchatTickets, ...wabaTickets]) for (const m of await messagesOf(ticketId)) stateById.set(m.id, m);

  // ---- figures ----
  // Inbound: each visitor's history.
  let inboundLost = 0;
  let inboundDuplicated = 0;
  const historyOf = async (v) => {
    const res = await api(node(), 'GET', '/webchat/messages', { token: v.token, headers: { 'x-forwarded-for': v.address } });
    return res.messages;
  };
  const histories = new Map();
  await pool(visitors, 8, async (v) => histories.set(v, await historyOf(v)));
  for (const [v, history] of histories) {
    const byClient = new Map();
    for (const m of history) if (m.clientId) byClient.set(m.clientId, (byClient.get(m.clientId) ?? 0) + 1);
    for (const clientId of v.acked.keys()) {
      const n = byClient.get(clientId) ?? 0;
      if (n === 0) inboundLost++;
      if (n > 1) inboundDuplicated++;
    }
  }
  const ticketsNow = [];
  for (const status of ['open', 'pending', 'closed']) {
    for (let page = 1; page < 50; page++) {
      const list = await api(node(), 'GET', `/tickets?showAll=true&status=${status}&count=100&pageNumber=${page}`, { token: adminToken });
      ticketsNow.push(...list.tickets.filter((t) => t.whatsappId === webchat.id));
      if (!list.hasMore) break;
    }
  }
  const extraTickets = ticketsNow.length - visitors.length;

  // Outbound web chat: every acknowledged reply sent and stored once.
  const webchatAcked = acked.filter((r) => r.kind === 'webchat');
  const bodiesStored = new Map();
  for (const m of stateById.values()) if (m.fromMe) bodiesStored.set(m.body, (bodiesStored.get(m.body) ?? 0) + 1);
  const webchatNotSent = webchatAcked.filter((r) => stateById.get(r.id)?.status !== 'sent').length;
  const webchatLost = webchatAcked.filter((r) => {
    const visitor = visitorOfTicket.get(r.ticketId);
    return !stateById.has(r.id) || !visitor || !histories.get(visitor)?.some((m) => m.id === r.id);
  }).length;
  const webchatDuplicated = webchatAcked.filter((r) => (bodiesStored.get(r.body) ?? 0) > 1).length;

  // Outbound WABA: the simulator's record of what Meta received.
  const received = new Map();
  for (const req of sim.requests) {
    const text = req.method === 'POST' && req.path.endsWith('/messages') ? req.body?.text?.body : undefined;
    if (typeof text === 'string' && text.startsWith('crash out ')) received.set(text, (received.get(text) ?? 0) + 1);
  }
  const wabaAcked = acked.filter((r) => r.kind === 'waba');
  // Meta retries a webhook it could not deliver (for days): the statuses of sends whose answer a
  // kill lost, posted while the server was down, come again. Replayed here for every reply left
  // unconfirmed that the provider did get: its status names it by biz_opaque_callback_data.
  const flaggedBefore = wabaAcked.filter((r) => stateById.get(r.id)?.status === 'unconfirmed');
  let replayed = 0;
  for (const r of flaggedBefore) {
    const sent = sim.sent.find((m) => m.payload?.text?.body === r.body);
    if (!sent) continue;
    const delivery = await sim.sendStatus(sent.id, 'delivered');
    if (delivery.status === 200) replayed++;
  }
  if (replayed > 0) for (const ticketId of wabaTickets) for (const m of await messagesOf(ticketId)) stateById.set(m.id, m);
  const wabaState = (r) => stateById.get(r.id)?.status ?? 'missing';
  const byState = new Map();
  for (const r of wabaAcked) count(byState, wabaState(r));
  const wabaDuplicated = wabaAcked.filter((r) => (received.get(r.body) ?? 0) > 1).length;
  const wabaUnconfirmed = wabaAcked.filter((r) => wabaState(r) === 'unconfirmed');
  const wabaLost = wabaAcked.filter((r) => !received.has(r.body) && wabaState(r) !== 'unconfirmed').length;
  const unconfirmedNotReceived = wabaUnconfirmed.filter((r) => !received.has(r.body)).length;
  const reconciled = flaggedBefore.filter((r) => ['delivered', 'read'].includes(wabaState(r))).length;

  // Stuck: pending when the wait ended, or settled more than 30 s after the last restart.
  const stuck = acked.filter((r) => stateById.get(r.id)?.status === 'pending').length;
  const settleAfterRestartMs = settledAt !== undefined ? settledAt - Math.max(lastRestart, loadEnd) : NaN;

  // Takeover: replies acknowledged before a kill and received by the provider after it.
  let takeoverMs = 0;
  const receivedAt = new Map();
  for (const req of sim.requests) {
    const text = req.method === 'POST' && req.path.endsWith('/messages') ? req.body?.text?.body : undefined;
    if (typeof text === 'string' && !receivedAt.has(text)) receivedAt.set(text, req.at);
  }
  for (const kill of kills) {
    for (const r of wabaAcked) {
      const at = receivedAt.get(r.body);
      if (r.at < kill.at && at !== undefined && at > kill.at) takeoverMs = Math.max(takeoverMs, at - kill.at);
    }
  }
  const unacknowledged = replies.filter((r) => !r.id);
  const unackStored = unacknowledged.filter((r) => bodiesStored.has(r.body)).length;
  const elapsed = (performance.now() / 1000).toFixed(0);

  const figures = {
    db: opts.db,
    nodes,
    kills: kills.length,
    inbound: {
      offered: inbound.offered,
      acknowledged: inbound.acknowledged,
      lost: inboundLost,
      duplicated: inboundDuplicated,
      retries: inbound.retries,
      extraTickets,
    },
    outboundWebchat: { acknowledged: webchatAcked.length, lost: webchatLost, duplicated: webchatDuplicated, notSent: webchatNotSent },
    outboundWaba: {
      acknowledged: wabaAcked.length,
      lost: wabaLost,
      duplicated: wabaDuplicated,
      interrupted: flaggedBefore.length,
      confirmedByStatus: reconciled,
      unconfirmed: wabaUnconfirmed.length,
      unconfirmedNeverReceived: unconfirmedNotReceived,
      byStatus: Object.fromEntries(byState),
    },
    replies: { offered: replies.length, unacknowledged: unacknowledged.length, unacknowledgedButStored: unackStored },
    stuck,
    settledAfterLastRestartMs: Number.isFinite(settleAfterRestartMs) ? Math.max(0, settleAfterRestartMs) : null,
    longestTakeoverMs: takeoverMs,
  };

  console.log('');
  console.log(
    `=== crash recovery — ${opts.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${nodes} node(s), ${kills.length} SIGKILLs in ${opts.duration} s ===`,
  );
  console.log(
    `inbound web chat       ${inbound.acknowledged} of ${inbound.offered} visitor messages acknowledged (${inbound.retries} retries); lost ${inboundLost}, duplicated ${inboundDuplicated}; tickets beyond one per visitor ${extraTickets}`,
  );
  console.log(`                       answers: ${[...inbound.answers].map(([s, n]) => `${s}: ${n}`).join(', ')}`);
  console.log(
    `outbound to web chat   ${webchatAcked.length} replies acknowledged; lost ${webchatLost}, duplicated ${webchatDuplicated}, not sent ${webchatNotSent}`,
  );
  console.log(
    `outbound to WABA       ${wabaAcked.length} replies acknowledged; received by the provider twice: ${wabaDuplicated}; never received and not flagged (lost): ${wabaLost}`,
  );
  console.log(
    `                       interrupted by a kill and flagged unconfirmed (never resent): ${flaggedBefore.length}; then confirmed by their status callback (Meta's webhook retry, replayed): ${reconciled}`,
  );
  console.log(
    `                       left unconfirmed for the agent to check and resend: ${wabaUnconfirmed.length} (${unconfirmedNotReceived} of them never reached the provider)`,
  );
  console.log(`                       final statuses: ${[...byState].map(([s, n]) => `${s} ${n}`).join(', ')}`);
  console.log(
    `replies without answer ${unacknowledged.length} of ${replies.length} (the request died with the process or was refused); stored anyway: ${unackStored}`,
  );
  console.log(
    `stuck                  ${stuck} replies still pending at the end; everything settled ${figures.settledAfterLastRestartMs === null ? 'NOT within the wait' : `${(figures.settledAfterLastRestartMs / 1000).toFixed(1)} s after the last restart`}`,
  );
  console.log(
    `takeover               the longest wait of a reply queued before a kill: ${(takeoverMs / 1000).toFixed(1)} s after the kill`,
  );
  const ok =
    inboundLost === 0 &&
    inboundDuplicated === 0 &&
    extraTickets === 0 &&
    webchatLost === 0 &&
    webchatDuplicated === 0 &&
    webchatNotSent === 0 &&
    wabaDuplicated === 0 &&
    wabaLost === 0 &&
    wabaUnconfirmed.length === unconfirmedNotReceived &&
    stuck === 0 &&
    figures.settledAfterLastRestartMs !== null &&
    figures.settledAfterLastRestartMs <= STUCK_AFTER_MS;
  console.log(
    `verdict (nothing lost or duplicated, interrupted provider sends flagged, nothing stuck 30 s after a restart): ${ok ? 'MET' : 'MISSED'} (${elapsed} s)`,
  );
  if (opts.json) console.log(`RESULT ${JSON.stringify({ ...figures, ok })}`);
});
