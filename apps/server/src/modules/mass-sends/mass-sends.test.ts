/**
 * Mass sending (issue 12; SPEC §2 /massa, §5 "min and max seconds valid and max greater than min;
 * connection required; at least one send option; numbers/tag/contact and message, media or audio
 * details required"): every refusal's code and message, with nothing written; the random pause
 * between sends; each kind through the WhatsApp Cloud API simulator (texts as written, texts and
 * template values rendered per contact, approved templates listed from the channel); exactly once
 * under duplicated runners, pause, resume and cancel; the report and its export; live progress;
 * who sees what.
 */
import { randomInt } from 'node:crypto';
import { MASS_SEND_DELAY_MESSAGE, SOCKET_EVENTS } from '@conversa/shared';
import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  type Agent,
  buildAgent,
  buildContact,
  buildInboxTenant,
  connectAgent,
  connectWabaChannel,
  count,
  eventually,
  type InboxTenant,
  rows,
} from '../../../test/inbox.js';
import { normalizeTypedNumber, parseTypedNumbers, pickDelayMs } from './mass-send-rules.js';
import { runMassSend } from './use-cases/run-mass-send.js';

let server: TestServer;
let api: Api;
let sim: MetaCloudSimulator;
let t: InboxTenant;
let other: InboxTenant;
let supervisor: Agent;
let wabaId: number;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startMetaCloudSimulator({
    displayPhoneNumber: '5511930000003',
    autoStatuses: { delayMs: 30 },
    templates: [
      { name: 'boas_vindas', language: 'pt_BR', body: 'Olá {{1}}, seu cupom é {{2}}.' },
      { name: 'aviso_geral', language: 'pt_BR', body: 'A loja abre amanhã às 9h.' },
      {
        name: 'promo_imagem',
        language: 'pt_BR',
        category: 'MARKETING',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Promoção para {{1}}' },
        ],
      },
      { name: 'em_analise', language: 'pt_BR', status: 'PENDING', body: 'Ainda não aprovado' },
    ],
  });
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super', 'Supervisora');
  wabaId = (await connectWabaChannel(server, t, sim, 'WABA massa')).id;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await sim?.close();
});

let sequence = 0;
const freshNumber = () => `55119${randomInt(10_000_000, 99_999_999)}`;
const sentTo = (number: string) => sim.sent.filter((m) => m.to === number);

async function create(body: Record<string, unknown>, token = t.admin.token) {
  return api.post('/mass-sends', { whatsappId: wabaId, minDelaySeconds: 0, maxDelaySeconds: 1, ...body }, { token });
}

async function started(body: Record<string, unknown>, token = t.admin.token) {
  const response = await create(body, token);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; status: string; recipientCount: number };
}

async function waitStatus(id: number, status: string, timeoutMs = 30_000) {
  return eventually(
    async () => {
      const response = await api.get(`/mass-sends/${id}`, { token: t.admin.token });
      return response.body.status === status ? response.body : undefined;
    },
    { timeoutMs, what: `mass send ${id} ${status}` },
  );
}

/** `n` contacts with fresh numbers carrying a new tag of the tenant. */
async function taggedContacts(n: number, tenant = t, extra: (i: number) => Record<string, unknown> = () => ({})) {
  const [tag] = await rows(
    server.ctx,
    sql`insert into tags (tenant_id, name, color) values (${tenant.tenant.id}, ${`massa-${++sequence}-${randomInt(1e9)}`}, '#00ff00') returning id`,
  );
  const contacts = [];
  for (let i = 0; i < n; i++) {
    const contact = await buildContact(server.ctx, tenant.tenant.id, {
      name: `Pessoa${sequence}x${i} Silva`,
      number: freshNumber(),
      ...extra(i),
    });
    await rows(
      server.ctx,
      sql`insert into contact_tags (tenant_id, contact_id, tag_id) values (${tenant.tenant.id}, ${contact.id}, ${tag.id})`,
    );
    contacts.push(contact);
  }
  return { tagId: Number(tag.id), contacts };
}

const massSendCount = () => count(server.ctx, sql`select count(*)::int as n from mass_sends`);

