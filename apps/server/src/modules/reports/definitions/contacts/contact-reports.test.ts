/**
 * The five contact reports of /relatorios (lista-contatos, contatos-por-etiquetas, -estado,
 * -kanban, -carteira), called through their definitions on a hand-built data set of two tenants:
 * each report's rows (written out below), filters, sorts, pages and totals, the export batches
 * (concatenated = every row in order, never more than the batch size; their order kept in the
 * database only while the export runs), a supervisor's kanban report (their queues' tickets only),
 * tenant isolation, and the
 * state of a number from its area code (the shared stateOfPhone and the report's SQL agree on
 * every DDD).
 */
import {
  BRAZIL_AREA_CODES,
  BRAZIL_STATES,
  BRAZIL_STORED_NUMBER_PATTERN,
  areaCodesOfStates,
  reportFiltersSchema,
  stateOfPhone,
} from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser } from '../../../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { buildChannel, buildQueue, rows as sqlRows } from '../../../../../test/inbox.js';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  contacts,
  contactTags,
  contactWallets,
  lanes,
  reportExportOrder,
  reportExports,
  tags,
  tickets,
  users,
} from '../../../../platform/db/schema.js';
import type { ReportDefinition, ReportRequest, ReportRow } from '../../report-definition.js';
import { stateCaseSql } from './contact-reports.repository.js';
import { contactReportDefinitions } from './index.js';

const TIME_ZONE = 'America/Sao_Paulo';

let server: TestServer;
let tenantA: number;
let tenantB: number;
let tenantDdd: number;
/** Ids of tenant A's records by name. */
const id: Record<string, number> = {};
/** Tenant B's tag, lane and wallet user (tenant A's reports must not see what they select). */
const other: Record<string, number> = {};

const report = (name: string): ReportDefinition => {
  const definition = contactReportDefinitions.find((candidate) => candidate.name === name);
  if (!definition) throw new Error(`no definition ${name}`);
  return definition;
};

const request = (
  tenantId: number,
  filters: Record<string, string> = {},
  actor: ReportRequest['actor'] = { userId: 1, tenantId, profile: 'admin', sessionId: 'test' },
): ReportRequest => ({
  tenantId,
  actor,
  filters: reportFiltersSchema.parse(filters),
  timeZone: TIME_ZONE,
});

async function page(
  name: string,
  tenantId: number,
  filters: Record<string, string>,
  options: { offset?: number; limit?: number; sort?: string; order?: 'asc' | 'desc' } = {},
) {
  return report(name).page(server.ctx, request(tenantId, filters), {
    offset: options.offset ?? 0,
    limit: options.limit ?? 100,
    sort: options.sort,
    order: options.order ?? 'asc',
  });
}

async function allBatches(
  name: string,
  tenantId: number,
  filters: Record<string, string>,
  batchSize: number,
  sort?: string,
  order?: 'asc' | 'desc',
) {
  // An export of the tenant (its row order is kept in the database while it runs).
  const [maker = await buildUser(server.ctx, tenantId)] = await server.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.tenantId, tenantId))
    .limit(1);
  const exportId = randomUUID();
  await server.ctx.db.insert(reportExports).values({ id: exportId, tenantId, userId: maker.id, report: name, format: 'csv' });
  const batches: ReportRow[][] = [];
  for await (const batch of report(name).batches(server.ctx, request(tenantId, filters), {
    exportId,
    batchSize,
    sort,
    order: order ?? 'asc',
  }))
    batches.push(batch);
  expect(await server.ctx.db.select().from(reportExportOrder).where(eq(reportExportOrder.exportId, exportId))).toEqual([]);
  return batches;
}

const names = (rows: ReportRow[]) => rows.map((row) => row.name);

