import { assignWalletsBodySchema } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import type { ContactDetails } from './api';
import { ContactFormModal } from './components/ContactFormModal';
import { ContactsPage } from './pages/ContactsPage';

const stamp = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };
function contact(id: number, name: string, wallets: number[] = []): ContactDetails {
  return {
    id,
    name,
    number: `55119999900${id}`,
    email: null,
    identity: null,
    birthday: null,
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
    wallets,
    tags: [],
    ...stamp,
  };
}
const CONTACTS = [contact(1, 'Ana Cliente'), contact(2, 'Bruno Cliente'), contact(3, 'Carla Cliente')];
const users = () => ({
  body: {
    users: [
      { id: 7, name: 'Vera Vendas', email: 'v@x.test', profile: 'user' },
      { id: 8, name: 'Otto Suporte', email: 'o@x.test', profile: 'user' },
    ],
    count: 2,
    hasMore: false,
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function contactsApi(extra: Record<string, (call: ApiCall) => { status?: number; body: unknown }> = {}) {
  return fakeApi({
    'GET /tags': () => ({ body: [] }),
    'GET /users/': users,
    'GET /contacts': ({ query }: ApiCall) => {
      const found = CONTACTS.filter((c) => !query.get('searchParam') || c.name.includes(query.get('searchParam')!));
      return { body: { contacts: found, count: found.length === 3 ? 240 : found.length, hasMore: false } };
    },
    ...extra,
  });
}

describe('wallets in /contatos ("Atribuir carteira", supervisors and admins)', () => {
  it('picked contacts: choose users, replace the wallets, see the summary', async () => {
    signInAs('super');
    const api = contactsApi({ 'PUT /contacts/wallets': () => ({ body: { matched: 2, changed: 1 } }) });
    const { user } = renderWithApp(<ContactsPage />);
    await user.click(await screen.findByTestId('contact-select-1'));
    await user.click(screen.getByTestId('contact-select-3'));
    expect(screen.getByTestId('contacts-selected-count')).toHaveTextContent('2 contatos selecionados');
    await user.click(screen.getByTestId('contacts-assign-wallets'));
    const modal = await screen.findByTestId('wallets-modal');
    expect(within(modal).getByTestId('wallets-target')).toHaveTextContent('2 contatos selecionados');

    // Adding nobody is refused before sending.
    await user.click(within(modal).getByTestId('wallets-apply'));
    expect(await within(modal).findByTestId('wallets-error')).toHaveTextContent('Escolha pelo menos um usuário.');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.click(within(modal).getByTestId('wallets-users'));
    await user.click(await screen.findByRole('option', { name: 'Otto Suporte', hidden: true }));
    await user.click(within(modal).getByRole('radio', { name: 'Substituir os atuais' }));
    await user.click(within(modal).getByTestId('wallets-apply'));
    expect(await within(modal).findByTestId('wallets-result')).toHaveTextContent('2 contatos; 1 com a carteira alterada.');
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ contactIds: [1, 3], userIds: [8], mode: 'replace' });
    expect(assignWalletsBodySchema.safeParse(put?.body).success).toBe(true);
    await user.click(within(modal).getByTestId('wallets-done'));
    await waitFor(() => expect(screen.getByTestId('contacts-selected-count')).toHaveTextContent('0 contatos selecionados'));
  });

  it('every contact matching the filter, not only the page: the filter is sent, not ids', async () => {
    signInAs('admin');
    const api = contactsApi({ 'PUT /contacts/wallets': () => ({ body: { matched: 240, changed: 240 } }) });
    const { user } = renderWithApp(<ContactsPage />);
    await waitFor(() => expect(screen.getByTestId('contacts-assign-wallets-all')).toHaveTextContent('Atribuir a todos os 240 do filtro'));
    await user.click(screen.getByTestId('contact-select-1'));
    await user.click(screen.getByTestId('contacts-select-page'));
    expect(screen.getByTestId('contacts-selected-count')).toHaveTextContent('3 contatos selecionados');
    await user.click(screen.getByTestId('contacts-assign-wallets-all'));
    const modal = await screen.findByTestId('wallets-modal');
    expect(within(modal).getByTestId('wallets-target')).toHaveTextContent('Todos os 240 contatos que correspondem ao filtro.');
    await user.click(within(modal).getByTestId('wallets-users'));
    await user.click(await screen.findByRole('option', { name: 'Vera Vendas', hidden: true }));
    await user.click(within(modal).getByTestId('wallets-apply'));
    expect(await within(modal).findByTestId('wallets-result')).toHaveTextContent('240 contatos; 240 com a carteira alterada.');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ filter: {}, userIds: [7], mode: 'add' });
  });

  it('a plain agent gets no selection nor bulk action', async () => {
    signInAs('user');
    contactsApi();
    renderWithApp(<ContactsPage />);
    expect(await screen.findByTestId('contact-row-1')).toBeInTheDocument();
    expect(screen.queryByTestId('contact-select-1')).toBeNull();
    expect(screen.queryByTestId('contacts-bulk')).toBeNull();
  });

  it('on a phone (390 px) the bulk bar and the card checkboxes are there', async () => {
    setScreenSize(PHONE);
    signInAs('super');
    contactsApi();
    renderWithApp(<ContactsPage />);
    expect(await screen.findByTestId('contacts-table')).toHaveAttribute('data-layout', 'cards');
    expect(within(await screen.findByTestId('contact-row-2')).getByTestId('contact-select-2')).toBeInTheDocument();
    expect(screen.getByTestId('contacts-assign-wallets')).toBeDisabled();
  });
});

describe('wallets of one contact (the contact form)', () => {
  it("a supervisor sees the contact's wallet users and saves the new ones with the contact", async () => {
    signInAs('super');
    const api = fakeApi({
      'GET /users/': users,
      'PUT /contacts/:id': ({ body }: ApiCall) => ({ body: { ...contact(2, 'Bruno Cliente'), ...(body as object) } }),
    });
    const { user } = renderWithApp(<ContactFormModal contact={contact(2, 'Bruno Cliente', [7])} onClose={() => undefined} />);
    const wallets = await screen.findByTestId('contact-wallets');
    await waitFor(() =>
      expect(within(wallets.closest('.mantine-InputWrapper-root') as HTMLElement).getByText('Vera Vendas')).toBeInTheDocument(),
    );
    await user.click(wallets);
    await user.click(await screen.findByRole('option', { name: 'Otto Suporte', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ wallets: [7, 8] }));
  });

  it('an agent does not see the field, and the save leaves the wallets alone', async () => {
    signInAs('user');
    const api = fakeApi({
      'GET /users/': users,
      'PUT /contacts/:id': ({ body }: ApiCall) => ({ body: { ...contact(2, 'Bruno Cliente'), ...(body as object) } }),
    });
    const { user } = renderWithApp(<ContactFormModal contact={contact(2, 'Bruno Cliente', [7])} onClose={() => undefined} />);
    await screen.findByTestId('contact-modal');
    expect(screen.queryByTestId('contact-wallets')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).not.toHaveProperty('wallets');
  });
});