describe('refusals (SPEC §5, §8): each with its code and message, nothing written', () => {
  it('refuses max ≤ min, no connection, no recipients, invalid numbers, a missing text, unknown variables', async () => {
    const before = await massSendCount();
    const numbers = { source: 'numbers', numbers: freshNumber() };

    for (const [min, max] of [
      [5, 5],
      [10, 3],
    ]) {
      const equal = await create({ kind: 'texto', message: 'Oi', recipients: numbers, minDelaySeconds: min, maxDelaySeconds: max });
      expect(equal.status).toBe(400);
      expect(equal.body.error).toBe('ERR_VALIDATION');
      expect(JSON.stringify(equal.body.fields.maxDelaySeconds)).toContain(MASS_SEND_DELAY_MESSAGE);
    }
    const negative = await create({ kind: 'texto', message: 'Oi', recipients: numbers, minDelaySeconds: -1 });
    expect(negative.body.fields).toHaveProperty('minDelaySeconds');

    const noChannel = await api.post(
      '/mass-sends',
      { kind: 'texto', message: 'Oi', minDelaySeconds: 1, maxDelaySeconds: 2, recipients: numbers },
      { token: t.admin.token },
    );
    expect(noChannel.status).toBe(400);
    expect(noChannel.body.fields).toHaveProperty('whatsappId');
    const foreignChannel = await create({ kind: 'texto', message: 'Oi', recipients: numbers, whatsappId: other.channel.id });
    expect(foreignChannel.status).toBe(404);
    expect(foreignChannel.body.error).toBe('ERR_NO_WAPP_FOUND');

    const noSource = await create({ kind: 'texto', message: 'Oi' });
    expect(noSource.body.fields).toHaveProperty('recipients');
    const blankNumbers = await create({ kind: 'texto', message: 'Oi', recipients: { source: 'numbers', numbers: ' \n ' } });
    expect(blankNumbers.body.error).toBe('ERR_VALIDATION');
    const emptyTag = await taggedContacts(0);
    const nobody = await create({ kind: 'texto', message: 'Oi', recipients: { source: 'tag', tagId: emptyTag.tagId } });
    expect(nobody.status).toBe(400);
    expect(nobody.body).toMatchObject({
      error: 'ERR_MASS_SEND_NO_RECIPIENTS',
      message: 'The numbers, tag or contacts chosen give nobody to send to.',
    });
    const foreignTag = await taggedContacts(1, other);
    expect((await create({ kind: 'texto', message: 'Oi', recipients: { source: 'tag', tagId: foreignTag.tagId } })).body.error).toBe(
      'ERR_NO_TAG_FOUND',
    );
    const foreignContacts = await create({
      kind: 'texto',
      message: 'Oi',
      recipients: { source: 'contacts', contactIds: foreignTag.contacts.map((c) => c.id) },
    });
    expect(foreignContacts.body.error).toBe('ERR_NO_CONTACT_FOUND');

    const invalid = await create({
      kind: 'texto',
      message: 'Oi',
      recipients: { source: 'numbers', numbers: `${freshNumber()}\n12345\nabc9\n+55 11 98765-4321` },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: 'ERR_MASS_SEND_INVALID_NUMBERS', details: { invalid: ['12345', 'abc9'] } });
    expect(JSON.stringify(invalid.body.fields)).toContain('12345');

    const noText = await create({ kind: 'texto', message: '  ', recipients: numbers });
    expect(noText.body.error).toBe('ERR_VALIDATION');
    expect(JSON.stringify(noText.body.fields.message)).toContain('Write a message or choose a file.');
    const unknownVariable = await create({ kind: 'textovariavel', message: 'Oi {{apelido}}', recipients: numbers });
    expect(unknownVariable.body.error).toBe('ERR_VALIDATION');
    expect(JSON.stringify(unknownVariable.body.fields.message)).toContain('{{apelido}}');
    const badToken = await create({ kind: 'texto', message: 'Oi', mediaToken: 'forged', recipients: numbers });
    expect(badToken.body.fields).toHaveProperty('mediaToken');

    expect(await massSendCount()).toBe(before);
  });

  it('refuses a template kind on a connection that is not the official API, an unknown or pending template, a template it cannot fill, a wrong number of values', async () => {
    const before = await massSendCount();
    const recipients = { source: 'numbers', numbers: freshNumber() };
    const template = (name: string, params: string[] = [], language = 'pt_BR') => ({ name, language, params });

    const notOfficial = await create({ kind: 'template', whatsappId: t.channel.id, template: template('aviso_geral'), recipients });
    expect(notOfficial.status).toBe(400);
    expect(notOfficial.body).toMatchObject({
      error: 'ERR_MASS_SEND_NOT_OFFICIAL',
      message: 'Templates are sent only through an official API (WhatsApp Cloud API) connection.',
    });
    const listed = await api.get(`/mass-sends/templates?whatsappId=${t.channel.id}`, { token: t.admin.token });
    expect(listed.body.error).toBe('ERR_MASS_SEND_NOT_OFFICIAL');

    for (const unknown of [template('nao_existe'), template('em_analise'), template('aviso_geral', [], 'en_US')]) {
      const refused = await create({ kind: 'template', template: unknown, recipients });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: 'ERR_MASS_SEND_UNKNOWN_TEMPLATE',
        message: 'The connection has no approved template with this name and language.',
      });
    }
    const media = await create({ kind: 'template-variavel', template: template('promo_imagem', ['{{firstName}}']), recipients });
    expect(media.body.error).toBe('ERR_MASS_SEND_TEMPLATE_UNSUPPORTED');
    expect(media.body.message).toContain('image');
    const missingValue = await create({ kind: 'template-variavel', template: template('boas_vindas', ['{{firstName}}']), recipients });
    expect(missingValue.body.error).toBe('ERR_VALIDATION');
    expect(JSON.stringify(missingValue.body.fields)).toContain('Give 2 value(s)');
    const variableInFixed = await create({ kind: 'template', template: template('boas_vindas', ['{{firstName}}', 'X']), recipients });
    expect(variableInFixed.body.error).toBe('ERR_VALIDATION');
    const blankValue = await create({ kind: 'template', template: template('boas_vindas', ['Ana', ' ']), recipients });
    expect(blankValue.body.error).toBe('ERR_VALIDATION');

    expect(await massSendCount()).toBe(before);
  });
});