beforeAll(async () => {
  server = await startTestServer();
  const { ctx } = server;
  const db = ctx.db;
  tenantA = (await buildTenant(ctx)).id;
  tenantB = (await buildTenant(ctx)).id;
  tenantDdd = (await buildTenant(ctx)).id;

  // Tenant A: users (wallet owners), tags, lanes, a channel.
  id.ursula = (await buildUser(ctx, tenantA, { name: 'Ursula Prado', profile: 'user' })).id;
  id.vera = (await buildUser(ctx, tenantA, { name: 'Vera Campos', profile: 'super' })).id;
  const tagRows = await db
    .insert(tags)
    .values([
      { tenantId: tenantA, name: 'VIP', color: '#ff0000' },
      { tenantId: tenantA, name: 'Cliente', color: '#00ff00' },
      { tenantId: tenantA, name: 'Atacado', color: '#0000ff', isActive: false },
    ])
    .returning();
  [id.vip, id.cliente, id.atacado] = tagRows.map((row) => row.id);
  const laneRows = await db
    .insert(lanes)
    .values([
      { tenantId: tenantA, name: 'Ganho', position: 2 },
      { tenantId: tenantA, name: 'Novo', position: 0 },
      { tenantId: tenantA, name: 'Negociação', position: 1 },
    ])
    .returning();
  [id.ganho, id.novo, id.negociacao] = laneRows.map((row) => row.id);
  const channelA = await buildChannel(ctx, tenantA);

  // Tenant A's contacts, in id order. Created times in UTC; São Paulo is UTC−3.
  const contactRows = await db
    .insert(contacts)
    .values([
      {
        tenantId: tenantA,
        name: 'Ana Souza',
        number: '5511987654321',
        email: 'ana@example.test',
        extraInfo: [
          { name: 'CPF', value: '123.456.789-09' },
          { name: 'Plano', value: 'Ouro' },
        ],
        createdAt: new Date('2026-03-01T12:00:00.000Z'),
      },
      // 23:30 on 1 March in São Paulo.
      { tenantId: tenantA, name: 'Bruno Lima', number: '552134567890', email: null, createdAt: new Date('2026-03-02T02:30:00.000Z') },
      {
        tenantId: tenantA,
        name: 'Carla Dias',
        number: '5561998765432',
        email: 'carla@example.test',
        createdAt: new Date('2026-03-05T10:00:00.000Z'),
      },
      // A New York number: no state, although 12 would be a DDD of São Paulo.
      {
        tenantId: tenantA,
        name: 'Daniel Rocha',
        number: '12125550100',
        email: 'daniel@example.test',
        createdAt: new Date('2026-03-10T10:00:00.000Z'),
      },
      // A web-chat visitor (no number); 00:30 on 1 April in São Paulo.
      {
        tenantId: tenantA,
        name: 'Eva Martins',
        number: null,
        externalKey: 'webchat:eva',
        email: 'eva@example.test',
        createdAt: new Date('2026-04-01T03:30:00.000Z'),
      },
      { tenantId: tenantA, name: 'Fabio Costa', number: '5511912345678', email: null, createdAt: new Date('2026-03-15T15:00:00.123Z') },
      // DDD 20 does not exist.
      {
        tenantId: tenantA,
        name: 'Gabi Nunes',
        number: '552033334444',
        email: 'gabi@example.test',
        createdAt: new Date('2026-03-20T15:00:00.000Z'),
      },
      // 23:30 on 31 March in São Paulo.
      {
        tenantId: tenantA,
        name: 'Hugo Alves',
        number: '5547988887777',
        email: 'hugo@example.test',
        createdAt: new Date('2026-04-01T02:30:00.000Z'),
      },
      // Same name as the first: ties are ordered by id. 20:00 on 28 February in São Paulo.
      {
        tenantId: tenantA,
        name: 'Ana Souza',
        number: '5511911112222',
        email: 'anna@example.test',
        createdAt: new Date('2026-02-28T23:00:00.000Z'),
      },
    ])
    .returning();
  [id.ana, id.bruno, id.carla, id.daniel, id.eva, id.fabio, id.gabi, id.hugo, id.ana2] = contactRows.map((row) => row.id);

  await db.insert(contactTags).values([
    { tenantId: tenantA, contactId: id.ana, tagId: id.vip },
    { tenantId: tenantA, contactId: id.ana, tagId: id.cliente },
    { tenantId: tenantA, contactId: id.bruno, tagId: id.vip },
    { tenantId: tenantA, contactId: id.carla, tagId: id.atacado },
    { tenantId: tenantA, contactId: id.fabio, tagId: id.cliente },
  ]);
  await db.insert(tickets).values([
    { tenantId: tenantA, contactId: id.ana, channelId: channelA.id, status: 'open', laneId: id.negociacao },
    { tenantId: tenantA, contactId: id.ana, channelId: channelA.id, status: 'closed', laneId: id.novo },
    { tenantId: tenantA, contactId: id.ana, channelId: channelA.id, status: 'closed', laneId: id.novo },
    { tenantId: tenantA, contactId: id.bruno, channelId: channelA.id, status: 'pending', laneId: id.ganho },
    { tenantId: tenantA, contactId: id.carla, channelId: channelA.id, status: 'open', laneId: null },
    { tenantId: tenantA, contactId: id.hugo, channelId: channelA.id, status: 'closed', laneId: id.novo },
  ]);
  await db.insert(contactWallets).values([
    { tenantId: tenantA, contactId: id.ana, userId: id.vera },
    { tenantId: tenantA, contactId: id.ana, userId: id.ursula },
    { tenantId: tenantA, contactId: id.carla, userId: id.vera },
    { tenantId: tenantA, contactId: id.daniel, userId: id.ursula },
  ]);

  // Tenant B: the same kinds of records, which tenant A's reports never show.
  other.user = (await buildUser(ctx, tenantB, { name: 'Ursula Prado' })).id;
  other.tag = (await db.insert(tags).values({ tenantId: tenantB, name: 'Cliente', color: '#00ff00' }).returning())[0].id;
  other.lane = (await db.insert(lanes).values({ tenantId: tenantB, name: 'Novo', position: 0 }).returning())[0].id;
  const channelB = await buildChannel(ctx, tenantB);
  const [zeca, yara] = await db
    .insert(contacts)
    .values([
      {
        tenantId: tenantB,
        name: 'Zeca Outro',
        number: '5511987654321',
        email: 'zeca@example.test',
        createdAt: new Date('2026-03-01T12:00:00.000Z'),
      },
      { tenantId: tenantB, name: 'Ana Outra', number: '5521900000002', email: null, createdAt: new Date('2026-03-01T13:00:00.000Z') },
    ])
    .returning();
  other.zeca = zeca.id;
  await db.insert(contactTags).values({ tenantId: tenantB, contactId: zeca.id, tagId: other.tag });
  await db.insert(tickets).values({ tenantId: tenantB, contactId: zeca.id, channelId: channelB.id, status: 'open', laneId: other.lane });
  await db.insert(contactWallets).values([
    { tenantId: tenantB, contactId: zeca.id, userId: other.user },
    { tenantId: tenantB, contactId: yara.id, userId: other.user },
  ]);

  // A third tenant with one number per two-digit code 10–99, as a mobile (13 digits) and a landline (12 digits).
  const dddContacts = [];
  for (let code = 10; code <= 99; code++) {
    dddContacts.push({ tenantId: tenantDdd, name: `Mobile ${code}`, number: `55${code}987654321` });
    dddContacts.push({ tenantId: tenantDdd, name: `Landline ${code}`, number: `55${code}34567890` });
  }
  dddContacts.push({ tenantId: tenantDdd, name: 'Too long', number: '55119876543210' });
  dddContacts.push({ tenantId: tenantDdd, name: 'Too short', number: '5511987654' });
  dddContacts.push({ tenantId: tenantDdd, name: 'Portugal', number: '351912345678' });
  dddContacts.push({ tenantId: tenantDdd, name: 'Group', number: '120363025246125486', isGroup: true });
  await db.insert(contacts).values(dddContacts);
}, 120_000);
afterAll(() => server?.close());

