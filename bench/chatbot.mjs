#!/usr/bin/env node
// Chatbot throughput and latency: N concurrent web-chat customers going through a 4-step flow.
//
// Spawns the built server (apps/server/dist/main.js) on a fresh database, creates through the API a
// queue, a published 4-step flow (menu → product → order → thanks, routed to the queue) and a
// web-chat channel whose chatbot is that flow, then runs N customers at once. Each customer opens a
// visitor session and socket, and answers the bot 4 times: it sends a message (POST
// /webchat/messages), waits for the bot's reply on its own socket, then sends the next answer. For
// every customer message it records the time from when the customer answers to the bot's first
// reply on the customer's socket.
//
// By default an open loop: the customers together answer at `--rate` messages a second (the budget's
// 300), each customer's answers spaced by customers ÷ rate seconds (1 s for 300 customers at 300/s:
// the time a person takes to read and answer). An answer is sent when it is due, or as soon as the
// bot has asked (its previous reply), whichever is later, and is timed from then: a server that falls
// behind shows its queue in the latency. With `--closed`, each customer answers the moment the bot
// replies (the throughput ceiling; its latency is then the queue's length, customers ÷ rate by
// Little's law — 300 customers at 300 replies/s wait 1 s —, not a measure of the budget's p99).
//
//   node bench/chatbot.mjs [--customers 300] [--rate 300 | --closed] [--db embedded|postgres]
//
// Before the measure, `--warmup` other customers (160) go through the flow, in two rounds of half of
// them with ANALYZE between, so that the load meets a running server (code compiled, the pool's
// connections open with their prepared statements planned: PostgreSQL plans a prepared statement
// afresh at each of its first five runs on a connection, 40–65 ms each for the inbound append under
// load; 160 customers give each of the 20 connections about eight of each).
//
// Bounded: every wait has a timeout (a reply not seen in 30 s is counted as missing); it then stops
// the server, drops the bench database / temp DATA_DIR and exits 0 (also when the budget is missed;
// exit 1 only if the bench itself could not run).
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  analyzeDatabase,
  api,
  checkQuietMachine,
  connectedSocket,
  cpuSample,
  formatCpu,
  login,
  machine,
  ms,
  onCleanup,
  pool,
  prepareDatabase,
  readOptions,
  request,
  requireBuiltServer,
  run,
  startServer,
  summarize,
} from './lib.mjs';

// The server's web-chat limit of new sessions per client IP and minute (webchat.schemas.ts).
const SESSIONS_PER_MINUTE_PER_IP = 10;
// The budget of issue 10 (PostgreSQL server, this 2-core machine).
const BUDGET = { repliesPerSecond: 300, p99: 150 };
const REPLY_TIMEOUT_MS = 30_000;

const opts = readOptions(
  {
    customers: { type: 'number', default: 300, help: 'customers going through the flow at once' },
    rate: {
      type: 'number',
      default: BUDGET.repliesPerSecond,
      min: 1,
      help: 'customer messages offered per second by all customers together (open loop)',
    },
    closed: {
      type: 'boolean',
      default: false,
      help: 'closed loop instead: each customer answers as soon as the bot replies (the throughput ceiling)',
    },
    warmup: { type: 'number', default: 160, min: 0, help: 'customers sent through the flow before the measure, as a warm-up (0: none)' },
    db: {
      type: 'string',
      default: 'embedded',
      choices: ['embedded', 'postgres'],
      help: 'embedded (PGlite) or postgres (DATABASE_URL server, fresh database)',
    },
    'wait-quiet': {
      type: 'number',
      default: 0,
      min: 0,
      help: 'seconds to wait, before the load, for the machine to be quiet (≤ 15% busy)',
    },
    keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR (for diagnosis)' },
    'log-statements': {
      type: 'boolean',
      default: false,
      help: 'postgres: log every statement of the bench database (log_min_duration_statement = 0) to the PostgreSQL server log',
    },
  },
  'node bench/chatbot.mjs [options]',
);

