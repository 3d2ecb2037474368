/**
 * Report exports (issue 14): the job writes CSV and XLSX files whose content is parsed back here,
 * tells its maker its progress (`report:export`), and only its maker reads or downloads it.
 */
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { REPORT_ERROR_MESSAGES, REPORT_EXPORT_SOCKET_EVENT, type ReportExport } from '@conversa/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildContact,
  buildInboxTenant,
  closeAllSockets,
  connectAgent,
  eventually,
  rows,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';
import { reportExportPath } from './report-export-files.js';
import { purgeReportExports } from './use-cases/purge-report-exports.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let bulk: InboxTenant;
let other: InboxTenant;
let supervisor: Agent;
const ids: Record<string, number> = {};
let contactNumber: string;

async function ticket(
  name: string,
  values: { userId: number | null; status: string; createdAt: string; closedAt?: string; lastMessage: string; queueId?: number | null },
): Promise<number> {
  const contact = await buildContact(server.ctx, t.tenant.id, { name });
  contactNumber = contact.number!;
  const [row] = await rows(
    server.ctx,
    sql`insert into tickets (tenant_id, contact_id, channel_id, queue_id, user_id, status, created_at, updated_at, closed_at, last_message)
        values (${t.tenant.id}, ${contact.id}, ${t.channel.id}, ${values.queueId === undefined ? t.queue.id : values.queueId}, ${values.userId}, ${values.status},
                ${values.createdAt}, ${values.createdAt}, ${values.closedAt ?? null}, ${values.lastMessage})
        returning id`,
  );
  return Number(row.id);
}

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  bulk = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super');
  ids.t1 = await ticket('Ana "Aninha", Reis', {
    userId: t.agent.id,
    status: 'closed',
    createdAt: '2026-11-10T12:00:00Z',
    closedAt: '2026-11-10T12:30:00Z',
    lastMessage: '=SUM(1)',
  });
  await server.ctx.db.execute(sql`update tickets set value = 150.5 where id = ${ids.t1}`);
  await server.ctx.db.execute(sql`
    insert into messages (id, tenant_id, ticket_id, contact_id, channel_id, from_me, body, status, user_id, created_at, updated_at, timestamp)
    select ${randomUUID()}, t.tenant_id, t.id, t.contact_id, t.channel_id, true, 'oi', 'sent', t.user_id, '2026-11-10T12:07:30Z', now(), now()
      from tickets t where t.id = ${ids.t1}`);
  // As the product's statement storing an agent's reply does (dashboard test): the ticket's first response.
  await server.ctx.db.execute(sql`update tickets set first_response_at = '2026-11-10T12:07:30Z' where id = ${ids.t1}`);
  await server.ctx.db.execute(
    sql`insert into ticket_notes (tenant_id, ticket_id, note) values (${t.tenant.id}, ${ids.t1}, 'linha 1' || chr(10) || 'linha 2')`,
  );
  // 2,500 tickets of another tenant: progress is told every 1,000 rows.
  await server.ctx.db.execute(sql`
    with c as (
      insert into contacts (tenant_id, name, number)
      select ${bulk.tenant.id}, 'Bulk ' || lpad(g::text, 4, '0'), '5511' || lpad(g::text, 9, '0') from generate_series(1, 2500) g
      returning id
    )
    insert into tickets (tenant_id, contact_id, channel_id, queue_id, status, created_at, updated_at)
    select ${bulk.tenant.id}, c.id, ${bulk.channel.id}, ${bulk.queue.id}, 'pending', '2026-11-05T12:00:00Z', now() from c`);
});
afterAll(() => {
  closeAllSockets();
  return server?.close();
});

const NOV = { from: '2026-11-01', to: '2026-11-30' };