const ana = { name: 'Ana Souza', number: '5511987654321', email: 'ana@example.test' };
const ana2 = { name: 'Ana Souza', number: '5511911112222', email: 'anna@example.test' };
const bruno = { name: 'Bruno Lima', number: '552134567890', email: null };
const carla = { name: 'Carla Dias', number: '5561998765432', email: 'carla@example.test' };
const daniel = { name: 'Daniel Rocha', number: '12125550100', email: 'daniel@example.test' };
const eva = { name: 'Eva Martins', number: null, email: 'eva@example.test' };
const fabio = { name: 'Fabio Costa', number: '5511912345678', email: null };
const gabi = { name: 'Gabi Nunes', number: '552033334444', email: 'gabi@example.test' };
const hugo = { name: 'Hugo Alves', number: '5547988887777', email: 'hugo@example.test' };

describe('lista-contatos', () => {
  const listRow = (contact: object, extraInfo: string | null, createdAt: string) => ({ ...contact, extraInfo, createdAt });
  const all = [
    listRow(ana, 'CPF: 123.456.789-09; Plano: Ouro', '2026-03-01T12:00:00.000Z'),
    listRow(ana2, null, '2026-02-28T23:00:00.000Z'),
    listRow(bruno, null, '2026-03-02T02:30:00.000Z'),
    listRow(carla, null, '2026-03-05T10:00:00.000Z'),
    listRow(daniel, null, '2026-03-10T10:00:00.000Z'),
    listRow(eva, null, '2026-04-01T03:30:00.000Z'),
    listRow(fabio, null, '2026-03-15T15:00:00.123Z'),
    listRow(gabi, null, '2026-03-20T15:00:00.000Z'),
    listRow(hugo, null, '2026-04-01T02:30:00.000Z'),
  ];

  it('lists every contact of the tenant by name (ties by id) with its extra info and creation date, in the columns order', async () => {
    const result = await page('lista-contatos', tenantA, {});
    expect(result).toEqual({ rows: all, total: 9 });
    expect(Object.keys(result.rows[0])).toEqual(['name', 'number', 'email', 'extraInfo', 'createdAt']);
    expect(await report('lista-contatos').count(server.ctx, request(tenantA))).toBe(9);
  });

  it('filters by creation day in the tenant time zone, both ends included', async () => {
    // 1 March in São Paulo: Ana (09:00) and Bruno (23:30, already 2 March in UTC); not Ana 2 (28 Feb, 20:00).
    expect(await page('lista-contatos', tenantA, { from: '2026-03-01', to: '2026-03-01' })).toEqual({ rows: [all[0], all[2]], total: 2 });
    // From 1 April: Eva (00:30 local); not Hugo (31 March, 23:30 local, although 1 April in UTC).
    expect(names((await page('lista-contatos', tenantA, { from: '2026-04-01' })).rows)).toEqual(['Eva Martins']);
    expect(names((await page('lista-contatos', tenantA, { to: '2026-02-28' })).rows)).toEqual(['Ana Souza']);
    expect((await page('lista-contatos', tenantA, { from: '2026-03-02', to: '2026-03-31' })).rows).toEqual([
      all[3],
      all[4],
      all[6],
      all[7],
      all[8],
    ]);
    expect(await report('lista-contatos').count(server.ctx, request(tenantA, { from: '2026-03-02', to: '2026-03-31' }))).toBe(5);
  });

  it('sorts by any column in either direction (empty values first when ascending), ties by id in the same direction', async () => {
    const byCreated = await page('lista-contatos', tenantA, {}, { sort: 'createdAt' });
    expect(names(byCreated.rows)).toEqual([
      'Ana Souza',
      'Ana Souza',
      'Bruno Lima',
      'Carla Dias',
      'Daniel Rocha',
      'Fabio Costa',
      'Gabi Nunes',
      'Hugo Alves',
      'Eva Martins',
    ]);
    expect(byCreated.rows[0].email).toBe('anna@example.test');
    const byEmailDesc = await page('lista-contatos', tenantA, {}, { sort: 'email', order: 'desc' });
    expect(byEmailDesc.rows.map((row) => row.email)).toEqual([
      'hugo@example.test',
      'gabi@example.test',
      'eva@example.test',
      'daniel@example.test',
      'carla@example.test',
      'anna@example.test',
      'ana@example.test',
      null,
      null,
    ]);
    // The two without e-mail: Fabio (higher id) before Bruno when descending.
    expect(names(byEmailDesc.rows.slice(7))).toEqual(['Fabio Costa', 'Bruno Lima']);
    const byNameDesc = await page('lista-contatos', tenantA, {}, { sort: 'name', order: 'desc' });
    expect(byNameDesc.rows.map((row) => row.number)).toEqual([
      '5547988887777',
      '552033334444',
      '5511912345678',
      null,
      '12125550100',
      '5561998765432',
      '552134567890',
      '5511911112222',
      '5511987654321',
    ]);
    // An unknown column: the default order (name ascending, then id).
    expect((await page('lista-contatos', tenantA, {}, { sort: 'wallets', order: 'desc' })).rows).toEqual(all);
    const byNumber = await page('lista-contatos', tenantA, {}, { sort: 'number' });
    expect(byNumber.rows.map((row) => row.number)).toEqual([
      null,
      '12125550100',
      '5511911112222',
      '5511912345678',
      '5511987654321',
      '552033334444',
      '552134567890',
      '5547988887777',
      '5561998765432',
    ]);
  });

  it('pages with offset and limit; the total is the whole result', async () => {
    expect(await page('lista-contatos', tenantA, {}, { offset: 2, limit: 3 })).toEqual({ rows: all.slice(2, 5), total: 9 });
    expect(await page('lista-contatos', tenantA, {}, { offset: 8, limit: 3 })).toEqual({ rows: all.slice(8), total: 9 });
    expect(await page('lista-contatos', tenantA, {}, { offset: 25, limit: 25 })).toEqual({ rows: [], total: 9 });
  });

  it('shows another tenant only its own contacts', async () => {
    expect(await page('lista-contatos', tenantB, {})).toEqual({
      rows: [
        { name: 'Ana Outra', number: '5521900000002', email: null, extraInfo: null, createdAt: '2026-03-01T13:00:00.000Z' },
        { name: 'Zeca Outro', number: '5511987654321', email: 'zeca@example.test', extraInfo: null, createdAt: '2026-03-01T12:00:00.000Z' },
      ],
      total: 2,
    });
  });
});

