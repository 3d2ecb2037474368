import { createTagBodySchema, type Tag, type TagRef, type Ticket } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { expectFieldError, field } from '../../test/form';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { ContactsPage } from '../contacts/pages/ContactsPage';
import { ChatHeader } from '../tickets/components/ChatHeader';
import { ContactPanel } from '../tickets/components/ContactPanel';
import { TicketListPanel } from '../tickets/components/TicketListPanel';
import { buildTicket, layOutLists, ticketPage } from '../tickets/test-support';
import { TagsPage } from './pages/TagsPage';

layOutLists();

const stamp = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };
const VIP: Tag = { id: 1, name: 'VIP', color: '#fab005', isActive: true, ...stamp };
const LATE: Tag = { id: 2, name: 'Atrasado', color: '#fa5252', isActive: true, ...stamp };
const OLD: Tag = { id: 3, name: 'Campanha 2024', color: '#868e96', isActive: false, ...stamp };
const ALL = [LATE, OLD, VIP];
const ACTIVE = [LATE, VIP];
const ref = (tag: Tag): TagRef => ({ id: tag.id, name: tag.name, color: tag.color });

beforeEach(() => signInAs('super'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const tagsRoute = ({ query }: ApiCall) => ({ body: query.get('activeOnly') === 'true' ? ACTIVE : ALL });

describe('/etiquetas', () => {
  it('lists the tags with their color and active switch; the switch saves at once', async () => {
    const api = fakeApi({ 'GET /tags': tagsRoute, 'PUT /tags/:id': ({ body }) => ({ body: { ...VIP, ...(body as object) } }) });
    const { user } = renderWithApp(<TagsPage />);
    const chip = await screen.findByTestId('tag-chip-1-1');
    expect(chip).toHaveTextContent('VIP');
    expect(chip).toHaveStyle({ background: '#fab005' });
    expect(screen.getByTestId('tag-3')).toHaveTextContent('Inativa');
    expect(screen.getByTestId('tag-active-3')).not.toBeChecked();
    await user.click(screen.getByTestId('tag-active-1'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/tags/1', body: { isActive: false } }));
  });

  it('creates one: the shared schema refuses an empty name and a bad color before sending; a taken name is shown on the field', async () => {
    let taken = true;
    const api = fakeApi({
      'GET /tags': tagsRoute,
      'POST /tags': ({ body }) =>
        taken
          ? { status: 409, body: { error: 'ERR_DUPLICATED_TAG', message: 'A tag with this name already exists.' } }
          : { status: 201, body: { id: 9, ...stamp, ...(body as object) } },
    });
    const { user } = renderWithApp(<TagsPage />);
    await user.click(await screen.findByTestId('tags-new'));
    const color = field('Cor');
    await user.clear(color);
    await user.type(color, 'vermelho');
    await user.click(screen.getByTestId('tag-save'));
    await expectFieldError('Nome', 'Este campo é obrigatório.');
    await expectFieldError('Cor', 'Escolha uma cor no formato #rrggbb.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(field('Nome'), '  vip ');
    await user.clear(color);
    await user.type(color, '#12B886');
    await user.click(screen.getByTestId('tag-save'));
    await expectFieldError('Nome', 'Já existe uma etiqueta com este nome.');

    taken = false;
    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'Cliente novo');
    await user.click(screen.getByTestId('tag-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const post = api.calls.filter((c) => c.method === 'POST').at(-1);
    expect(post?.body).toEqual({ name: 'Cliente novo', color: '#12B886', isActive: true });
    expect(createTagBodySchema.safeParse(post?.body).success).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('tag-modal')).toBeNull());
  });

  it('deletes after a confirmation that says how many tickets and contacts lose the tag', async () => {
    const api = fakeApi({
      'GET /tags': tagsRoute,
      'GET /tags/:id/usage': () => ({ body: { tickets: 3, contacts: 1 } }),
      'DELETE /tags/:id': () => ({ status: 204, body: null }),
    });
    const { user } = renderWithApp(<TagsPage />);
    await user.click(await screen.findByTestId('tag-delete-2'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Excluir a etiqueta Atrasado?');
    expect(await within(dialog).findByTestId('tag-delete-usage')).toHaveTextContent('Ela será removida de 3 atendimentos e 1 contato.');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/tags/2']));
  });
});

describe('tags of a ticket', () => {
  const ticket: Ticket = buildTicket({ id: 12, status: 'open', userId: 7, tags: [ref(OLD), ref(VIP)] });

  it('the chat header shows its chips and sets its tags among the active ones; an inactive tag it has can only be removed', async () => {
    signInAs('user', { userId: 7 });
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /tags': tagsRoute,
      'PUT /tickets/:id/tags': ({ body }) => ({
        body: (body as { tagIds: number[] }).tagIds.map((id) => ref(ALL.find((t) => t.id === id)!)),
      }),
    });
    const { user } = renderWithApp(<ChatHeader ticket={ticket} panelOpen={false} onTogglePanel={() => undefined} />);
    expect(screen.getByTestId('chat-tags')).toHaveTextContent('Campanha 2024');
    expect(screen.getByTestId('chat-tags-1')).toHaveTextContent('VIP');

    await user.click(screen.getByTestId('ticket-tags-edit'));
    const picker = await screen.findByTestId('ticket-tags-picker');
    await user.click(picker);
    expect(await screen.findByRole('option', { name: 'Atrasado', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Atrasado', hidden: true }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/tickets/12/tags', body: { tagIds: [3, 1, 2] } }),
    );
    // The inactive tag it carries is shown as such (it may stay or go, not be added elsewhere).
    expect(screen.getByRole('option', { name: 'Campanha 2024 (inativa)', hidden: true })).toBeInTheDocument();
  });

  it('the list shows its chips; the tag filter asks for tickets with any of the tags and is kept as the tagFiltro preference', async () => {
    signInAs('admin', { userId: 9 });
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /tags': tagsRoute,
      'GET /tickets': ({ query }) => ({ body: ticketPage(query.get('status') === 'open' ? [ticket] : []) }),
    });
    localStorage.setItem('ticketTab:9', JSON.stringify('open'));
    const { user, unmount } = renderWithApp(<TicketListPanel selectedId={null} />);
    const chips = await screen.findByTestId('ticket-tags-12');
    expect(chips).toHaveTextContent('Campanha 2024');
    expect(chips).toHaveTextContent('VIP');
    expect(api.calls.filter((c) => c.path === '/tickets').every((c) => !c.query.has('tagIds'))).toBe(true);

    await user.click(screen.getByTestId('tickets-filters'));
    await user.click(await screen.findByTestId('tickets-filter-tags'));
    await user.click(await screen.findByRole('option', { name: 'VIP', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'Atrasado', hidden: true }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/tickets' && c.query.get('tagIds') === '1,2')).toBe(true));
    expect((JSON.parse(localStorage.getItem('ticketListFilters:9') ?? '{}') as { tagFiltro?: number[] }).tagFiltro).toEqual([1, 2]);

    // Kept for the next visit.
    unmount();
    const before = api.calls.length;
    renderWithApp(<TicketListPanel selectedId={null} />);
    await waitFor(() => expect(api.calls.slice(before).some((c) => c.path === '/tickets' && c.query.get('tagIds') === '1,2')).toBe(true));
  });
});

describe('tags of a contact', () => {
  const contact = {
    id: 5,
    name: 'Carla',
    number: '5511999990000',
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
    wallets: [],
    tags: [ref(VIP)],
    ...stamp,
  };

  it('the contact panel sets them', async () => {
    signInAs('user', { userId: 7 });
    const api = fakeApi({
      'GET /tags': tagsRoute,
      'GET /contacts/:id': () => ({ body: contact }),
      'GET /tickets/:id/logs': () => ({ body: [] }),
      'PUT /contacts/:id/tags': ({ body }) => ({
        body: (body as { tagIds: number[] }).tagIds.map((id) => ref(ALL.find((t) => t.id === id)!)),
      }),
    });
    const { user } = renderWithApp(<ContactPanel ticket={buildTicket({ id: 12, contactId: 5 })} onClose={() => undefined} />);
    const picker = await screen.findByTestId('contact-tags-picker');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Atrasado', hidden: true }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/contacts/5/tags', body: { tagIds: [1, 2] } }),
    );
  });

  it('the contacts list shows their chips and filters by tags', async () => {
    const api = fakeApi({
      'GET /tags': tagsRoute,
      'GET /contacts': ({ query }) => ({
        body: { contacts: query.get('tagIds') === '2' ? [] : [contact], count: query.get('tagIds') === '2' ? 0 : 1, hasMore: false },
      }),
    });
    const { user } = renderWithApp(<ContactsPage />);
    expect(await screen.findByTestId('contact-tags-5')).toHaveTextContent('VIP');
    await user.click(screen.getByTestId('contacts-filter-tags'));
    await user.click(await screen.findByRole('option', { name: 'Atrasado', hidden: true }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/contacts' && c.query.get('tagIds') === '2')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('contact-tags-5')).toBeNull());
  });
});
