import { createContactBodySchema, updateContactBodySchema } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { errorOf, expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import type { ContactDetails } from '../api';
import { ContactFormModal } from './ContactFormModal';

const CONTACT: ContactDetails = {
  id: 21,
  name: 'Maria Silva',
  number: '5511912345678',
  email: 'maria@example.com',
  identity: null,
  birthday: '1990-05-17',
  firstName: null,
  lastName: null,
  businessName: null,
  messengerId: null,
  instagramPK: null,
  hubWhatsappId: null,
  profilePicUrl: null,
  extraInfo: [],
  blocked: false,
  chatbotBlocked: false,
  isGroup: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  wallets: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the contact form validates with the server schema (createContactBodySchema / updateContactBodySchema)', () => {
  it('refuses what POST /contacts refuses (SPEC §5: e-mail, CPF/CNPJ, dd/MM/yyyy), translated under each field, and sends nothing', async () => {
    const api = fakeApi({ 'POST /contacts': ({ body }) => ({ status: 201, body: { ...CONTACT, ...(body as object) } }) });
    const { user } = renderWithApp(<ContactFormModal contact={null} onClose={() => undefined} />);
    await user.type(field('E-mail'), 'maria@');
    await user.type(field('CPF/CNPJ'), '123.456.789-00');
    await user.type(field('Aniversário'), '31022020');
    await user.click(screen.getByTestId('contact-extra-add'));
    await user.click(screen.getByTestId('contact-save'));

    await expectFieldError('Nome', 'Este campo é obrigatório.');
    await expectFieldError('Número', 'Este campo é obrigatório.');
    await expectFieldError('E-mail', 'E-mail inválido.');
    await expectFieldError('CPF/CNPJ', 'CPF/CNPJ inválido.');
    await expectFieldError('Aniversário', 'Data inválida.');
    await waitFor(() => expect(errorOf(screen.getByTestId('contact-extra-name-0'))).toBe('Este campo é obrigatório.'));
    expect(api.calls).toEqual([]);
  });

  it('sends a body the schema accepts (empty optional fields as empty texts, which it reads as none)', async () => {
    const api = fakeApi({ 'POST /contacts': ({ body }) => ({ status: 201, body: { ...CONTACT, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<ContactFormModal contact={null} onClose={onClose} />);
    await user.type(field('Nome'), ' João ');
    await user.type(field('Número'), '+55 11 91234-5678');
    await user.type(field('Aniversário'), '17051990');
    await user.click(screen.getByTestId('contact-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const parsed = createContactBodySchema.safeParse(api.calls[0].body);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ name: 'João', birthday: '1990-05-17', email: null, identity: null });
    expect(api.calls[0].body).toMatchObject({ name: 'João', number: '+55 11 91234-5678', email: '', birthday: '17/05/1990' });
  });

  it("an edit is checked by PUT /contacts/:id's schema", async () => {
    const api = fakeApi({ 'PUT /contacts/:id': ({ body }) => ({ body: { ...CONTACT, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<ContactFormModal contact={CONTACT} onClose={onClose} />);
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'maria-at-example.com');
    await user.click(screen.getByTestId('contact-save'));
    await expectFieldError('E-mail', 'E-mail inválido.');
    expect(api.calls).toEqual([]);

    await user.clear(field('E-mail'));
    await user.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].path).toBe('/contacts/21');
    expect(updateContactBodySchema.safeParse(api.calls[0].body).success).toBe(true);
    expect(api.calls[0].body).toMatchObject({ name: 'Maria Silva', number: '+5511912345678', email: '', birthday: '17/05/1990' });
  });
});

describe("the contact form and the tenant's contact variables", () => {
  it('names them and offers each as the name of an additional information (the one already used is not offered twice)', async () => {
    fakeApi({
      'GET /contact-variables': () => ({
        body: ['CPF', 'plano'].map((name, id) => ({
          id,
          name,
          description: null,
          createdAt: '2026-01-10T12:00:00.000Z',
          updatedAt: '2026-01-10T12:00:00.000Z',
        })),
      }),
    });
    const { user } = renderWithApp(<ContactFormModal contact={null} onClose={() => undefined} />);
    expect(await screen.findByTestId('contact-extra-variables')).toHaveTextContent('Variáveis da empresa: {{CPF}}, {{plano}}.');
    await user.click(screen.getByTestId('contact-extra-add'));
    await user.click(screen.getByTestId('contact-extra-name-0'));
    await user.click(await screen.findByRole('option', { name: 'CPF', hidden: true }));
    expect(screen.getByTestId('contact-extra-name-0')).toHaveValue('CPF');
    await user.click(screen.getByTestId('contact-extra-add'));
    const second = screen.getByTestId('contact-extra-name-1');
    await user.click(second);
    await waitFor(() => {
      const list = document.getElementById(second.getAttribute('aria-controls') ?? '');
      expect([...(list?.querySelectorAll('[role="option"]') ?? [])].map((option) => option.textContent)).toEqual(['plano']);
    });
  });
});

describe('a contact without a phone (a web-chat visitor)', () => {
  it('is edited without giving one: the number is left out of the body', async () => {
    const api = fakeApi({ 'PUT /contacts/:id': ({ body }) => ({ body: { ...CONTACT, number: null, ...(body as object) } }) });
    const { user } = renderWithApp(<ContactFormModal contact={{ ...CONTACT, number: null }} onClose={() => undefined} />);
    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'Visitante do site');
    await user.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls[0].body).not.toHaveProperty('number');
    expect(api.calls[0].body).toMatchObject({ name: 'Visitante do site' });
  });
});