describe('contatos-por-etiquetas', () => {
  it('lists the contacts carrying any of the tags, with all their tags by name', async () => {
    expect(await page('contatos-por-etiquetas', tenantA, { tagIds: `${id.vip},${id.cliente}` })).toEqual({
      rows: [
        { ...ana, tags: 'Cliente, VIP' },
        { ...bruno, tags: 'VIP' },
        { ...fabio, tags: 'Cliente' },
      ],
      total: 3,
    });
    // An inactive tag still selects and shows.
    expect(await page('contatos-por-etiquetas', tenantA, { tagIds: String(id.atacado) })).toEqual({
      rows: [{ ...carla, tags: 'Atacado' }],
      total: 1,
    });
    expect(await report('contatos-por-etiquetas').count(server.ctx, request(tenantA, { tagIds: String(id.cliente) }))).toBe(2);
  });

  it('sorts by the tags column', async () => {
    const result = await page(
      'contatos-por-etiquetas',
      tenantA,
      { tagIds: `${id.vip},${id.cliente},${id.atacado}` },
      { sort: 'tags', order: 'desc' },
    );
    expect(result.rows.map((row) => [row.name, row.tags])).toEqual([
      ['Bruno Lima', 'VIP'],
      ['Ana Souza', 'Cliente, VIP'],
      ['Fabio Costa', 'Cliente'],
      ['Carla Dias', 'Atacado'],
    ]);
  });

  it("never selects with another tenant's tag, and shows another tenant only its contacts", async () => {
    expect(await page('contatos-por-etiquetas', tenantA, { tagIds: String(other.tag) })).toEqual({ rows: [], total: 0 });
    expect(names((await page('contatos-por-etiquetas', tenantA, { tagIds: `${other.tag},${id.cliente}` })).rows)).toEqual([
      'Ana Souza',
      'Fabio Costa',
    ]);
    expect(await page('contatos-por-etiquetas', tenantB, { tagIds: `${other.tag},${id.cliente},${id.vip}` })).toEqual({
      rows: [{ name: 'Zeca Outro', number: '5511987654321', email: 'zeca@example.test', tags: 'Cliente' }],
      total: 1,
    });
  });

  it('selects nothing without a tag', async () => {
    expect(await page('contatos-por-etiquetas', tenantA, {})).toEqual({ rows: [], total: 0 });
  });
});

