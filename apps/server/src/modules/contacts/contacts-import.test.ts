import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, closeAllSockets, connectAgent, eventually, type Agent } from '../../../test/inbox.js';
import { EXPORT_HEADER } from './contact-files.js';
import { IMPORT_BATCH_SIZE, REJECTION_REASONS } from './use-cases/run-contact-import.js';

let server: TestServer;
let api: Api;
let admin: Agent;
let supervisor: Agent;
let agent: Agent;
let otherSupervisor: Agent;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  const tenant = await buildTenant(server.ctx);
  admin = await buildAgent(server, tenant.id, 'admin');
  supervisor = await buildAgent(server, tenant.id, 'super');
  agent = await buildAgent(server, tenant.id, 'user');
  const other = await buildTenant(server.ctx);
  otherSupervisor = await buildAgent(server, other.id, 'super');
});
afterAll(async () => {
  closeAllSockets();
  await server?.close();
});

async function upload(token: string, fileName: string, content: Buffer | string, type = 'text/csv') {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), fileName);
  const response = await fetch(`${server.url}/contacts/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function finishedReport(token: string, jobId: string) {
  const report = await eventually(
    async () => {
      const response = await api.get(`/contacts/import/${jobId}`, { token });
      return response.body.status === 'finished' || response.body.status === 'failed' ? response : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100, what: `import ${jobId} to finish` },
  );
  return report.body;
}

async function download(token: string, format?: string) {
  const response = await fetch(`${server.url}/contacts/export${format ? `?format=${format}` : ''}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, headers: response.headers, content: Buffer.from(await response.arrayBuffer()) };
}