describe('rules without the database', () => {
  it('reads typed numbers as Brazilian without a country code, removes duplicates and keeps their order', () => {
    expect(normalizeTypedNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(normalizeTypedNumber('11 3456-7890')).toBe('551134567890');
    expect(normalizeTypedNumber('+55 11 98765-4321')).toBe('5511987654321');
    expect(normalizeTypedNumber('5511987654321')).toBe('5511987654321');
    expect(normalizeTypedNumber('0044 20 7946 0958')).toBe('442079460958');
    expect(normalizeTypedNumber('14155552671')).toBe('14155552671');
    expect(normalizeTypedNumber('12345')).toBeUndefined();
    expect(parseTypedNumbers('11987654321; +55 (11) 98765-4321, 21 99876-5432\n\n11987654321')).toEqual(['5511987654321', '5521998765432']);
  });

  it('draws each pause uniformly within [min, max] seconds', () => {
    expect(pickDelayMs(2, 5, () => 0)).toBe(2_000);
    expect(pickDelayMs(2, 5, () => 0.999_999_9)).toBe(5_000);
    expect(pickDelayMs(0, 1, () => 0.5)).toBe(500);
    const draws = Array.from({ length: 2_000 }, () => pickDelayMs(1, 3));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(...draws)).toBeLessThanOrEqual(3_000);
    // Spread over the range, not stuck at one end.
    expect(draws.filter((d) => d < 2_000).length).toBeGreaterThan(700);
    expect(draws.filter((d) => d >= 2_000).length).toBeGreaterThan(700);
  });
});