describe('contatos-por-estado', () => {
  it("lists the contacts whose number's area code is in the states", async () => {
    expect(await page('contatos-por-estado', tenantA, { states: 'SP' })).toEqual({
      rows: [
        { ...ana, state: 'SP' },
        { ...ana2, state: 'SP' },
        { ...fabio, state: 'SP' },
      ],
      total: 3,
    });
    expect(await page('contatos-por-estado', tenantA, { states: 'RJ,DF,SC' })).toEqual({
      rows: [
        { ...bruno, state: 'RJ' },
        { ...carla, state: 'DF' },
        { ...hugo, state: 'SC' },
      ],
      total: 3,
    });
    // No contact of tenant A in Bahia; another country's number, a web-chat visitor and an unknown DDD are in no state.
    expect(await page('contatos-por-estado', tenantA, { states: 'BA' })).toEqual({ rows: [], total: 0 });
    const everyState = await page('contatos-por-estado', tenantA, { states: BRAZIL_STATES.join(',') });
    expect(names(everyState.rows)).toEqual(['Ana Souza', 'Ana Souza', 'Bruno Lima', 'Carla Dias', 'Fabio Costa', 'Hugo Alves']);
    expect(await page('contatos-por-estado', tenantA, {})).toEqual({ rows: [], total: 0 });
  });

  it('sorts by state (ties by id)', async () => {
    const result = await page('contatos-por-estado', tenantA, { states: 'SP,RJ,DF,SC' }, { sort: 'state' });
    expect(result.rows.map((row) => [row.state, row.number])).toEqual([
      ['DF', '5561998765432'],
      ['RJ', '552134567890'],
      ['SC', '5547988887777'],
      ['SP', '5511987654321'],
      ['SP', '5511912345678'],
      ['SP', '5511911112222'],
    ]);
    expect(result.total).toBe(6);
  });

  it('shows another tenant only its contacts', async () => {
    expect(await page('contatos-por-estado', tenantB, { states: 'SP' })).toEqual({
      rows: [{ name: 'Zeca Outro', number: '5511987654321', email: 'zeca@example.test', state: 'SP' }],
      total: 1,
    });
  });

  it('agrees with stateOfPhone on every two-digit code, as mobile and landline', async () => {
    const result = await page('contatos-por-estado', tenantDdd, { states: BRAZIL_STATES.join(',') }, { limit: 1000 });
    expect(result.total).toBe(134);
    expect(result.rows.every((row) => row.state === stateOfPhone(row.number as string))).toBe(true);
    const expected = [];
    for (let code = 10; code <= 99; code++) {
      for (const number of [`55${code}987654321`, `55${code}34567890`]) if (stateOfPhone(number)) expected.push(number);
    }
    expect(result.rows.map((row) => row.number).sort()).toEqual(expected.sort());
    // Each state on its own: its own codes only.
    for (const state of BRAZIL_STATES) {
      const one = await page('contatos-por-estado', tenantDdd, { states: state }, { limit: 1000 });
      expect(one.total).toBe(areaCodesOfStates([state]).length * 2);
      expect(new Set(one.rows.map((row) => row.state))).toEqual(new Set([state]));
    }
    // The SQL expression itself, on numbers in and out of the pattern.
    const numbers = ['55119876543210', '5511987654', '351912345678', '120363025246125486', '12125550100', '11987654321', ''];
    for (let code = 0; code <= 99; code++) {
      const ddd = String(code).padStart(2, '0');
      numbers.push(`55${ddd}987654321`, `55${ddd}34567890`, `55${ddd}1234567`);
    }
    const found = await sqlRows(
      server.ctx,
      sql`select n as number, ${sql.raw(stateCaseSql('n'))} as state from unnest(${`{${numbers.map((n) => `"${n}"`).join(',')}}`}::text[]) as n`,
    );
    expect(found).toHaveLength(numbers.length);
    for (const row of found) expect([row.number, row.state]).toEqual([row.number, stateOfPhone(row.number as string)]);
  });
});

