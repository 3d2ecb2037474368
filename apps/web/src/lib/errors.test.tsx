import type { FieldIssue } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserFormModal } from '../features/users/components/UserFormModal';
import { renderWithApp } from '../test/render';
import { ApiError, fieldErrors, formErrorMessage } from './errors';
import i18n from './i18n';

/** A 400 answer as the server sends it: English `fields`, and their `issues` (see field-issues.test.ts of the server). */
function validationError(problems: Record<string, Array<[string, FieldIssue]>>, code = 'ERR_VALIDATION'): ApiError {
  const fields = Object.fromEntries(Object.entries(problems).map(([path, list]) => [path, list.map(([message]) => message)]));
  const issues = Object.fromEntries(Object.entries(problems).map(([path, list]) => [path, list.map(([, issue]) => issue)]));
  return new ApiError(400, code, 'Invalid body: …', fields, undefined, issues);
}

const SERVER_ANSWER = validationError({
  name: [['Too big: expected string to have <=120 characters', { code: 'too_big', origin: 'string', maximum: 120, inclusive: true }]],
  email: [['Invalid email address', { code: 'invalid_format', origin: 'string', format: 'email' }]],
  password: [
    ['Password must have at least 7 characters with letters, numbers and a special character.', { code: 'custom', rule: 'weakPassword' }],
  ],
  planId: [['Invalid input: expected number, received undefined', { code: 'required' }]],
  value: [['Too small: expected number to be >0', { code: 'too_small', origin: 'number', minimum: 0, inclusive: false }]],
  users: [['Invalid input: expected int, received number', { code: 'invalid_type', format: 'safeint' }]],
  queueIds: [['Too big: expected array to have <=50 items', { code: 'too_big', origin: 'array', maximum: 50, inclusive: true }]],
  profile: [['Invalid option: expected one of "user"|"super"|"admin"', { code: 'invalid_value' }]],
  number: [['Invalid number: check the digits and the country code (e.g. +55 11 98765-4321).', { code: 'ERR_INVALID_PHONE' }]],
  day: [['Invalid ISO date', { code: 'invalid_format', origin: 'string', format: 'date' }]],
  settings: [['Must be a JSON object.', { code: 'invalid' }]],
});

describe('field errors of the server in the user language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('pt');
  });

  it('Portuguese: every kind of issue has its text, none of the English messages', async () => {
    await i18n.changeLanguage('pt');
    expect(fieldErrors(SERVER_ANSWER)).toEqual({
      name: 'Informe no máximo 120 caracteres.',
      email: 'E-mail inválido.',
      password: 'A senha deve ter pelo menos 7 caracteres, com letras, números e um caractere especial.',
      planId: 'Este campo é obrigatório.',
      value: 'O valor deve ser maior que 0.',
      users: 'Informe um número inteiro.',
      queueIds: 'Escolha no máximo 50.',
      profile: 'Escolha uma das opções.',
      number: 'Número inválido: confira os dígitos e o código do país (ex.: +55 11 98765-4321).',
      day: 'Data inválida.',
      settings: 'Valor inválido.',
    });
  });

  it('the other languages too (German, Russian)', async () => {
    await i18n.changeLanguage('de');
    expect(fieldErrors(SERVER_ANSWER)).toMatchObject({ planId: 'Dieses Feld ist erforderlich.', email: 'Ungültige E-Mail-Adresse.' });
    await i18n.changeLanguage('ru');
    expect(fieldErrors(SERVER_ANSWER)).toMatchObject({ planId: 'Это поле обязательно.' });
  });

  it('a field the server gave no issue for gets the generic text, not the English message', async () => {
    await i18n.changeLanguage('pt');
    const old = new ApiError(400, 'ERR_VALIDATION', 'Invalid body: name.', { name: ['Too short'] });
    expect(fieldErrors(old)).toEqual({ name: 'Valor inválido.' });
  });

  it("a form's own message: the code's text; the server's explanation only for a refusal without field problems", async () => {
    await i18n.changeLanguage('pt');
    expect(formErrorMessage(SERVER_ANSWER)).toBe('Alguns campos são inválidos.');
    expect(formErrorMessage(new ApiError(400, 'ERR_VALIDATION', 'Buttons are sent through the WhatsApp Business API only.'))).toBe(
      'Buttons are sent through the WhatsApp Business API only.',
    );
  });
});

describe('a form showing refused fields', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('pt');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the user form shows the server field errors under their inputs, in Portuguese', async () => {
    const body = {
      error: 'ERR_VALIDATION',
      message: 'Invalid body: name, email.',
      fields: { name: ['Too big: expected string to have <=120 characters'], email: ['Invalid email address'] },
      issues: {
        name: [{ code: 'too_big', origin: 'string', maximum: 120, inclusive: true }],
        email: [{ code: 'invalid_format', origin: 'string', format: 'email' }],
      },
    };
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderWithApp(<UserFormModal user={null} onClose={() => undefined} />);
    await user.type(await screen.findByLabelText(/^Nome/), 'Ana Souza');
    await user.type(screen.getByLabelText(/^E-mail/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Senha/), 'Senha-forte-1');
    await user.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByText('Informe no máximo 120 caracteres.')).toBeVisible();
    expect(screen.getByText('E-mail inválido.')).toBeVisible();
    expect(screen.queryByText(/Too big|Invalid email/)).toBeNull();
  });
});
