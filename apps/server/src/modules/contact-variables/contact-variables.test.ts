/**
 * Contact variables (settings, CRM tab `variaveis`): the tenant names its own {{variables}}; a
 * contact's value is its additional information of that name. Admins manage them (unique name
 * whatever its case, not a system variable, letters/digits/_), every user lists them; every text
 * saved with variables accepts them (and still refuses unknown ones); quick messages, typed replies
 * and automated texts (the queue greeting) are sent with the contact's value; a variable deleted
 * since a text was saved is sent as the contact's value or empty, never with its braces. A chatbot
 * step keeps the customer's answer in a contact variable for its next messages.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { customer, flowChannel, publishedFlow, waitBotMessages } from '../../../test/chatbot.js';
import { buildContact, buildInboxTenant, eventually, inboundTicket, rows, visitorKey, type InboxTenant } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
});
afterAll(() => server?.close());

async function createVariable(body: Record<string, unknown>, target: InboxTenant = t) {
  const response = await api.post('/contact-variables', body, { token: target.admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; name: string; description: string | null };
}

/** A new conversation whose contact has this additional information. */
async function conversationWith(extraInfo: { name: string; value: string }[], name = 'Maria Souza') {
  const ticket = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name });
  await server.ctx.db.execute(sql`update contacts set extra_info = ${JSON.stringify(extraInfo)}::jsonb where id = ${ticket.contactId}`);
  return ticket;
}

