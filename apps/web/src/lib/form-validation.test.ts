import { createTenantBodySchema, planBodySchema, signupBodySchema, updatePlanBodySchema } from '@conversa/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { schemaErrors } from './form-validation';
import { changeLocale } from './i18n';

afterEach(async () => {
  await changeLocale('pt');
});

const plan = { name: 'Pro', value: 10, connections: 1, users: 1, trial: false, trialDays: 0 };

describe('schemaErrors: a shared zod schema as translated form errors', () => {
  it('accepts what the schema accepts', () => {
    expect(schemaErrors(planBodySchema, plan)).toEqual({});
  });

  it('turns each issue into the message of its code and limits, in the current language, one per field', async () => {
    const body = { ...plan, name: 'P', users: 0, connections: 1.5, value: null, trialDays: 4000 };
    expect(schemaErrors(planBodySchema, body)).toEqual({
      name: 'Informe pelo menos 2 caracteres.',
      users: 'O valor mínimo é 1.',
      connections: 'Informe um número inteiro.',
      value: 'Este campo é obrigatório.',
      trialDays: 'O valor máximo é 3650.',
    });
    await changeLocale('en');
    expect(schemaErrors(planBodySchema, body)).toMatchObject({ name: 'Enter at least 2 characters.', value: 'This field is required.' });
  });

  it('names the format (e-mail) and the rules of the shared schemas (CPF/CNPJ, password strength)', () => {
    const errors = schemaErrors(createTenantBodySchema, {
      ...plan,
      status: 'active',
      maxUsers: 1,
      maxConnections: 1,
      identity: '111.111.111-11',
      admin: { name: 'Ana', email: 'not-an-email', password: 'abc' },
    });
    expect(errors).toEqual({
      identity: 'CPF/CNPJ inválido.',
      'admin.email': 'E-mail inválido.',
      'admin.password': 'A senha deve ter pelo menos 7 caracteres, com letras, números e um caractere especial.',
    });
  });

  it("a pattern without a code of its own reads as the form's message for that field, else as an invalid format", () => {
    const body = { name: 'Loja', identity: '529.982.247-25', email: 'a@b.co', phone: 'abc', password: 'Senha-forte-1', planId: 1 };
    expect(schemaErrors(signupBodySchema, body)).toEqual({ phone: 'Formato inválido.' });
    expect(schemaErrors(signupBodySchema, body, { ruleMessages: { phone: 'Número de celular inválido.' } })).toEqual({
      phone: 'Número de celular inválido.',
    });
  });

  it('maps body paths to form fields, leaving out what the form does not show', () => {
    const errors = schemaErrors(
      planBodySchema,
      { ...plan, name: '', users: 0 },
      { field: (path) => (path === 'users' ? 'seats' : undefined) },
    );
    expect(errors).toEqual({ seats: 'O valor mínimo é 1.' });
  });

  it('an edit schema fills no default: a partial body is checked as sent', () => {
    expect(updatePlanBodySchema.parse({ name: 'Pro' })).toEqual({ name: 'Pro' });
    expect(schemaErrors(updatePlanBodySchema, { users: null })).toEqual({ users: 'Este campo é obrigatório.' });
  });
});
