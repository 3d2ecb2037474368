import type { ListNotesResponse, ListProtocolsResponse, Note, Ticket, User } from '@conversa/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { ContactPanel } from '../tickets/components/ContactPanel';
import { ChatPage } from '../tickets/pages/ChatPage';
import { buildMessage, buildTicket, layOutLists } from '../tickets/test-support';
import { ProtocolsPage } from '../protocols/pages/ProtocolsPage';
import { NotesPage } from './pages/NotesPage';

layOutLists();
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  localStorage.clear();
});

const ME = 7;
const PAULA = 8;
const user = (id: number, name: string): User => ({
  id,
  tenantId: 2,
  name,
  email: `${id}@example.test`,
  profile: 'user',
  isOnline: true,
  lastOnline: null,
  blockWavoip: false,
  configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
  queues: [{ id: 1, name: 'Suporte' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const USERS = [user(ME, 'Eu Mesmo'), user(PAULA, 'Paula Colega')];

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 5, 12, 0, seconds)).toISOString();
const note = (id: number, seconds: number, overrides: Partial<Note> = {}): Note => ({
  id,
  ticketId: 5,
  note: `nota ${id}`,
  userId: PAULA,
  username: 'Paula Colega',
  mentionedUserIds: [],
  createdAt: at(seconds),
  updatedAt: at(seconds),
  ...overrides,
});

/** The chat of ticket 5: two messages (at 0 s and 20 s) and the notes given; POST/PUT/DELETE of notes as the server answers. */
function chatApi(ticket: Ticket, notes: Note[]) {
  let nextId = 100;
  return fakeApi({
    'GET /tickets/:id': () => ({ body: ticket }),
    'GET /tickets/:id/notes': () => ({ body: notes }),
    'POST /tickets/:id/notes': ({ body }: ApiCall) => {
      const input = body as { note: string; mentionedUserIds: number[] };
      return { status: 201, body: note(++nextId, 40, { ...input, userId: ME, username: 'Eu Mesmo' }) };
    },
    'PUT /notes/:id': ({ path, body }: ApiCall) => {
      const id = Number(path.split('/').pop());
      const current = notes.find((n) => n.id === id)!;
      return { body: { ...current, ...(body as object), updatedAt: at(50) } };
    },
    'DELETE /notes/:id': () => ({ status: 204, body: null }),
    'GET /messages/:id': () => ({
      body: {
        messages: [buildMessage(5, 20, { body: 'segunda mensagem' }), buildMessage(5, 0, { body: 'primeira mensagem' })],
        messagesOffLine: [],
        hasMore: false,
      },
    }),
    'GET /users/': () => ({ body: { users: USERS, count: USERS.length, hasMore: false } }),
    'GET /queue': () => ({ body: [] }),
    'GET /tags': () => ({ body: [] }),
    'GET /lanes': () => ({ body: [] }),
    'GET /quickAnswer': () => ({ body: [] }),
    'GET /quick-messages': () => ({ body: [] }),
    'GET /contacts/:id': () => ({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND', message: 'x' } }),
    'GET /tickets/:id/logs': () => ({ body: [] }),
  });
}

function renderChat() {
  return renderWithApp(
    <Routes>
      <Route path="/atendimento/:ticketId" element={<ChatPage />} />
    </Routes>,
    { route: '/atendimento/5' },
  );
}

const timeline = () =>
  [...screen.getByTestId('message-list').querySelectorAll('[data-kind="note"], [data-testid^="message-"]')]
    .map((el) => (el.getAttribute('data-kind') === 'note' ? `note:${el.getAttribute('data-testid')}` : (el.textContent ?? '')))
    .filter((text) => text.startsWith('note:') || /mensagem/.test(text));

describe('notes in the chat', () => {
  it('shows the notes among the messages by time, as internal notes with their author, and the protocol in the header with a copy button', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    chatApi(buildTicket({ id: 5, status: 'open', userId: ME, username: 'Eu Mesmo', protocol: '20260105000042' }), [note(1, 10)]);
    renderChat();
    const card = await screen.findByTestId('note-1');
    expect(card).toHaveTextContent('Nota interna · Paula Colega');
    expect(card).toHaveTextContent('nota 1');
    await waitFor(() => expect(timeline().length).toBeGreaterThanOrEqual(3));
    const order = timeline();
    const first = order.findIndex((x) => x.includes('primeira mensagem'));
    const noteAt = order.indexOf('note:note-1');
    const second = order.findIndex((x) => x.includes('segunda mensagem'));
    expect(first).toBeLessThan(noteAt);
    expect(noteAt).toBeLessThan(second);
    // Paula's note: not this agent's to change.
    expect(screen.queryByTestId('note-edit-1')).toBeNull();
    expect(screen.getByTestId('chat-protocol')).toHaveTextContent('Protocolo 20260105000042');
    expect(screen.getByTestId('chat-protocol-copy')).toHaveAccessibleName('Copiar protocolo');
  });

  it('the composer\'s "Nota interna" mode saves a note with its @mention and never sends a message', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    const api = chatApi(buildTicket({ id: 5, status: 'open', userId: ME, username: 'Eu Mesmo', protocol: '20260105000042' }), []);
    const { user: u } = renderChat();
    await screen.findByTestId('composer-mode');
    await u.click(screen.getByRole('radio', { name: 'Nota interna' }));
    const input = await screen.findByTestId('note-input');
    expect(screen.getByTestId('note-composer')).toHaveTextContent('Visível só para a equipe');
    await u.type(input, 'Ligar amanhã @pau');
    await u.click(await screen.findByTestId(`note-mention-${PAULA}`));
    expect(input).toHaveValue('Ligar amanhã @Paula Colega ');
    await u.type(input, 'ok{Enter}');
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/tickets/5/notes',
      body: { note: 'Ligar amanhã @Paula Colega ok', mentionedUserIds: [PAULA] },
    });
    expect(api.calls.some((c) => c.path.startsWith('/messages') && c.method === 'POST')).toBe(false);
    const saved = await screen.findByTestId('note-101');
    expect(saved).toHaveTextContent('Nota interna · Eu Mesmo');
    expect(within(saved).getByText('Menciona: Paula Colega')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('the author edits and deletes their own note (after confirming)', async () => {
    signInAs('user', { userId: ME, queues: [{ id: 1, name: 'Suporte' }] });
    const api = chatApi(buildTicket({ id: 5, status: 'open', userId: ME, protocol: null }), [
      note(3, 10, { userId: ME, username: 'Eu Mesmo' }),
    ]);
    const { user: u } = renderChat();
    await u.click(await screen.findByTestId('note-edit-3'));
    const edit = screen.getByTestId('note-edit-input-3');
    await u.clear(edit);
    await u.type(edit, 'texto revisado');
    await u.click(screen.getByTestId('note-edit-save-3'));
    await waitFor(() => expect(screen.getByTestId('note-text-3')).toHaveTextContent('texto revisado'));
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/notes/3', body: { note: 'texto revisado' } });
    expect(screen.getByTestId('note-3')).toHaveTextContent('editada');
    expect(screen.queryByTestId('chat-protocol')).toBeNull();

    await u.click(screen.getByTestId('note-delete-3'));
    await u.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /notes/3'));
    await waitFor(() => expect(screen.queryByTestId('note-3')).toBeNull());
    expect(api.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/notes/3' });
  });
});

describe('the ticket history', () => {
  it('names the tags added and removed', async () => {
    signInAs('user', { userId: ME });
    fakeApi({
      'GET /contacts/:id': () => ({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND', message: 'x' } }),
      'GET /tickets/:id/logs': () => ({
        body: [
          {
            type: 'tagsChanged',
            payload: { added: [{ id: 1, name: 'VIP', color: '#fab005' }], removed: [{ id: 2, name: 'Lead', color: '#000000' }] },
            username: 'Paula Colega',
            createdAt: at(0),
          },
        ],
      }),
      'GET /tags': () => ({ body: [] }),
    });
    renderWithApp(<ContactPanel ticket={buildTicket({ id: 5 })} onClose={() => undefined} />);
    expect(await screen.findByText('Etiquetas alteradas')).toBeInTheDocument();
    expect(screen.getByTestId('log-tags-added')).toHaveTextContent('Adicionadas: VIP');
    expect(screen.getByTestId('log-tags-removed')).toHaveTextContent('Removidas: Lead');
  });
});

describe('/notas', () => {
  it('lists the notes with their ticket, protocol and author; searching, choosing an author and days ask the server again', async () => {
    signInAs('super', { userId: ME });
    const page: ListNotesResponse = {
      notes: [
        {
          ...note(1, 10, { note: 'Cliente pediu desconto' }),
          contact: { id: 3, name: 'Rita Souza' },
          ticketStatus: 'open',
          protocol: '20260105000001',
        },
      ],
      count: 1,
      hasMore: false,
    };
    const api = fakeApi({
      'GET /notes': () => ({ body: page }),
      'GET /users/': () => ({ body: { users: USERS, count: 2, hasMore: false } }),
    });
    const { user: u } = renderWithApp(<NotesPage />);
    const row = await screen.findByTestId('note-row-1');
    expect(row).toHaveTextContent('Cliente pediu desconto');
    expect(row).toHaveTextContent('Rita Souza · #5');
    expect(row).toHaveTextContent('20260105000001');
    expect(row).toHaveTextContent('Paula Colega');
    expect(screen.getByTestId('note-open-1')).toHaveAttribute('href', '/atendimento/5');
    expect(screen.getByTestId('notes-total')).toHaveTextContent('Total: 1');

    await u.type(screen.getByTestId('notes-search'), 'desconto');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/notes' && c.query.get('searchParam') === 'desconto')).toBe(true));
    await u.click(screen.getByTestId('notes-author'));
    await u.click(await screen.findByRole('option', { name: 'Paula Colega', hidden: true }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/notes' && c.query.get('userId') === String(PAULA))).toBe(true));
    await u.type(screen.getByTestId('notes-date-from'), '2026-01-05');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/notes' && c.query.get('dateFrom') === '2026-01-05')).toBe(true));
  });
});

describe('/protocolos', () => {
  it('lists the protocols, searches by number or contact and days, and opens the ticket', async () => {
    signInAs('super', { userId: ME });
    const page: ListProtocolsResponse = {
      protocols: [
        {
          protocol: '20260105000002',
          ticketId: 12,
          ticketStatus: 'pending',
          contact: { id: 3, name: 'Rita Souza', number: '5511999990000' },
          userId: null,
          username: null,
          agentName: 'Paula Colega',
          createdAt: at(0),
        },
      ],
      count: 41,
      hasMore: true,
    };
    const api = fakeApi({ 'GET /protocols': () => ({ body: page }) });
    const { user: u } = renderWithApp(<ProtocolsPage />);
    const row = await screen.findByTestId('protocol-12');
    expect(row).toHaveTextContent('20260105000002');
    expect(row).toHaveTextContent('Rita Souza · 5511999990000');
    expect(row).toHaveTextContent('Aguardando');
    expect(row).toHaveTextContent('Cliente ou robô');
    expect(row).toHaveTextContent('Paula Colega');
    expect(screen.getByTestId('protocol-open-12')).toHaveAttribute('href', '/atendimento/12');
    expect(screen.getByTestId('protocols-total')).toHaveTextContent('Total: 41');

    await u.click(screen.getByTestId('protocols-next'));
    await waitFor(() => expect(api.calls.some((c) => c.query.get('pageNumber') === '2')).toBe(true));
    await u.type(screen.getByTestId('protocols-search'), '20260105');
    await waitFor(() =>
      expect(api.calls.some((c) => c.query.get('searchParam') === '20260105' && c.query.get('pageNumber') === '1')).toBe(true),
    );
    await u.type(screen.getByTestId('protocols-date-to'), '2026-01-06');
    await waitFor(() => expect(api.calls.some((c) => c.query.get('dateTo') === '2026-01-06')).toBe(true));
  });
});