describe('contact variables: CRUD at /contact-variables', () => {
  it('admins create, describe and delete; every user lists; others are refused; another tenant sees nothing', async () => {
    const cpf = await createVariable({ name: 'CPF', description: 'Documento do cliente' });
    expect(cpf).toMatchObject({ name: 'CPF', description: 'Documento do cliente' });
    const listed = await api.get('/contact-variables', { token: t.agent.token });
    expect(listed.status).toBe(200);
    expect((listed.body as any[]).map((v) => v.name)).toContain('CPF');
    expect(((await api.get('/contact-variables', { token: other.admin.token })).body as any[]).map((v) => v.id)).not.toContain(cpf.id);

    expect((await api.post('/contact-variables', { name: 'plano' }, { token: t.agent.token })).status).toBe(403);
    expect((await api.put(`/contact-variables/${cpf.id}`, { description: 'x' }, { token: t.agent.token })).status).toBe(403);
    expect((await api.delete(`/contact-variables/${cpf.id}`, { token: t.agent.token })).status).toBe(403);
    for (const response of [
      await api.put(`/contact-variables/${cpf.id}`, { description: 'x' }, { token: other.admin.token }),
      await api.get(`/contact-variables/${cpf.id}/usage`, { token: other.admin.token }),
      await api.delete(`/contact-variables/${cpf.id}`, { token: other.admin.token }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_NO_CONTACT_VARIABLE_FOUND');
    }

    const described = await api.put(`/contact-variables/${cpf.id}`, { description: '' }, { token: t.admin.token });
    expect(described.body).toMatchObject({ name: 'CPF', description: null });
    // The name is fixed once created.
    const renamed = await api.put(`/contact-variables/${cpf.id}`, { name: 'Documento', description: null }, { token: t.admin.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('CPF');

    const gone = await createVariable({ name: 'temporaria' });
    expect((await api.delete(`/contact-variables/${gone.id}`, { token: t.admin.token })).status).toBe(204);
    expect((await api.delete(`/contact-variables/${gone.id}`, { token: t.admin.token })).body.error).toBe('ERR_NO_CONTACT_VARIABLE_FOUND');
  });

  it('bad names: duplicated whatever the case, a system variable, spaces or punctuation, too long', async () => {
    await createVariable({ name: 'Endereco' });
    const duplicated = await api.post('/contact-variables', { name: 'endereco' }, { token: t.admin.token });
    expect(duplicated.status).toBe(409);
    expect(duplicated.body.error).toBe('ERR_DUPLICATED_CONTACT_VARIABLE');
    // The same name in another tenant is its own.
    await createVariable({ name: 'Endereco' }, other);
    for (const name of ['Name', 'protocol', 'webhook', 'meu campo', 'cpf.cnpj', '1plano', '', 'x'.repeat(41)]) {
      const response = await api.post('/contact-variables', { name }, { token: t.admin.token });
      expect(response.status, name).toBe(400);
      expect(response.body.error, name).toBe('ERR_VALIDATION');
    }
    expect((await api.post('/contact-variables', { name: 'Situação_2' }, { token: t.admin.token })).status).toBe(201);
  });

  it('usage: how many contacts have a value for it (they keep it on delete)', async () => {
    const plan = await createVariable({ name: 'plano' });
    await conversationWith([{ name: 'plano', value: 'Ouro' }], 'Cliente Ouro');
    await conversationWith(
      [
        { name: 'plano', value: 'Prata' },
        { name: 'outra', value: '1' },
      ],
      'Cliente Prata',
    );
    await conversationWith([{ name: 'Plano', value: 'não conta: outro nome' }], 'Cliente Sem');
    expect((await api.get(`/contact-variables/${plan.id}/usage`, { token: t.admin.token })).body).toEqual({ contacts: 2 });
    expect((await api.get(`/contact-variables/${plan.id}/usage`, { token: t.agent.token })).status).toBe(403);
  });
});

describe('contact variables in texts', () => {
  it('a text may use them once they exist (unknown names are still refused), and a quick message is sent with the contact value', async () => {
    const before = await api.post('/fastreply', { key: 'docs1', message: 'Seu número: {{matricula}}' }, { token: t.admin.token });
    expect(before.status).toBe(400);
    expect(JSON.stringify(before.body)).toContain('{{matricula}}');

    await createVariable({ name: 'matricula' });
    const quick = await api.post(
      '/fastreply',
      { key: 'docs1', message: 'Olá {{firstName}}, sua matrícula é {{matricula}}.' },
      { token: t.admin.token },
    );
    expect(quick.status, JSON.stringify(quick.body)).toBe(201);
    const typo = await api.post('/fastreply', { key: 'docs2', message: 'Sua matrícula: {{Matricula}}' }, { token: t.admin.token });
    expect(typo.status).toBe(400);
    // Another tenant has no such variable.
    expect((await api.post('/fastreply', { key: 'docs1', message: '{{matricula}}' }, { token: other.admin.token })).status).toBe(400);

    const { ticketId } = await conversationWith([{ name: 'matricula', value: 'A-123' }], 'João Lima');
    const sent = await api.post(`/messages/${ticketId}`, { quickMessageId: quick.body.id }, { token: t.agent.token });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.body).toBe('Olá João, sua matrícula é A-123.');

    // A typed reply rendered from the composer's picker takes them too; an unknown one is refused.
    const typed = await api.post(
      `/messages/${ticketId}`,
      { body: 'Confere: {{matricula}}', renderVariables: true },
      { token: t.agent.token },
    );
    expect(typed.body.body).toBe('Confere: A-123');
    const unknown = await api.post(`/messages/${ticketId}`, { body: '{{matriculaX}}', renderVariables: true }, { token: t.agent.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('ERR_VALIDATION');
  });

  it('an automated text (the queue greeting) is sent with the value; texts read back list fine; a deleted variable is sent as the value or empty', async () => {
    const code = await createVariable({ name: 'codigo' });
    const saved = await api.put(`/queue/${t.queue.id}`, { greetingMessage: 'Bem-vindo! Código: [{{codigo}}]' }, { token: t.admin.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(((await api.get('/queue', { token: t.admin.token })).body as any[]).find((q) => q.id === t.queue.id).greetingMessage).toBe(
      'Bem-vindo! Código: [{{codigo}}]',
    );

    // The contact exists with its information before its first message (which queues the greeting).
    const greeted = async (extraInfo: { name: string; value: string }[], name: string) => {
      const key = visitorKey();
      await buildContact(server.ctx, t.tenant.id, { name, number: null, ...key, extraInfo });
      const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { key, name });
      return eventually(async () => {
        const [row] = await rows(
          server.ctx,
          sql`select body from messages where ticket_id = ${ticketId} and from_me and body like 'Bem-vindo!%'`,
        );
        return row?.body as string | undefined;
      });
    };
    expect(await greeted([{ name: 'codigo', value: 'Z9' }], 'Com Código')).toBe('Bem-vindo! Código: [Z9]');
    expect(await greeted([], 'Sem Código')).toBe('Bem-vindo! Código: []');

    expect((await api.delete(`/contact-variables/${code.id}`, { token: t.admin.token })).status).toBe(204);
    expect(await greeted([{ name: 'codigo', value: 'K7' }], 'Depois Com')).toBe('Bem-vindo! Código: [K7]');
    expect(await greeted([], 'Depois Sem')).toBe('Bem-vindo! Código: []');
    // Saving the text again is refused now.
    const again = await api.put(`/queue/${t.queue.id}`, { greetingMessage: 'Bem-vindo! Código: [{{codigo}}]' }, { token: t.admin.token });
    expect(again.status).toBe(400);
    await api.put(`/queue/${t.queue.id}`, { greetingMessage: null }, { token: t.admin.token });
  });
});

describe('the chatbot keeps an answer in a contact variable', () => {
  it('a step with saveAnswerAs stores the matched answer on the contact and the next messages use it; an unknown variable is refused at save', async () => {
    const refused = await api.post(
      '/chat-flow',
      {
        name: 'Sem variável',
        definition: {
          startStepId: 'ask',
          steps: [
            { id: 'ask', name: 'Pergunta', conditions: [{ id: 'c1', type: 'any', route: { kind: 'close' } }], saveAnswerAs: 'naoexiste' },
          ],
        },
      },
      { token: t.admin.token },
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('saveAnswerAs');

    await createVariable({ name: 'cidade' });
    const flow = await publishedFlow(api, t.admin.token, {
      steps: [
        {
          id: 'ask',
          name: 'Cidade',
          interactions: [{ id: 'i1', kind: 'text', text: 'Em que cidade você mora?' }],
          conditions: [{ id: 'c1', type: 'any', route: { kind: 'step', stepId: 'confirm' } }],
          saveAnswerAs: 'cidade',
        },
        {
          id: 'confirm',
          name: 'Confirma',
          interactions: [{ id: 'i2', kind: 'text', text: 'Anotado: {{cidade}}.' }],
          next: { kind: 'close' },
        },
      ],
    });
    // Other contacts holding the same information, here and in another tenant, are left as they are.
    const bystanders = [
      await buildContact(server.ctx, t.tenant.id, { extraInfo: [{ name: 'cidade', value: 'Natal' }] }),
      await buildContact(server.ctx, other.tenant.id, { extraInfo: [{ name: 'cidade', value: 'Belém' }] }),
    ];
    const channel = await flowChannel(server, t.tenant.id, flow.id, t.queue.id);
    const say = customer(server, t.tenant.id, channel.id, 'Rita Lima');
    const { ticketId, contactId } = await say('Oi');
    await waitBotMessages(server, ticketId, 1);
    await say('  Recife ');
    expect(await waitBotMessages(server, ticketId, 2)).toEqual(['Em que cidade você mora?', 'Anotado: Recife.']);
    const [contact] = await rows(server.ctx, sql`select extra_info as "extraInfo" from contacts where id = ${contactId}`);
    expect(contact.extraInfo).toEqual([{ name: 'cidade', value: 'Recife' }]);
    for (const [bystander, city] of [
      [bystanders[0], 'Natal'],
      [bystanders[1], 'Belém'],
    ] as const) {
      const [row] = await rows(server.ctx, sql`select extra_info as "extraInfo" from contacts where id = ${bystander.id}`);
      expect(row.extraInfo).toEqual([{ name: 'cidade', value: city }]);
    }
  });
});