describe('POST /contacts/import', () => {
  it('imports a CSV row by row in a job: invalid and duplicate rows are rejected with reasons, progress reaches the importing user only', async () => {
    const existing = await api.post('/contacts', { name: 'Já existe', number: '5511977770000' }, { token: agent.token });
    expect(existing.status).toBe(201);
    const importer = await connectAgent(server.url, supervisor.token);
    const colleague = await connectAgent(server.url, admin.token);

    const csv = [
      'Name,Number,Email,Notes',
      'Ana Souza,+55 11 98888-0001,ana@import.test,vip',
      'Bruno,5511988880002,,',
      'Dup Existing,+55 (11) 97777-0000,,',
      'Ana de novo,5511988880001,,',
      'Sem número válido,123,,',
      ',5511988880003,,',
      'E-mail ruim,5511988880004,not-an-email,',
      '',
      '"Carla, a do bairro",551188887777,carla@import.test,',
    ].join('\r\n');
    const started = await upload(supervisor.token, 'contatos.csv', csv);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ jobId: expect.any(String), status: 'queued', total: 8 });

    const report = await finishedReport(supervisor.token, started.body.jobId);
    expect(report).toMatchObject({
      jobId: started.body.jobId,
      fileName: 'contatos.csv',
      status: 'finished',
      total: 8,
      done: 8,
      imported: 3,
    });
    // Spreadsheet rows: the header is row 1; the empty row 9 is skipped.
    expect(report.rejected).toEqual([
      { row: 4, code: 'duplicate', reason: REJECTION_REASONS.duplicate },
      // Ana's number again: the file repeats it (not "the company already has it").
      { row: 5, code: 'repeated', reason: REJECTION_REASONS.repeated },
      { row: 6, code: 'number', reason: REJECTION_REASONS.number },
      { row: 7, code: 'name', reason: REJECTION_REASONS.name },
      { row: 8, code: 'email', reason: REJECTION_REASONS.email },
    ]);

    const progress = await importer.waitFor('contact:importProgress', (p) => p.finished);
    expect(progress).toEqual({ done: 8, total: 8, rejected: 5, finished: true });
    expect(colleague.received('contact:importProgress')).toEqual([]);

    const list = await api.get('/contacts?searchParam=import.test', { token: agent.token });
    expect(list.body.contacts.map((c: any) => [c.name, c.number, c.email])).toEqual([
      ['Ana Souza', '5511988880001', 'ana@import.test'],
      ['Carla, a do bairro', '551188887777', 'carla@import.test'],
    ]);
    expect((await api.get('/contacts?searchParam=5511988880002', { token: agent.token })).body.contacts[0]).toMatchObject({
      name: 'Bruno',
      email: null,
    });
    expect((await api.get(`/contacts/${existing.body.id}`, { token: agent.token })).body.name).toBe('Já existe');
  });

  it('imports an XLSX file (numbers typed as numbers too), publishing progress batch by batch', async () => {
    const total = IMPORT_BATCH_SIZE * 2 + 50;
    const sheet = [
      [{ value: 'nome' }, { value: 'NÚMERO' }, { value: 'E-mail' }],
      ...Array.from({ length: total }, (_, i) => [
        { value: `Planilha ${String(i).padStart(3, '0')}` },
        i % 2 ? { value: `+55 31 9${String(70000000 + i)}` } : { value: Number(`55319${70000000 + i}`), type: Number },
        { value: i === 7 ? 'bad@' : `p${i}@sheet.test` },
      ]),
    ];
    const xlsx = await writeXlsxFile(sheet).toBuffer();
    const importer = await connectAgent(server.url, admin.token);
    const started = await upload(admin.token, 'planilha.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(started.status).toBe(202);
    expect(started.body.total).toBe(total);

    const report = await finishedReport(admin.token, started.body.jobId);
    expect(report).toMatchObject({
      status: 'finished',
      total,
      done: total,
      imported: total - 1,
      rejected: [{ row: 9, code: 'email', reason: REJECTION_REASONS.email }],
    });
    await importer.waitFor('contact:importProgress', (p) => p.finished);
    expect(importer.received('contact:importProgress')).toEqual([
      { done: IMPORT_BATCH_SIZE, total, rejected: 1, finished: false },
      { done: IMPORT_BATCH_SIZE * 2, total, rejected: 1, finished: false },
      { done: total, total, rejected: 1, finished: true },
    ]);
    const list = await api.get('/contacts?searchParam=Planilha', { token: agent.token });
    expect(list.body.count).toBe(total - 1);
    expect(list.body.contacts[0]).toMatchObject({ name: 'Planilha 000', number: '5531970000000', email: 'p0@sheet.test' });
  });

  it("reads CSV with ';' separators and Windows-1252 accents", async () => {
    const csv = Buffer.from('Nome;Número\r\nJoão Ação;5541999990001\r\n', 'latin1');
    const started = await upload(supervisor.token, 'excel.csv', csv);
    expect(started.status).toBe(202);
    const report = await finishedReport(supervisor.token, started.body.jobId);
    expect(report).toMatchObject({ imported: 1, rejected: [] });
    const found = await api.get('/contacts?searchParam=5541999990001', { token: agent.token });
    expect(found.body.contacts[0].name).toBe('João Ação');
  });

  it('refuses a file without the Name and Number columns: 400 with the SPEC message, no job', async () => {
    for (const csv of ['Nome,Endereço\nAna,Rua A\n', 'Number,Email\n5511988880009,a@b.test\n', '']) {
      const response = await upload(supervisor.token, 'bad.csv', csv);
      expect(response.status, csv).toBe(csv ? 400 : 400);
      if (csv)
        expect(response.body).toEqual({
          error: 'ERR_IMPORT_MISSING_COLUMNS',
          message: 'Contact import file needs columns Name and Number',
        });
    }
    const headerOnly = await upload(supervisor.token, 'empty.csv', 'Name,Number\n');
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.error).toBe('ERR_VALIDATION');
  });

  it('refuses what is not a CSV or XLSX file (415), a request without a file (400) or not multipart (415)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const image = await upload(supervisor.token, 'photo.png', png, 'image/png');
    expect(image.status).toBe(415);
    expect(image.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');

    const zipNotXlsx = await upload(supervisor.token, 'archive.zip', Buffer.from('504b0304', 'hex'), 'application/zip');
    expect(zipNotXlsx.status).toBe(415);

    const brokenXlsx = await upload(supervisor.token, 'broken.xlsx', Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(64)]));
    expect(brokenXlsx.status).toBe(400);
    expect(brokenXlsx.body.error).toBe('ERR_VALIDATION');

    const form = new FormData();
    form.append('note', 'no file here');
    const noFile = await fetch(`${server.url}/contacts/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${supervisor.token}` },
      body: form,
    });
    expect(noFile.status).toBe(400);

    const json = await api.post('/contacts/import', { file: 'Name,Number' }, { token: supervisor.token });
    expect(json.status).toBe(415);
    expect(json.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = `Name,Number\n${'x'.repeat(10 * 1024 * 1024 + 10)}`;
    const response = await upload(supervisor.token, 'big.csv', big);
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
  });

  it('is for supervisors and admins: a user gets 403 for import, report and export', async () => {
    const response = await upload(agent.token, 'contacts.csv', 'Name,Number\nA,5511988880010\n');
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('ERR_NO_PERMISSION');
    const started = await upload(supervisor.token, 'contacts.csv', 'Name,Number\nA,5511988880010\n');
    expect((await api.get(`/contacts/import/${started.body.jobId}`, { token: agent.token })).status).toBe(403);
    expect((await download(agent.token)).status).toBe(403);
  });

  it("answers 404 ERR_NO_IMPORT_FOUND for another tenant's import or an unknown one", async () => {
    const started = await upload(supervisor.token, 'mine.csv', 'Name,Number\nMine,5511988880011\n');
    const report = await api.get(`/contacts/import/${started.body.jobId}`, { token: otherSupervisor.token });
    expect(report.status).toBe(404);
    expect(report.body.error).toBe('ERR_NO_IMPORT_FOUND');
    expect((await api.get('/contacts/import/00000000-0000-4000-8000-000000000000', { token: supervisor.token })).status).toBe(404);
    expect((await api.get('/contacts/import/not-a-uuid', { token: supervisor.token })).status).toBe(400);
    await finishedReport(supervisor.token, started.body.jobId);
    expect((await api.get('/contacts?searchParam=5511988880011', { token: otherSupervisor.token })).body.count).toBe(0);
  });
});