describe('contatos-por-estado on large tenants', () => {
  it("can read a state's contacts from the area-code index (its predicate is the report's number pattern)", async () => {
    const [index] = await sqlRows(server.ctx, sql`select indexdef from pg_indexes where indexname = 'contacts_tenant_area_code_idx'`);
    expect(index.indexdef).toContain(`~ '${BRAZIL_STORED_NUMBER_PATTERN}'::text`);
    // The report's own count, planned without sequential scans: the partial index must be usable.
    const plans: string[] = [];
    await server.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explaining = new Proxy(tx, {
        get: (target, prop, receiver) =>
          prop === 'execute'
            ? async (query: ReturnType<typeof sql>) => {
                const plan = await sqlRows({ ...server.ctx, db: target }, sql`explain ${query}`);
                plans.push(plan.map((row) => String(row['QUERY PLAN'])).join('\n'));
                return target.execute(query);
              }
            : Reflect.get(target, prop, receiver),
      });
      expect(await report('contatos-por-estado').count({ ...server.ctx, db: explaining }, request(tenantDdd, { states: 'SP' }))).toBe(18);
    });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain('contacts_tenant_area_code_idx');
  });
});

describe('contatos-por-kanban', () => {
  it("lists the contacts with a ticket (any status) in any of the lanes, with all their tickets' lanes in board order", async () => {
    expect(await page('contatos-por-kanban', tenantA, { laneIds: String(id.novo) })).toEqual({
      rows: [
        { ...ana, lanes: 'Novo, Negociação' },
        { ...hugo, lanes: 'Novo' },
      ],
      total: 2,
    });
    expect(await page('contatos-por-kanban', tenantA, { laneIds: `${id.negociacao},${id.ganho}` })).toEqual({
      rows: [
        { ...ana, lanes: 'Novo, Negociação' },
        { ...bruno, lanes: 'Ganho' },
      ],
      total: 2,
    });
    expect(await page('contatos-por-kanban', tenantA, {})).toEqual({ rows: [], total: 0 });
  });

  it('sorts by the lanes column', async () => {
    const result = await page('contatos-por-kanban', tenantA, { laneIds: `${id.novo},${id.negociacao},${id.ganho}` }, { sort: 'lanes' });
    expect(result.rows.map((row) => [row.name, row.lanes])).toEqual([
      ['Bruno Lima', 'Ganho'],
      ['Hugo Alves', 'Novo'],
      ['Ana Souza', 'Novo, Negociação'],
    ]);
  });

  it("for a supervisor, counts only their queues' tickets (the ticket reports' visibility)", async () => {
    const supervisor = await buildUser(server.ctx, tenantA, { name: 'Sara Supervisora', profile: 'super' });
    const queue = await buildQueue(server.ctx, tenantA, [supervisor.id]);
    const elsewhere = await buildQueue(server.ctx, tenantA);
    const [brunoTicket] = await server.ctx.db.update(tickets).set({ queueId: queue.id }).where(eq(tickets.contactId, id.bruno)).returning();
    const [hugoTicket] = await server.ctx.db
      .update(tickets)
      .set({ queueId: elsewhere.id })
      .where(eq(tickets.contactId, id.hugo))
      .returning();
    try {
      const actor = { userId: supervisor.id, tenantId: tenantA, profile: 'super' as const, sessionId: 'test' };
      const filters = { laneIds: `${id.novo},${id.negociacao},${id.ganho}` };
      const definition = report('contatos-por-kanban');
      expect(await definition.page(server.ctx, request(tenantA, filters, actor), { offset: 0, limit: 10, order: 'asc' })).toEqual({
        rows: [{ ...bruno, lanes: 'Ganho' }],
        total: 1,
      });
      expect(await definition.count(server.ctx, request(tenantA, filters, actor))).toBe(1);
    } finally {
      await server.ctx.db.update(tickets).set({ queueId: null }).where(eq(tickets.id, brunoTicket.id));
      await server.ctx.db.update(tickets).set({ queueId: null }).where(eq(tickets.id, hugoTicket.id));
    }
  });

  it("never selects with another tenant's lane", async () => {
    expect(await page('contatos-por-kanban', tenantA, { laneIds: String(other.lane) })).toEqual({ rows: [], total: 0 });
    expect(await page('contatos-por-kanban', tenantB, { laneIds: `${other.lane},${id.novo}` })).toEqual({
      rows: [{ name: 'Zeca Outro', number: '5511987654321', email: 'zeca@example.test', lanes: 'Novo' }],
      total: 1,
    });
  });
});

