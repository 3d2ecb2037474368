import {
  BIRTHDAY_TEMPLATE_VARIABLES,
  greetingFor,
  renderTemplate,
  templateText,
  templateVariablesIn,
  unknownTemplateVariables,
} from '@conversa/shared';
import { describe, expect, it } from 'vitest';
import { withContactVariables } from '../contact-variables/template-scope.js';
import { templateValues } from './queue-automated-message.js';

describe('the template-variable engine (packages/shared)', () => {
  it('finds the variables of a text, spaces inside the braces allowed, each once', () => {
    expect(templateVariablesIn('{{greeting}}, {{ name }}! Protocolo {{protocol}} — {{name}}')).toEqual(['greeting', 'name', 'protocol']);
    expect(templateVariablesIn('sem variáveis {nome} {{}}')).toEqual([]);
  });

  it('renders the known variables and leaves unknown ones as written', () => {
    expect(renderTemplate('{{greeting}}, {{name}}! {{desconhecida}} {{email}}', { greeting: 'Bom dia', name: 'Ana' })).toBe(
      'Bom dia, Ana! {{desconhecida}} ',
    );
  });

  // Checked as a tenant without contact variables would be (the server's scope; outside a request any name passes).
  const noContactVariables = <T>(work: () => T): T => withContactVariables([], work);

  it('names unknown variables, and the birthday set refuses protocol, kanban, user and userEmail', () => {
    expect(noContactVariables(() => unknownTemplateVariables('{{name}} {{nome}} {{firstName}}'))).toEqual(['nome']);
    expect(
      noContactVariables(() =>
        unknownTemplateVariables('{{name}} {{protocol}} {{kanban}} {{user}} {{userEmail}}', BIRTHDAY_TEMPLATE_VARIABLES),
      ),
    ).toEqual(['protocol', 'kanban', 'user', 'userEmail']);
  });

  it('the shared schema refuses a text with an unknown variable, naming it and the rule', () => {
    expect(noContactVariables(() => templateText().safeParse('Olá {{name}}')).success).toBe(true);
    const refused = noContactVariables(() => templateText().safeParse('Olá {{nome}}'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ message: expect.stringContaining('{{nome}}'), params: { rule: 'templateVariables' } });
  });

  it("greets by the tenant's clock: Bom dia from 05:00, Boa tarde from 12:00, Boa noite from 18:00", () => {
    // 08:00 UTC is 05:00 in São Paulo (UTC-3) and 04:00 in Manaus (UTC-4).
    expect(greetingFor(new Date('2026-06-01T08:00:00Z'), 'America/Sao_Paulo')).toBe('Bom dia');
    expect(greetingFor(new Date('2026-06-01T08:00:00Z'), 'America/Manaus')).toBe('Boa noite');
    expect(greetingFor(new Date('2026-06-01T14:59:00Z'), 'America/Sao_Paulo')).toBe('Bom dia');
    expect(greetingFor(new Date('2026-06-01T15:00:00Z'), 'America/Sao_Paulo')).toBe('Boa tarde');
    expect(greetingFor(new Date('2026-06-01T21:00:00Z'), 'America/Sao_Paulo')).toBe('Boa noite');
  });

  it("a ticket's values: the contact's names split when first and last names are not set, the agent, the kanban lane, the protocol", () => {
    const values = templateValues(
      {
        ticket: { id: 1, contactId: 2, channelId: 3, userId: 4 },
        delivery: { channelType: 'webchat', contactKey: null },
        contact: {
          name: 'Maria da Silva Souza',
          number: '5511999990000',
          email: 'maria@example.test',
          firstName: null,
          lastName: null,
          businessName: 'Loja Azul',
          extraInfo: [],
        },
        agent: { name: 'Carlos', email: 'carlos@example.test' },
        laneName: 'Negociação',
        protocol: '20260601000042',
        timeZone: 'America/Sao_Paulo',
      },
      new Date('2026-06-01T15:00:00Z'),
    );
    expect(values).toEqual({
      name: 'Maria da Silva Souza',
      greeting: 'Boa tarde',
      protocol: '20260601000042',
      email: 'maria@example.test',
      phoneNumber: '5511999990000',
      kanban: 'Negociação',
      user: 'Carlos',
      userEmail: 'carlos@example.test',
      firstName: 'Maria',
      lastName: 'da Silva Souza',
      businessName: 'Loja Azul',
    });
  });
});