describe('GET /contacts/export', () => {
  it("downloads the tenant's contacts as CSV (UTF-8 with BOM, formulas neutralised), without other tenants' contacts", async () => {
    await api.post(
      '/contacts',
      { name: 'Exportada Ímpar', number: '5511966660001', email: 'exp@export.test', identity: '529.982.247-25', birthday: '01/02/1980' },
      { token: agent.token },
    );
    await api.post('/contacts', { name: '=HYPERLINK("http://evil")', number: '5511966660002' }, { token: agent.token });
    await api.post('/contacts', { name: 'Sem ano', number: '5511966660004', birthday: '15/03' }, { token: agent.token });
    await api.post('/contacts', { name: 'Do outro tenant', number: '5511966660003' }, { token: otherSupervisor.token });

    const file = await download(supervisor.token, 'csv');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contatos-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''contatos-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(file.content.subarray(0, 3).toString('hex')).toBe('efbbbf');
    // `;` separated: a spreadsheet set up in Portuguese splits the columns.
    expect(file.content.toString('utf8').split('\n')[0]).toBe(
      '\uFEFFNome;Número;E-mail;CPF/CNPJ;Aniversário;Primeiro nome;Sobrenome;Empresa;Bloqueado',
    );
    const rows = parse(file.content, { bom: true, delimiter: ';' });
    expect(rows[0]).toEqual(EXPORT_HEADER);
    expect(rows).toContainEqual(['Exportada Ímpar', '5511966660001', 'exp@export.test', '529.982.247-25', '01/02/1980', '', '', '', 'não']);
    // A birthday without a year as the form shows it, not ISO's --MM-dd (which CSV would neutralise as a formula).
    expect(rows).toContainEqual(['Sem ano', '5511966660004', '', '', '15/03', '', '', '', 'não']);
    expect(rows).toContainEqual([`'=HYPERLINK("http://evil")`, '5511966660002', '', '', '', '', '', '', 'não']);
    expect(rows.some((row) => row[0] === 'Do outro tenant')).toBe(false);
    const list = await api.get('/contacts', { token: agent.token });
    expect(rows.length - 1).toBe(list.body.count);

    // And it imports back as is (the import finds the `;`).
    const target = await buildTenant(server.ctx);
    const targetAdmin = await buildAgent(server, target.id, 'admin');
    const started = await upload(targetAdmin.token, 'export.csv', file.content, 'text/csv');
    expect(started.status).toBe(202);
    const report = await finishedReport(targetAdmin.token, started.body.jobId);
    expect(report).toMatchObject({ total: rows.length - 1, imported: rows.length - 1, rejected: [] });
  });

  it('downloads XLSX, and the export imports back into another tenant as is', async () => {
    const file = await download(admin.token, 'xlsx');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await readSheet(file.content);
    expect(rows[0]).toEqual(EXPORT_HEADER);
    expect(rows).toContainEqual([
      'Exportada Ímpar',
      '5511966660001',
      'exp@export.test',
      '529.982.247-25',
      '01/02/1980',
      null,
      null,
      null,
      'não',
    ]);
    const exported = rows.length - 1;

    const target = await buildTenant(server.ctx);
    const targetAdmin = await buildAgent(server, target.id, 'admin');
    const started = await upload(targetAdmin.token, 'export.xlsx', file.content, 'application/octet-stream');
    expect(started.status).toBe(202);
    const report = await finishedReport(targetAdmin.token, started.body.jobId);
    expect(report).toMatchObject({ total: exported, imported: exported, rejected: [] });
  });

  it('refuses an unknown format', async () => {
    const response = await download(supervisor.token, 'pdf');
    expect(response.status).toBe(400);
  });
});