/** The 4 steps: a menu, then two questions answered freely, then thanks and the queue. */
function benchFlow(queueId) {
  const text = (id, body) => ({ id, kind: 'text', text: body });
  return {
    startStepId: 'menu',
    welcomeMessage: null,
    endMessage: null,
    fallbackMessage: 'Não entendi, {{name}}. Responda 1 ou 2.',
    autoDistribution: 'none',
    outOfHoursRoute: null,
    steps: [
      {
        id: 'menu',
        name: 'Menu',
        interactions: [text('m1', '{{greeting}}, {{name}}! Digite 1 para Vendas ou 2 para Suporte.')],
        conditions: [
          { id: 'c1', type: 'option', value: '1', route: { kind: 'step', stepId: 'product' } },
          { id: 'c2', type: 'option', value: '2', route: { kind: 'step', stepId: 'product' } },
        ],
      },
      {
        id: 'product',
        name: 'Produto',
        interactions: [text('p1', 'Qual produto lhe interessa?')],
        conditions: [{ id: 'c3', type: 'any', value: '', route: { kind: 'step', stepId: 'order' } }],
      },
      {
        id: 'order',
        name: 'Pedido',
        interactions: [text('o1', 'Tem um número de pedido? Envie-o, ou "não".')],
        conditions: [{ id: 'c4', type: 'any', value: '', route: { kind: 'step', stepId: 'thanks' } }],
      },
      {
        id: 'thanks',
        name: 'Obrigado',
        interactions: [text('t1', 'Obrigado, {{firstName}}! Um atendente vai falar com você.')],
        next: { kind: 'queue', queueId },
      },
    ],
  };
}

// What each customer says, in order: the first message opens the ticket and enters the flow.
const ANSWERS = ['Olá', '1', 'Uma cadeira', 'não'];