describe('contatos-por-carteira', () => {
  it('lists the contacts in the wallet of any of the users, with all their wallet owners by name', async () => {
    expect(await page('contatos-por-carteira', tenantA, { walletUserIds: String(id.ursula) })).toEqual({
      rows: [
        { ...ana, wallets: 'Ursula Prado, Vera Campos' },
        { ...daniel, wallets: 'Ursula Prado' },
      ],
      total: 2,
    });
    expect(
      await page('contatos-por-carteira', tenantA, { walletUserIds: `${id.vera},${id.ursula}` }, { sort: 'wallets', order: 'desc' }),
    ).toEqual({
      rows: [
        { ...carla, wallets: 'Vera Campos' },
        { ...ana, wallets: 'Ursula Prado, Vera Campos' },
        { ...daniel, wallets: 'Ursula Prado' },
      ],
      total: 3,
    });
    expect(await page('contatos-por-carteira', tenantA, {})).toEqual({ rows: [], total: 0 });
  });

  it("never selects with another tenant's user", async () => {
    expect(await page('contatos-por-carteira', tenantA, { walletUserIds: String(other.user) })).toEqual({ rows: [], total: 0 });
    expect(names((await page('contatos-por-carteira', tenantB, { walletUserIds: `${other.user},${id.ursula}` })).rows)).toEqual([
      'Ana Outra',
      'Zeca Outro',
    ]);
  });
});

