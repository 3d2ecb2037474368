// The 100k-ticket tenant of the ticket-list bench, shared by the benches that measure reads on it
// (ticket-list.mjs, kanban-board.mjs): a fresh database and the built server, set up through the
// API (5 queues, 10 agents each in 2 queues, a tenant admin in all, 2 web-chat channels), then
// filled FAST with SQL (generate_series) straight into the database. See ticket-list.mjs for the
// distributions.
import { ADMIN_EMAIL, ADMIN_PASSWORD, AGENT_PASSWORD, api, machine, pool, prepareDatabase, startServer, withBenchClient } from './lib.mjs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export const QUEUES = 5;
export const AGENTS = 10;

export function seedSql({ tenantId, tickets: T, messages: M, channelIds, queueIds, agentIds }) {
  const open = Math.round(T * 0.02);
  const active = Math.round(T * 0.05);
  const contacts = Math.max(Math.ceil(T * 0.6), active, 1);
  const arr = (xs) => `array[${xs.join(',')}]::int[]`;
  const firstNames = [
    'Ana',
    'Maria',
    'João',
    'José',
    'Pedro',
    'Paulo',
    'Lucas',
    'Mariana',
    'Juliana',
    'Carlos',
    'Fernanda',
    'Rafael',
    'Beatriz',
    'Gabriel',
    'Larissa',
    'Bruno',
    'Camila',
    'Diego',
    'Patrícia',
    'Rodrigo',
    'Aline',
    'Felipe',
    'Amanda',
    'Gustavo',
    'Letícia',
    'Thiago',
    'Vanessa',
    'Eduardo',
    'Natália',
    'Marcelo',
  ];
  const lastNames = [
    'Silva',
    'Santos',
    'Oliveira',
    'Souza',
    'Rodrigues',
    'Ferreira',
    'Alves',
    'Pereira',
    'Lima',
    'Gomes',
    'Costa',
    'Ribeiro',
    'Martins',
    'Carvalho',
    'Almeida',
    'Lopes',
    'Soares',
    'Fernandes',
    'Vieira',
    'Barbosa',
    'Rocha',
    'Dias',
    'Nascimento',
    'Andrade',
    'Moreira',
    'Nunes',
    'Marques',
    'Machado',
    'Mendes',
    'Freitas',
    'Cardoso',
    'Ramos',
    'Gonçalves',
    'Santana',
    'Teixeira',
    'Moura',
    'Campos',
    'Pinto',
    'Araújo',
    'Monteiro',
  ];
  const phrases = [
    'Olá, gostaria de saber o status do meu pedido',
    'Bom dia! Preciso de ajuda com a minha fatura',
    'Obrigado pelo atendimento',
    'Quando chega a entrega?',
    'Pode me enviar a segunda via do boleto?',
    'O produto veio com defeito',
    'Quero cancelar a assinatura',
    'Qual o horário de funcionamento?',
    'Perfeito, muito obrigado!',
    'Ainda não recebi o código de rastreio',
    'Vocês aceitam pix?',
    'Preciso trocar o endereço de entrega',
  ];
  const text = (xs) => `array[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(',')}]::text[]`;
  return `
create temp table seed_names as select ${text(firstNames)} as first, ${text(lastNames)} as last, ${text(phrases)} as phrases;

insert into contacts (tenant_id, name, number, email, created_at, updated_at)
select ${tenantId},
       n.first[1 + (g % ${firstNames.length})] || ' ' || n.last[1 + ((g / ${firstNames.length}) % ${lastNames.length})],
       '5511' || lpad(g::text, 9, '0'),
       case when g % 3 = 0 then 'cliente' || g || '@example.com' end,
       now() - interval '200 days' + random() * interval '10 days',
       now() - interval '200 days' + random() * interval '10 days'
from generate_series(1, ${contacts}) g, seed_names n;

create temp table seed_contacts as
select id, row_number() over (order by id) as rn from contacts where tenant_id = ${tenantId} and number like '5511%';

create temp table seed_tickets_src as
select g,
       case when g <= ${open} then 'open' when g <= ${active} then 'pending' else 'closed' end as status,
       (${arr(channelIds)})[1 + (g % ${channelIds.length})] as channel_id,
       case when g % 20 = 0 then null else (${arr(queueIds)})[1 + (g % ${queueIds.length})] end as queue_id,
       (${arr(agentIds)})[1 + floor(random() * ${agentIds.length})::int] as agent_id,
       case when g <= ${active} then now() - random() * interval '3 days' else now() - interval '3 days' - random() * interval '177 days' end as last_at
from generate_series(1, ${T}) g;

insert into tickets (tenant_id, contact_id, channel_id, queue_id, user_id, status, unread_messages, last_message, last_message_at, answered, created_at, updated_at, closed_at)
select ${tenantId}, c.id, s.channel_id, s.queue_id,
       case when s.status = 'pending' then null else s.agent_id end,
       s.status,
       case s.status when 'pending' then 1 + floor(random() * 5)::int when 'open' then floor(random() * 3)::int else 0 end,
       n.phrases[1 + floor(random() * array_length(n.phrases, 1))::int],
       s.last_at,
       s.status <> 'pending',
       s.last_at - random() * interval '2 days',
       s.last_at + random() * interval '10 minutes',
       case when s.status = 'closed' then s.last_at + random() * interval '10 minutes' end
from seed_tickets_src s
join seed_contacts c on c.rn = 1 + ((s.g - 1) % ${contacts})
cross join seed_names n
order by s.g;

create temp table seed_tickets as
select id, contact_id, channel_id, user_id, created_at, last_message_at, row_number() over (order by id) as rn
from tickets where tenant_id = ${tenantId} and contact_id in (select id from seed_contacts);
create index on seed_tickets (rn);

insert into messages (id, tenant_id, ticket_id, contact_id, channel_id, external_id, from_me, body, status, ack, user_id, timestamp, created_at, updated_at)
select gen_random_uuid(), ${tenantId}, t.id, t.contact_id, t.channel_id,
       case when m.from_me then null else 'seed:' || m.g end,
       m.from_me,
       n.phrases[1 + floor(random() * array_length(n.phrases, 1))::int],
       case when m.from_me then 'read' else 'received' end,
       case when m.from_me then 3 else 0 end,
       case when m.from_me then t.user_id end,
       t.created_at + m.f * (t.last_message_at - t.created_at),
       t.created_at + m.f * (t.last_message_at - t.created_at),
       t.created_at + m.f * (t.last_message_at - t.created_at)
from (
  select g,
         case when g <= ${T} then g else 1 + floor(${T} * power(random(), 2))::int end as rn,
         random() < 0.4 as from_me,
         random() as f
  from generate_series(1, ${M}) g
) m
join seed_tickets t on t.rn = m.rn
cross join seed_names n;

drop table seed_names, seed_contacts, seed_tickets_src, seed_tickets;
`;
}