async function startExport(report: string, body: Record<string, unknown>, token = t.admin.token): Promise<ReportExport> {
  const response = await api.post(`/reports/${report}/exports`, body, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body as ReportExport;
}

async function finished(id: string, token = t.admin.token): Promise<ReportExport> {
  return eventually(
    async () => {
      const response = await api.get(`/reports/exports/${id}`, { token });
      return response.body.status === 'done' || response.body.status === 'failed' ? (response.body as ReportExport) : undefined;
    },
    { timeoutMs: 15_000, what: `export ${id} to finish` },
  );
}

async function download(id: string, token = t.admin.token): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const response = await fetch(`${server.url}/reports/exports/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

describe('exports', () => {
  it('CSV: UTF-8 with a BOM, Portuguese titles, quoted cells, formulas neutralised, dates in the tenant time zone', async () => {
    const started = await startExport('atendimentos-por-parametros', {
      format: 'csv',
      filters: { ...NOV, queueIds: String(t.queue.id) },
    });
    expect(started).toMatchObject({ report: 'atendimentos-por-parametros', format: 'csv', downloadUrl: null, finishedAt: null });
    expect(['queued', 'running', 'done']).toContain(started.status);
    const done = await finished(started.id);
    expect(done).toMatchObject({
      status: 'done',
      rowsDone: 1,
      rowsTotal: 1,
      error: null,
      downloadUrl: `/reports/exports/${started.id}/download`,
    });
    const file = await download(started.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Atendimentos por parametros \d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''Atendimentos%20por%20par%C3%A2metros%20\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect([...file.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.body.toString('utf8').slice(1);
    // `;` separated (a spreadsheet set up in Portuguese splits the columns); quotes where needed.
    expect(text.split('\n')[0]).toMatch(/^ID;Status;Nome do contato;Número;/);
    expect(text).toContain('"Ana ""Aninha"", Reis"');
    expect(parse(text, { delimiter: ';' })).toEqual([
      [
        'ID',
        'Status',
        'Nome do contato',
        'Número',
        'Conexão',
        'Última mensagem',
        'Mensagens não lidas',
        'Motivo',
        'Fila',
        'Canal',
        'Valor',
        'Notas',
        'Data de criação',
      ],
      [
        String(ids.t1),
        'Resolvido',
        'Ana "Aninha", Reis',
        contactNumber,
        t.channel.name,
        "'=SUM(1)",
        '0',
        '',
        t.queue.name,
        'Chat do site (webchat)',
        '150.5',
        'linha 1\nlinha 2',
        '10/11/2026 09:00:00',
      ],
    ]);
  });

  it('XLSX: the same rows, numbers as numbers, durations as H:MM:SS', async () => {
    const started = await startExport('estatisticas-atendimentos-usuarios', {
      format: 'xlsx',
      filters: { ...NOV, queueIds: [String(t.queue.id)] },
      sort: 'total',
      order: 'desc',
    });
    const done = await finished(started.id);
    expect(done).toMatchObject({ status: 'done', rowsDone: 1, rowsTotal: 1 });
    const file = await download(started.id);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Estat%C3%ADsticas%20de%20atendimentos%20por%20usu%C3%A1rio%20",
    );
    const sheet = await readSheet(file.body);
    expect(sheet).toEqual([
      [
        'Nome',
        'E-mail',
        'Pendentes',
        'Em atendimento',
        'Resolvidos',
        'Total',
        'Tempo médio da primeira resposta',
        'Tempo médio de atendimento',
      ],
      [t.agent.name, t.agent.email, 0, 0, 1, 1, '0:07:30', '0:30:00'],
    ]);
  });

  it('"Sem fila": the tickets without queue, alone or with queues, as on screen (XLSX and CSV); channel types by name', async () => {
    const loose = await ticket('Sem Fila Silva', {
      userId: null,
      status: 'pending',
      createdAt: '2026-11-20T12:00:00Z',
      lastMessage: 'oi',
      queueId: null,
    });
    const alone = await startExport('atendimentos-por-parametros', { format: 'xlsx', filters: { ...NOV, withoutQueue: 'true' } });
    expect(await finished(alone.id)).toMatchObject({ status: 'done', rowsDone: 1, rowsTotal: 1 });
    const sheet = await readSheet((await download(alone.id)).body);
    expect(sheet[1]).toEqual([
      loose,
      'Pendente',
      'Sem Fila Silva',
      contactNumber,
      t.channel.name,
      'oi',
      0,
      null,
      null,
      'Chat do site (webchat)',
      null,
      null,
      '20/11/2026 09:00:00',
    ]);
    const both = await startExport('atendimentos-por-parametros', {
      format: 'csv',
      filters: { ...NOV, queueIds: String(t.queue.id), withoutQueue: 'true' },
    });
    expect(await finished(both.id)).toMatchObject({ status: 'done', rowsDone: 2, rowsTotal: 2 });
    const lines: string[][] = parse((await download(both.id)).body.toString('utf8').slice(1), { delimiter: ';' });
    expect(lines.slice(1).map((line) => Number(line[0]))).toEqual([ids.t1, loose]);
    // Without it, as before: the queue's ticket alone; a "no queue" that is not a boolean is refused.
    const queueOnly = await startExport('atendimentos-por-parametros', {
      format: 'csv',
      filters: { ...NOV, queueIds: String(t.queue.id) },
    });
    expect(await finished(queueOnly.id)).toMatchObject({ status: 'done', rowsDone: 1 });
    const refused = await api.post(
      '/reports/atendimentos-por-parametros/exports',
      { format: 'csv', filters: { ...NOV, withoutQueue: 'sim' } },
      { token: t.admin.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_VALIDATION');
    await server.ctx.db.execute(sql`delete from tickets where id = ${loose}`);
  });

  it('progress every 1,000 rows and the end reach the maker by socket; the file holds every row', async () => {
    const socket = await connectAgent(server.url, bulk.admin.token);
    const started = await startExport(
      'atendimentos-por-parametros',
      { format: 'csv', filters: { ...NOV, queueIds: String(bulk.queue.id) }, sort: 'name' },
      bulk.admin.token,
    );
    const end = await socket.waitFor(REPORT_EXPORT_SOCKET_EVENT, (e: ReportExport) => e.id === started.id && e.status === 'done', 15_000);
    expect(end).toMatchObject({ status: 'done', rowsDone: 2500, rowsTotal: 2500, downloadUrl: `/reports/exports/${started.id}/download` });
    const told = socket
      .received(REPORT_EXPORT_SOCKET_EVENT, (e: ReportExport) => e.id === started.id)
      .map((e: ReportExport) => [e.status, e.rowsDone]);
    expect(told).toEqual([
      ['running', 0],
      ['running', 1000],
      ['running', 2000],
      ['done', 2500],
    ]);
    const lines: string[][] = parse((await download(started.id, bulk.admin.token)).body.toString('utf8').slice(1), { delimiter: ';' });
    expect(lines).toHaveLength(2501);
    // Sorted by name across batches (keyset pages), each ticket once.
    expect(lines.slice(1).map((line) => line[2])).toEqual(Array.from({ length: 2500 }, (_, i) => `Bulk ${String(i + 1).padStart(4, '0')}`));
    // Nobody else hears of it.
    const peer = await connectAgent(server.url, t.admin.token);
    const again = await startExport('atendimentos-por-parametros', { format: 'xlsx', filters: { ...NOV, queueIds: String(t.queue.id) } });
    await peer.waitFor(REPORT_EXPORT_SOCKET_EVENT, (e: ReportExport) => e.id === again.id && e.status === 'done', 15_000);
    expect(peer.received(REPORT_EXPORT_SOCKET_EVENT, (e: ReportExport) => e.id === started.id)).toEqual([]);
    expect(socket.received(REPORT_EXPORT_SOCKET_EVENT, (e: ReportExport) => e.id === again.id)).toEqual([]);
  });

  it("another user's or another tenant's export is not found; agents have no exports; unfinished ones are not ready", async () => {
    const mine = await startExport('atendimentos-por-parametros', { format: 'csv', filters: { ...NOV, queueIds: String(t.queue.id) } });
    await finished(mine.id);
    for (const token of [supervisor.token, other.admin.token]) {
      const status = await api.get(`/reports/exports/${mine.id}`, { token });
      expect(status.status).toBe(404);
      expect(status.body).toMatchObject({
        error: 'ERR_REPORT_EXPORT_NOT_FOUND',
        message: REPORT_ERROR_MESSAGES.ERR_REPORT_EXPORT_NOT_FOUND,
      });
      expect((await download(mine.id, token)).status).toBe(404);
    }
    expect((await api.get(`/reports/exports/${mine.id}`, { token: t.agent.token })).status).toBe(403);
    expect((await api.get(`/reports/exports/not-a-uuid`, { token: t.admin.token })).status).toBe(400);
    // Not done yet: 409 (a queued row that no job runs).
    const [queued] = await rows(
      server.ctx,
      sql`insert into report_exports (id, tenant_id, user_id, report, format, status) values (${randomUUID()}, ${t.tenant.id}, ${t.admin.id}, 'atendimentos-por-parametros', 'csv', 'queued') returning id`,
    );
    const notReady = await download(String(queued.id));
    expect(notReady.status).toBe(409);
    expect(JSON.parse(notReady.body.toString())).toMatchObject({
      error: 'ERR_REPORT_EXPORT_NOT_READY',
      message: REPORT_ERROR_MESSAGES.ERR_REPORT_EXPORT_NOT_READY,
    });
  });

  it('exports and their files go after 24 hours', async () => {
    const made = await startExport('atendimentos-por-parametros', { format: 'csv', filters: { ...NOV, queueIds: String(t.queue.id) } });
    await finished(made.id);
    const path = reportExportPath(server.ctx, t.tenant.id, `${made.id}.csv`);
    expect(existsSync(path)).toBe(true);
    expect(await purgeReportExports(server.ctx, new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(existsSync(path)).toBe(true);
    expect(await purgeReportExports(server.ctx, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(existsSync(path)).toBe(false);
    expect((await api.get(`/reports/exports/${made.id}`, { token: t.admin.token })).status).toBe(404);
  });
});