describe('export batches', () => {
  const small = [1, 2, 3, 50];
  const cases: {
    name: string;
    tenantId: () => number;
    filters: () => Record<string, string>;
    sorts: (string | undefined)[];
    sizes: number[];
  }[] = [
    {
      name: 'lista-contatos',
      tenantId: () => tenantA,
      filters: () => ({}),
      sorts: [undefined, 'name', 'number', 'email', 'extraInfo', 'createdAt'],
      sizes: small,
    },
    {
      name: 'contatos-por-etiquetas',
      tenantId: () => tenantA,
      filters: () => ({ tagIds: `${id.vip},${id.cliente},${id.atacado}` }),
      sorts: ['name', 'tags'],
      sizes: small,
    },
    // 134 rows, many sharing a state: ties cut across batches.
    {
      name: 'contatos-por-estado',
      tenantId: () => tenantDdd,
      filters: () => ({ states: BRAZIL_STATES.join(',') }),
      sorts: ['name', 'state', 'number'],
      sizes: [7, 134, 500],
    },
    {
      name: 'contatos-por-kanban',
      tenantId: () => tenantA,
      filters: () => ({ laneIds: `${id.novo},${id.negociacao},${id.ganho}` }),
      sorts: ['lanes', 'email'],
      sizes: small,
    },
    {
      name: 'contatos-por-carteira',
      tenantId: () => tenantA,
      filters: () => ({ walletUserIds: `${id.vera},${id.ursula}` }),
      sorts: ['wallets', 'name'],
      sizes: small,
    },
  ];

  it('concatenated, are every row of the report in the page order, each batch at most the batch size', async () => {
    for (const { name, tenantId, filters, sorts, sizes } of cases) {
      for (const sort of sorts) {
        for (const order of ['asc', 'desc'] as const) {
          const whole = await page(name, tenantId(), filters(), { sort, order, limit: 1000 });
          expect(whole.rows.length, `${name} ${sort}`).toBe(whole.total);
          expect(await report(name).count(server.ctx, request(tenantId(), filters()))).toBe(whole.total);
          for (const size of sizes) {
            const batches = await allBatches(name, tenantId(), filters(), size, sort, order);
            expect(batches.flat(), `${name} ${sort} ${order} by ${size}`).toEqual(whole.rows);
            expect(batches.every((batch) => batch.length >= 1 && batch.length <= size)).toBe(true);
            expect(batches.length).toBe(Math.ceil(whole.total / size));
          }
        }
      }
    }
  });

  it("never carry another tenant's contacts, and an empty selection yields no batch", async () => {
    const batches = await allBatches('lista-contatos', tenantB, {}, 1);
    expect(batches.flat().map((row) => row.name)).toEqual(['Ana Outra', 'Zeca Outro']);
    expect(await allBatches('contatos-por-etiquetas', tenantA, { tagIds: String(other.tag) }, 10)).toEqual([]);
    expect(await allBatches('lista-contatos', tenantA, { from: '2030-01-01' }, 10)).toEqual([]);
  });
});

describe('stateOfPhone (shared)', () => {
  it('reads the state from the area code of a number with its country code', () => {
    expect(stateOfPhone('5511987654321')).toBe('SP');
    expect(stateOfPhone('+55 (11) 98765-4321')).toBe('SP');
    expect(stateOfPhone('+55 21 3456-7890')).toBe('RJ');
    expect(stateOfPhone('556134567890')).toBe('DF');
    expect(stateOfPhone('55 99 8765.4321')).toBe('MA');
    expect(stateOfPhone('5568987654321')).toBe('AC');
  });

  it('answers null for another country, an unknown area code, a wrong length or no number', () => {
    expect(stateOfPhone('12125550100')).toBeNull();
    expect(stateOfPhone('+1 212 555 0100')).toBeNull();
    expect(stateOfPhone('351912345678')).toBeNull();
    // National numbers without 55 are not guessed (the same digits can be another country's).
    expect(stateOfPhone('11987654321')).toBeNull();
    expect(stateOfPhone('5520987654321')).toBeNull();
    expect(stateOfPhone('5510987654321')).toBeNull();
    expect(stateOfPhone('55119876543210')).toBeNull();
    expect(stateOfPhone('5511987654')).toBeNull();
    expect(stateOfPhone('55 11 9876x4321')).toBeNull();
    expect(stateOfPhone('')).toBeNull();
    expect(stateOfPhone(null)).toBeNull();
  });

  it("has Anatel's 67 area codes covering the 27 states", () => {
    expect(Object.keys(BRAZIL_AREA_CODES)).toHaveLength(67);
    expect(new Set(Object.values(BRAZIL_AREA_CODES))).toEqual(new Set(BRAZIL_STATES));
    expect(areaCodesOfStates(['SP'])).toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19']);
    expect(areaCodesOfStates(['DF', 'RJ'])).toEqual(['21', '22', '24', '61']);
    expect(areaCodesOfStates([])).toEqual([]);
  });
});