const MAINTENANCE_SQL = 'vacuum (analyze) contacts, tickets, messages';

/**
 * Starts the built server on a fresh database and fills the tenant. `opts`: tickets, messages, db,
 * keep, log-statements. `extraSql({ base, adminToken, seedParams })`, if given, is called after the
 * API setup and answers SQL run in the seed's transaction (before VACUUM ANALYZE).
 */
export async function buildTicketTenant(opts, { extraSql } = {}) {
  const T = Math.floor(opts.tickets);
  const M = Math.max(Math.floor(opts.messages), T);
  console.log(`machine: ${machine()}`);
  const database = await prepareDatabase(opts.db, { keep: opts.keep, logStatements: opts['log-statements'] });
  console.log(`database: ${database.describe}`);
  let server = await startServer({ dataDir: database.dataDir, env: database.env });
  console.log(`server: ${server.url} (pid ${server.pid}, node options: ${server.nodeArgs.join(' ') || 'none'})`);

  // ---- setup through the API: queues, users, memberships, channels ----
  let base = server.url;
  const session = await api(base, 'POST', '/auth/login/', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const adminToken = session.token;
  const queues = [];
  for (let q = 1; q <= QUEUES; q++) queues.push(await api(base, 'POST', '/queue', { token: adminToken, body: { name: `Queue ${q}` } }));
  const agents = await pool(
    Array.from({ length: AGENTS }, (_, i) => i + 1),
    4,
    (i) =>
      api(base, 'POST', '/users', {
        token: adminToken,
        body: { name: `Agent ${i}`, email: `agent${i}@bench.local`, password: AGENT_PASSWORD, profile: 'user' },
      }),
  );
  const admin = await api(base, 'POST', '/users', {
    token: adminToken,
    body: { name: 'Tenant admin', email: 'admin@bench.local', password: AGENT_PASSWORD, profile: 'admin' },
  });
  // Agent k is a member of queues k mod 5 and (k + 1) mod 5; the admin of every queue.
  for (let q = 0; q < QUEUES; q++) {
    const members = agents.filter((_, k) => k % QUEUES === q || (k + 1) % QUEUES === q).map((u) => u.id);
    await api(base, 'PUT', `/queue/${queues[q].id}/users`, { token: adminToken, body: { userIds: [...members, admin.id] } });
  }
  const channels = [];
  for (let c = 0; c < 2; c++) {
    channels.push(
      await api(base, 'POST', '/whatsapp', {
        token: adminToken,
        body: { name: `Web chat ${c + 1}`, type: 'webchat', queueId: queues[c].id },
      }),
    );
  }
  const seedParams = {
    tenantId: session.tenantId,
    tickets: T,
    messages: M,
    channelIds: channels.map((c) => c.id),
    queueIds: queues.map((q) => q.id),
    agentIds: agents.map((a) => a.id),
  };
  const agentUser = agents[0];
  const agentQueues = [queues[0].name, queues[1].name]; // agent k = 0: queues 0 and 1
  console.log(
    `setup: tenant ${seedParams.tenantId}, ${QUEUES} queues, ${AGENTS} agents (2 queues each), 1 admin (all queues), 2 web-chat channels`,
  );

  // ---- seed ----
  const sql = seedSql(seedParams) + (extraSql ? await extraSql({ base, adminToken, seedParams }) : '');
  const seedStart = performance.now();
  let insertMs;
  let maintenanceMs;
  if (opts.db === 'postgres') {
    await withBenchClient(database.pgUrl, async (client) => {
      await client.query('begin');
      await client.query(sql);
      await client.query('commit');
      insertMs = performance.now() - seedStart;
      await client.query(MAINTENANCE_SQL);
      // Write the seeded pages out now: otherwise the checkpointer does it during the measurement
      // (a database of this size in steady state has no 60 s bulk load behind it).
      await client.query('checkpoint');
      maintenanceMs = performance.now() - seedStart - insertMs;
    });
  } else {
    await server.stop();
    const stoppedAt = performance.now();
    const { PGlite } = await import('@electric-sql/pglite');
    // The server's extensions too: the contacts' trigram indexes (migration 0004) need pg_trgm.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = await PGlite.create(join(database.dataDir, 'pgdata'), { extensions: { pg_trgm } });
    try {
      await db.exec(`begin; ${sql}; commit;`);
      insertMs = performance.now() - stoppedAt;
      await db.exec(MAINTENANCE_SQL);
      maintenanceMs = performance.now() - stoppedAt - insertMs;
    } finally {
      await db.close();
    }
    server = await startServer({ dataDir: database.dataDir, env: database.env });
    base = server.url;
    console.log(`server restarted on the filled database: ${base} (pid ${server.pid})`);
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(
    `seed: ${T} tickets, ${M} messages, ${Math.max(Math.ceil(T * 0.6), Math.round(T * 0.05))} contacts in ${seedSeconds.toFixed(1)} s ` +
      `(inserts ${(insertMs / 1000).toFixed(1)} s, vacuum analyze${opts.db === 'postgres' ? ' + checkpoint' : ''} ${(maintenanceMs / 1000).toFixed(1)} s${opts.db === 'embedded' ? ', plus the server restart' : ''})`,
  );
  return { server, base, database, seedParams, agents, admin, queues, channels, agentUser, agentQueues, seedSeconds, T, M };
}