describe('sending through the WhatsApp Cloud API simulator', () => {
  it('texto: typed numbers once each, the text as written, a random pause of min to max seconds between sends; progress, report and export', async () => {
    const numbers = [freshNumber(), freshNumber(), freshNumber(), freshNumber()];
    const typed = [numbers[0], `+${numbers[1]}`, numbers[2], numbers[0], `(${numbers[3].slice(2, 4)}) ${numbers[3].slice(4)}`].join('\n');
    const socket = await connectAgent(server.url, t.admin.token);
    let id: number;
    try {
      const massSend = await started({
        kind: 'texto',
        message: 'Promoção {{firstName}}!',
        minDelaySeconds: 1,
        maxDelaySeconds: 2,
        recipients: { source: 'numbers', numbers: typed },
      });
      expect(massSend).toMatchObject({ status: 'processing', recipientCount: 4 });
      id = massSend.id;
      const finished = await waitStatus(massSend.id, 'finished');
      expect(finished).toMatchObject({ recipientCount: 4, processed: 4, notSent: 0 });
      await socket.waitFor(SOCKET_EVENTS.massSend, (p) => p.massSend.id === massSend.id && p.massSend.status === 'finished', 10_000);
    } finally {
      socket.close();
    }
    for (const number of numbers) {
      const got = sentTo(number);
      expect(got, number).toHaveLength(1);
      expect((got[0].payload as any).text.body).toBe('Promoção {{firstName}}!');
    }
    const claims = await rows(server.ctx, sql`select claimed_at from mass_send_recipients where mass_send_id = ${id} order by claimed_at`);
    const times = claims.map((row) => new Date(row.claimed_at as string).getTime());
    for (let i = 1; i < times.length; i++) {
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(990);
      // The pause drawn is at most 2 s; the rest is the job chain's own latency.
      expect(times[i] - times[i - 1]).toBeLessThan(2_000 + 1_500);
    }

    const view = await eventually(
      async () => {
        const response = await api.get(`/mass-sends/${id}`, { token: t.admin.token });
        return response.body.sent === 4 ? response.body : undefined;
      },
      { timeoutMs: 15_000, what: 'all 4 counted sent' },
    );
    expect(view).toMatchObject({ kind: 'texto', sent: 4, notSent: 0, userId: t.admin.id });
    const page = await api.get(`/mass-sends/${id}/recipients?pageNumber=1`, { token: t.admin.token });
    expect(page.body.count).toBe(4);
    expect(page.body.recipients.map((r: any) => r.number)).toEqual(numbers);
    expect(page.body.recipients.every((r: any) => ['sent', 'delivered', 'read'].includes(r.status) && r.sentAt)).toBe(true);
    const csv = await fetch(`${server.url}/mass-sends/${id}/report?format=csv`, { headers: { authorization: `Bearer ${t.admin.token}` } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.trim().split('\n')).toHaveLength(5);
    // In Portuguese, `;` separated, statuses by name, times on the tenant's clock (dd/mm/aaaa hh:mm:ss).
    expect(text.split('\n')[0]).toBe('Número;Nome;Situação;Enviada em;Motivo'); // (text() drops the BOM)
    expect(text.split('\n')[1]).toMatch(/^\d+;[^;]*;(Enviada|Entregue|Lida);\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};$/);
    for (const number of numbers) expect(text).toContain(number);
    const xlsx = await fetch(`${server.url}/mass-sends/${id}/report?format=xlsx`, {
      headers: { authorization: `Bearer ${t.admin.token}` },
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  }, 60_000);

  it('textovariavel: a tag’s contacts each get the text rendered for them, with the uploaded file; a blocked contact is skipped with the reason', async () => {
    const { tagId, contacts } = await taggedContacts(3, t, (i) => (i === 2 ? { blocked: true } : {}));
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'oferta.png');
    const upload = await fetch(`${server.url}/mass-sends/media`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.admin.token}` },
    });
    expect(upload.status).toBe(201);
    const { mediaToken, type } = (await upload.json()) as { mediaToken: string; type: string };
    expect(type).toBe('image');
    const massSend = await started({
      kind: 'textovariavel',
      message: 'Oi {{firstName}}, veja a oferta',
      mediaToken,
      recipients: { source: 'tag', tagId },
    });
    expect(massSend.recipientCount).toBe(3);
    await waitStatus(massSend.id, 'finished');
    for (const contact of contacts.slice(0, 2)) {
      const got = sentTo(contact.number!);
      expect(got, contact.number!).toHaveLength(1);
      expect(got[0].type).toBe('image');
      expect((got[0].payload as any).image.caption).toBe(`Oi ${contact.name.split(' ')[0]}, veja a oferta`);
    }
    expect(sentTo(contacts[2].number!)).toHaveLength(0);
    const skipped = await api.get(`/mass-sends/${massSend.id}/recipients?status=skipped`, { token: t.admin.token });
    expect(skipped.body.recipients).toEqual([
      expect.objectContaining({ number: contacts[2].number, status: 'skipped', error: 'Contact blocked.' }),
    ]);
    expect((await api.get(`/mass-sends/${massSend.id}`, { token: t.admin.token })).body.notSent).toBe(1);
  }, 60_000);

  it('template-variavel: lists the channel’s approved templates; each picked contact gets the template with its own values; an empty value skips the contact', async () => {
    const listed = await api.get(`/mass-sends/templates?whatsappId=${wabaId}`, { token: t.agent.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        {
          name: 'boas_vindas',
          language: 'pt_BR',
          category: 'UTILITY',
          body: 'Olá {{1}}, seu cupom é {{2}}.',
          params: 2,
          usable: true,
          reason: null,
        },
        expect.objectContaining({ name: 'promo_imagem', usable: false, reason: 'Its header is a image file.' }),
      ]),
    );
    expect(listed.body.map((x: any) => x.name)).not.toContain('em_analise');

    const { contacts } = await taggedContacts(3, t, (i) => ({ businessName: i === 1 ? null : `Loja ${i}` }));
    const massSend = await started({
      kind: 'template-variavel',
      template: { name: 'boas_vindas', language: 'pt_BR', params: ['{{firstName}}', '{{businessName}}'] },
      recipients: { source: 'contacts', contactIds: contacts.map((c) => c.id) },
    });
    await waitStatus(massSend.id, 'finished');
    for (const [i, contact] of contacts.entries()) {
      const got = sentTo(contact.number!);
      if (i === 1) {
        expect(got).toHaveLength(0);
        continue;
      }
      expect(got).toHaveLength(1);
      expect((got[0].payload as any).template).toEqual({
        name: 'boas_vindas',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: contact.name.split(' ')[0] },
              { type: 'text', text: `Loja ${i}` },
            ],
          },
        ],
      });
    }
    const lines = (await api.get(`/mass-sends/${massSend.id}/recipients`, { token: t.admin.token })).body.recipients;
    expect(lines.find((l: any) => l.number === contacts[1].number)).toMatchObject({
      status: 'skipped',
      error: "The template's {{2}} is empty for this contact.",
    });
    // The history keeps the template's text with the values.
    const [stored] = await rows(server.ctx, sql`select body from messages where contact_id = ${contacts[0].id} and from_me`);
    expect(stored.body).toBe(`Olá ${contacts[0].name.split(' ')[0]}, seu cupom é Loja 0.`);
  }, 60_000);

  it('template: a template without placeholders to typed numbers', async () => {
    const number = freshNumber();
    const massSend = await started({
      kind: 'template',
      template: { name: 'aviso_geral', language: 'pt_BR', params: [] },
      recipients: { source: 'numbers', numbers: number },
    });
    await waitStatus(massSend.id, 'finished');
    expect(sentTo(number).map((m) => (m.payload as any).template)).toEqual([{ name: 'aviso_geral', language: { code: 'pt_BR' } }]);
  });
});

describe('exactly once', () => {
  it('three more runners of the same run at once still send each number once', async () => {
    const numbers = Array.from({ length: 12 }, freshNumber);
    const massSend = await started({
      kind: 'texto',
      message: 'Uma vez só',
      minDelaySeconds: 0,
      maxDelaySeconds: 1,
      recipients: { source: 'numbers', numbers: numbers.join('\n') },
    });
    const input = { tenantId: t.tenant.id, massSendId: massSend.id, run: 0 };
    // The job already runs; these are duplicates of it, as a redelivered job would be.
    for (let round = 0; round < 3; round++)
      await Promise.all([runMassSend(server.ctx, input), runMassSend(server.ctx, input), runMassSend(server.ctx, input)]);
    await waitStatus(massSend.id, 'finished', 60_000);
    for (const number of numbers) expect(sentTo(number), number).toHaveLength(1);
    expect(
      await count(
        server.ctx,
        sql`select count(*)::int as n from mass_send_recipients where mass_send_id = ${massSend.id} and status = 'claimed'`,
      ),
    ).toBe(12);
    expect(
      await count(
        server.ctx,
        sql`select count(*)::int as n from messages m join mass_send_recipients r on r.message_id = m.id where r.mass_send_id = ${massSend.id}`,
      ),
    ).toBe(12);
  }, 90_000);

  it('pause, resume and cancel never send anyone twice; a canceled mass send sends nothing more', async () => {
    const numbers = Array.from({ length: 4 }, freshNumber);
    const massSend = await started({
      kind: 'texto',
      message: 'Pausável',
      minDelaySeconds: 1,
      maxDelaySeconds: 2,
      recipients: { source: 'numbers', numbers: numbers.join('\n') },
    });
    await eventually(async () => numbers.some((n) => sentTo(n).length > 0), { timeoutMs: 15_000, what: 'a first send' });
    const paused = await api.post(`/mass-sends/${massSend.id}/pause`, undefined, { token: t.admin.token });
    expect(paused.body.status).toBe('paused');
    const again = await api.post(`/mass-sends/${massSend.id}/pause`, undefined, { token: t.admin.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_MASS_SEND_STATUS', message: 'Only a processing mass send can be paused.' });
    const resumed = await api.post(`/mass-sends/${massSend.id}/resume`, undefined, { token: t.admin.token });
    expect(resumed.body.status).toBe('processing');
    await waitStatus(massSend.id, 'finished');
    for (const number of numbers) expect(sentTo(number), number).toHaveLength(1);
    expect((await api.post(`/mass-sends/${massSend.id}/cancel`, undefined, { token: t.admin.token })).body.error).toBe(
      'ERR_MASS_SEND_STATUS',
    );

    const later = Array.from({ length: 3 }, freshNumber);
    const canceledOne = await started({
      kind: 'texto',
      message: 'Cancelável',
      minDelaySeconds: 30,
      maxDelaySeconds: 60,
      recipients: { source: 'numbers', numbers: later.join('\n') },
    });
    await eventually(async () => sentTo(later[0]).length === 1, { timeoutMs: 15_000, what: 'the first send' });
    const canceled = await api.post(`/mass-sends/${canceledOne.id}/cancel`, undefined, { token: t.admin.token });
    expect(canceled.body).toMatchObject({ status: 'canceled', processed: 1 });
    expect((await api.post(`/mass-sends/${canceledOne.id}/resume`, undefined, { token: t.admin.token })).body.error).toBe(
      'ERR_MASS_SEND_STATUS',
    );
    // Its pause over and its runner run again (the marker): it claims nobody more.
    await server.ctx.db.execute(sql`update mass_sends set next_send_at = now() where id = ${canceledOne.id}`);
    await runMassSend(server.ctx, { tenantId: t.tenant.id, massSendId: canceledOne.id, run: 0 });
    expect(later.map((n) => sentTo(n).length)).toEqual([1, 0, 0]);
    const waiting = await api.get(`/mass-sends/${canceledOne.id}/recipients?status=waiting`, { token: t.admin.token });
    expect(waiting.body.count).toBe(2);
  }, 60_000);
});

describe('who sees what', () => {
  it('an agent sends and sees their own mass sends; supervisors see all; another agent or tenant does not', async () => {
    const mine = await started(
      { kind: 'texto', message: 'Do agente', recipients: { source: 'numbers', numbers: freshNumber() } },
      t.agent.token,
    );
    await waitStatus(mine.id, 'finished');
    expect((await api.get('/mass-sends', { token: t.agent.token })).body.map((m: any) => m.id)).toContain(mine.id);
    expect((await api.get('/mass-sends', { token: supervisor.token })).body.map((m: any) => m.id)).toContain(mine.id);
    const peerList = (await api.get('/mass-sends', { token: t.peer.token })).body;
    expect(peerList.map((m: any) => m.id)).not.toContain(mine.id);
    expect((await api.get(`/mass-sends/${mine.id}`, { token: t.peer.token })).body.error).toBe('ERR_NO_MASS_SEND_FOUND');
    expect((await api.post(`/mass-sends/${mine.id}/pause`, undefined, { token: t.peer.token })).status).toBe(404);
    expect((await api.get(`/mass-sends/${mine.id}/recipients`, { token: t.peer.token })).status).toBe(404);
    expect((await api.get(`/mass-sends/${mine.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await api.get(`/mass-sends/${mine.id}/report`, { token: other.admin.token })).status).toBe(404);
    expect((await api.get('/mass-sends', { token: other.admin.token })).body.map((m: any) => m.id)).not.toContain(mine.id);
  });
});