await run(async () => {
  requireBuiltServer();
  const customersCount = Math.floor(opts.customers);
  console.log(`machine: ${machine()}`);
  const database = await prepareDatabase(opts.db, { keep: opts.keep, logStatements: opts['log-statements'] });
  console.log(`database: ${database.describe}`);
  const server = await startServer({ dataDir: database.dataDir, env: database.env });
  console.log(`server: ${server.url} (pid ${server.pid}, node options: ${server.nodeArgs.join(' ') || 'none'})`);
  const base = server.url;

  // ---- setup through the API ----
  const adminToken = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const queue = await api(base, 'POST', '/queue', { token: adminToken, body: { name: 'Bench queue' } });
  const flow = await api(base, 'POST', '/chat-flow', {
    token: adminToken,
    body: { name: 'Bench flow', description: '4 steps', isActive: true, definition: benchFlow(queue.id), publish: true },
  });
  const channel = await api(base, 'POST', '/whatsapp', {
    token: adminToken,
    body: { name: 'Bench web chat', type: 'webchat', queueId: queue.id, chatFlowId: flow.id },
  });
  if (channel.status !== 'connected') throw new Error(`the web-chat channel did not start (status ${channel.status})`);
  console.log(`setup: queue ${queue.id}, flow ${flow.id} (published version ${flow.publishedVersion}), web-chat channel ${channel.id}`);

  // ---- customers: sessions and sockets ----
  /** Customers `from`…`from + count - 1`, each with a visitor session and its socket (their own client IP per 10). */
  const openCustomers = (from, count) =>
    pool(
      Array.from({ length: count }, (_, i) => from + i),
      8,
      async (i) => {
        const k = Math.floor(i / SESSIONS_PER_MINUTE_PER_IP) + 1;
        const ip = `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
        const session = await api(base, 'POST', `/webchat/${channel.publicKey}/sessions`, {
          body: { name: `Cliente ${i + 1}` },
          headers: { 'x-forwarded-for': ip },
        });
        const customer = { token: session.token, replies: [], waiter: null, botMessages: 0 };
        await connectedSocket(`${base}/webchat`, session.token, 'customer', (socket) => {
          onCleanup(() => socket.disconnect());
          socket.on('message', (message) => {
            if (message?.from !== 'agent') return;
            customer.botMessages++;
            const at = performance.now();
            customer.replies.push({ at, body: message.body });
            const waiter = customer.waiter;
            if (waiter) {
              customer.waiter = null;
              waiter(at);
            }
          });
        });
        return customer;
      },
    );

  /**
   * Every customer answers the bot ANSWERS.length times: in the open loop answer k of customer c is due
   * at (k × customers + c) ÷ rate seconds after the start; closed, each answers as soon as the bot replied.
   */
  const converse = async (customers, { closed, rate }) => {
    const stats = { latencies: [], byTurn: ANSWERS.map(() => []), missing: 0, failed: 0, accepted: 0 };
    const say = (customer, body, turn) =>
      new Promise((resolveTurn) => {
        // Timed from when the customer answers (in the open loop: when it was due, or when the bot asked if later).
        const start = performance.now();
        const giveUp = () => {
          clearTimeout(timer);
          customer.waiter = null;
          resolveTurn(false);
        };
        const timer = setTimeout(() => {
          stats.missing++;
          giveUp();
        }, REPLY_TIMEOUT_MS);
        customer.waiter = (at) => {
          clearTimeout(timer);
          stats.latencies.push(at - start);
          stats.byTurn[turn].push(at - start);
          resolveTurn(true);
        };
        request(base, 'POST', '/webchat/messages', {
          token: customer.token,
          body: { clientId: randomUUID(), body },
          timeoutMs: REPLY_TIMEOUT_MS,
        }).then(
          (res) => {
            if (res.status >= 200 && res.status <= 299) stats.accepted++;
            else {
              stats.failed++;
              giveUp();
            }
          },
          () => {
            stats.failed++;
            giveUp();
          },
        );
      });
    const t0 = performance.now();
    await Promise.all(
      customers.map(async (customer, c) => {
        for (const [k, answer] of ANSWERS.entries()) {
          const wait = closed ? 0 : t0 + ((k * customers.length + c) / rate) * 1000 - performance.now();
          if (wait > 0) await new Promise((resolveDue) => setTimeout(resolveDue, wait));
          // A reply that came with the previous one (several messages of one step) is not this turn's.
          customer.replies.length = 0;
          if (!(await say(customer, answer, k))) return;
        }
      }),
    );
    stats.seconds = (performance.now() - t0) / 1000;
    return stats;
  };

  // ---- warm-up (not measured): other customers through the whole flow, in two rounds, so that the load
  // meets a running server (its code compiled, each of its pool's connections open with its prepared
  // statements past their first, planned runs) as it would in production, not one that just started.
  // The statistics come between the rounds, as autovacuum gives a database in use: ANALYZE
  // invalidates every connection's plans, which the second round settles again ----
  const warmupCount = Math.floor(opts.warmup);
  const rounds = warmupCount > 1 ? [Math.ceil(warmupCount / 2), Math.floor(warmupCount / 2)] : [warmupCount];
  let warmReplies = 0;
  for (const [round, count] of rounds.entries()) {
    if (count > 0) {
      const first = customersCount + (round === 0 ? 0 : rounds[0]);
      const warm = await converse(await openCustomers(first, count), { closed: true });
      if (warm.failed || warm.missing) throw new Error(`warm-up: ${warm.failed} messages refused, ${warm.missing} without a reply`);
      warmReplies += warm.latencies.length;
    }
    if (round === 0) console.log(await analyzeDatabase(database));
  }
  if (warmupCount > 0) console.log(`warm-up: ${warmupCount} other customers through the flow (${warmReplies} replies, not measured)`);

  const customers = await openCustomers(0, customersCount);
  console.log(`customers: ${customers.length} sessions and sockets`);
  const botMessagesOf = () => customers.reduce((sum, customer) => sum + customer.botMessages, 0);

  // ---- load: every customer, each answering the bot 4 times ----
  await checkQuietMachine(opts['wait-quiet']);
  const cpu = cpuSample(server.pid, { database: database.pgName });
  const { latencies, byTurn, missing, failed, accepted, seconds } = await converse(customers, { closed: opts.closed, rate: opts.rate });
  // A turn given up at 30 s may still be answered: wait (up to 30 s) until every accepted message has its reply.
  for (const until = Date.now() + REPLY_TIMEOUT_MS; botMessagesOf() < accepted && Date.now() < until;)
    await new Promise((r) => setTimeout(r, 50));
  const botMessages = botMessagesOf();
  const cpuUse = cpu.stop();
  const replyCount = latencies.length;
  const lat = summarize(latencies);

  const routed = await api(base, 'GET', `/tickets?status=pending&queuesIds=${queue.id}&showAll=true&pageNumber=1`, {
    token: adminToken,
  }).catch(() => null);

  console.log('');
  const loop = opts.closed ? 'closed loop' : `${opts.rate}/s offered (open loop)`;
  console.log(
    `=== chatbot — ${opts.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${customersCount} customers × ${ANSWERS.length} answers through a 4-step flow, ${loop} ===`,
  );
  console.log(
    `customer messages           ${customersCount * ANSWERS.length} (${failed} refused or failed, ${missing} without a bot reply in ${REPLY_TIMEOUT_MS / 1000} s)`,
  );
  console.log(
    `bot replies                 ${replyCount} turns answered in ${seconds.toFixed(2)} s → ${(replyCount / seconds).toFixed(1)} replies/s (${botMessages} bot messages received)`,
  );
  console.log(
    `customer's answer → bot reply on the customer's socket  p50 ${ms(lat.p50)}  p95 ${ms(lat.p95)}  p99 ${ms(lat.p99)}  max ${ms(lat.max)}`,
  );
  // The first answer opens the ticket and enters the flow; the last one is routed to the queue.
  for (const [k, turn] of byTurn.entries()) {
    const t = summarize(turn);
    console.log(`  answer ${k + 1} (${JSON.stringify(ANSWERS[k])})`.padEnd(28) + `p50 ${ms(t.p50)}  p95 ${ms(t.p95)}  p99 ${ms(t.p99)}`);
  }
  if (routed)
    console.log(
      `tickets routed to the queue (pending, first page)  ${routed.count ?? routed.tickets?.length ?? '?'}${opts.warmup > 0 ? ` (the warm-up's ${Math.floor(opts.warmup)} included)` : ''}`,
    );
  console.log(`CPU during the load  ${formatCpu(cpuUse)}`);
  if (cpuUse && botMessages > 0) {
    // CPU time per bot message delivered (each answers one customer message: the message, the bot's move and its push),
    // what the machine must supply per reply; counted over every delivered reply, also those later than the 30 s wait.
    const perReply = (share) => ((share / 100) * cpuUse.cores * cpuUse.seconds * 1000) / botMessages;
    const server = perReply(cpuUse.server);
    const postgres = perReply(cpuUse.postgres);
    const shared =
      cpuUse.postgresShared === undefined ? '' : `, PostgreSQL's shared processes ${perReply(cpuUse.postgresShared).toFixed(2)} ms`;
    const client = perReply(cpuUse.bench);
    console.log(
      `CPU per bot reply           server ${server.toFixed(2)} ms, PostgreSQL ${postgres.toFixed(2)} ms${shared}, bench client ${client.toFixed(2)} ms ` +
        `→ ceiling on an otherwise idle ${cpuUse.cores}-core machine ≈ ${Math.min(1000 / server, (cpuUse.cores * 1000) / (server + postgres + client)).toFixed(0)} replies/s`,
    );
  }

  const rateOk = replyCount / seconds >= BUDGET.repliesPerSecond && missing === 0 && failed === 0;
  const p99Ok = lat.p99 <= BUDGET.p99;
  const why = [
    !rateOk
      ? `${(replyCount / seconds).toFixed(0)} replies/s${missing || failed ? `, ${missing} missing, ${failed} failed` : ''}`
      : undefined,
    !p99Ok ? `p99 ${ms(lat.p99)} > ${BUDGET.p99} ms` : undefined,
  ].filter(Boolean);
  console.log(
    `budget (PostgreSQL: ≥ ${BUDGET.repliesPerSecond} bot replies/s, p99 ≤ ${BUDGET.p99} ms): ${rateOk && p99Ok ? 'MET' : 'MISSED'}${why.length ? ` — ${why.join('; ')}` : ''}` +
      (opts.db === 'postgres' ? '' : ' [the budget is set for PostgreSQL; on embedded PGlite this is what it reaches]'),
  );
});
