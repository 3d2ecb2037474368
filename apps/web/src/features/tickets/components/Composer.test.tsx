import type { LoginResponse, Message, QuickMessage, Ticket } from '@conversa/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP, PHONE, setScreenSize } from '../../../test/media';
import { signInAs } from '../../../test/session';
import { renderWithApp, testQueryClient } from '../../../test/render';
import { quickMessageKeys } from '../../quick-messages/api';
import { upsertMessageInCache } from '../cache';
import { messageKeys, type MessagePage } from '../keys';
import { Composer } from './Composer';
import { noMessageActions } from '../render-bubble';
import { MessageList } from './MessageList';

/**
 * The composer and the chat together, against a fake network: what the agent types is never lost,
 * every Enter sends, replies leave one at a time and in order, show at once, and a failed one keeps
 * its text with a retry under the same client id.
 */

const ME = 7;
const login = (profile: LoginResponse['profile'], userId = ME) => signInAs(profile, { userId, username: 'Ana' });

const baseTicket: Ticket = {
  id: 41,
  status: 'open',
  name: 'Carla Cliente',
  contactId: 5,
  contact: { id: 5, name: 'Carla Cliente', number: null, email: null, profilePicUrl: null, blocked: false },
  userId: ME,
  username: 'Ana',
  queueId: 1,
  whatsappId: 3,
  channel: 'webchat',
  chatFlowId: null,
  isGroup: false,
  unreadMessages: 0,
  answered: true,
  lastMessage: null,
  lastMessageAt: null,
  profilePicUrl: null,
  integrationStatuses: {},
  kanban: null,
  tags: [],
  demand: null,
  protocol: null,
  value: null,
  rating: null,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
};

let serial = 0;
function stored(fields: Partial<Message> & { body: string }): Message {
  serial += 1;
  const at = new Date(Date.UTC(2025, 0, 1, 12, 0, serial)).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    messageId: null,
    ticketId: baseTicket.id,
    contactId: 5,
    fromMe: true,
    mediaType: null,
    mediaName: null,
    mediaUrl: null,
    status: 'pending',
    ack: 0,
    edited: false,
    deleted: false,
    quotedMsg: null,
    userId: ME,
    senderName: null,
    clientId: null,
    transcript: null,
    transcriptStatus: null,
    timestamp: at,
    createdAt: at,
    ...fields,
  };
}

/** One POST /messages/{ticketId} seen by the fake network, answered when the test says so. */
interface Sent {
  url: string;
  fields: Record<string, string>;
  file: File | null;
  answer(message?: Partial<Message>): void;
  fail(): void;
}

let sent: Sent[] = [];

function fakeNetwork() {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const fields: Record<string, string> = {};
      let file: File | null = null;
      if (init.body instanceof FormData) {
        for (const [key, value] of init.body.entries()) {
          if (typeof value === 'string') fields[key] = value;
          else file = value;
        }
      } else {
        Object.assign(fields, JSON.parse(init.body as string) as Record<string, string>);
      }
      return new Promise<Response>((resolve, reject) => {
        sent.push({
          url,
          fields,
          file,
          answer: (message) =>
            resolve(
              new Response(JSON.stringify(stored({ body: fields.body ?? '', clientId: fields.clientId ?? null, ...message })), {
                status: 201,
              }),
            ),
          fail: () => reject(new TypeError('Failed to fetch')),
        });
      });
    }),
  );
}

const noActions = noMessageActions;

function renderChat(
  ticket: Ticket = baseTicket,
  queryClient = testQueryClient(),
  history: Message[] = [],
  quickMessages: QuickMessage[] = [],
) {
  // The composer's `/` list (GET /fastreply?activeOnly=true), already loaded.
  queryClient.setQueryData<QuickMessage[]>(quickMessageKeys.active, quickMessages);
  queryClient.setQueryData<InfiniteData<MessagePage>>(messageKeys.ticket(ticket.id), {
    pages: [{ messages: history, messagesOffLine: [], hasMore: false }],
    pageParams: [1],
  });
  const view = renderWithApp(
    <div style={{ height: 600, display: 'flex', flexDirection: 'column' }}>
      <MessageList
        ticketId={ticket.id}
        isGroup={false}
        myUserId={ME}
        actions={noActions}
        selecting={false}
        selectedIds={[]}
        selectionFull={false}
        onToggleSelected={() => undefined}
      />
      <Composer ticket={ticket} replyTo={null} onCancelReply={() => undefined} />
    </div>,
    { queryClient },
  );
  return { ...view, input: screen.queryByTestId('composer-input') as HTMLTextAreaElement };
}

/** The bodies of the chat's bubbles, in order, with their outbox state ('' once stored). */
function chat(): string[] {
  return screen
    .queryAllByTestId(/^message-body-/)
    .map(
      (body) =>
        `${body.textContent}${body.closest('[data-outgoing]')?.getAttribute('data-outgoing') ? ` (${body.closest('[data-outgoing]')!.getAttribute('data-outgoing')})` : ''}`,
    );
}

beforeEach(() => {
  // jsdom lays nothing out: the chat's virtual list needs a viewport to render its rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  login('user');
  fakeNetwork();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the composer', () => {
  it('keeps what is typed while the previous reply is being sent; the first goes out whole', async () => {
    const { user, input } = renderChat();
    await user.type(input, 'Claro, qual o número do pedido?{Enter}');
    // Cleared at once, and the reply shows in the chat as being sent.
    expect(input.value).toBe('');
    expect(chat()).toEqual(['Claro, qual o número do pedido? (sending)']);
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/messages/41');
    expect(Object.keys(sent[0].fields).sort()).toEqual(['body', 'clientId']);
    expect(sent[0].fields.body).toBe('Claro, qual o número do pedido?');
    expect(sent[0].fields.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    await user.type(input, 'Um momento, ');
    await act(async () => sent[0].answer());
    await user.type(input, 'por favor.');
    // The answer of the first send touched nothing typed since.
    expect(input.value).toBe('Um momento, por favor.');
    expect(chat()).toEqual(['Claro, qual o número do pedido?']);
    expect(screen.getByTestId('composer-send')).toBeEnabled();
  });

  it('near the most a message can take it counts the characters, and at the limit it says a longer paste was cut', async () => {
    const { input } = renderChat();
    expect(screen.queryByTestId('composer-length')).toBeNull();
    fireEvent.change(input, { target: { value: 'a'.repeat(3700) } });
    expect(screen.getByTestId('composer-length')).toHaveTextContent('3.700 de 4.096 caracteres.');
    fireEvent.change(input, { target: { value: 'a'.repeat(4096) } });
    expect(screen.getByTestId('composer-length')).toHaveTextContent(
      'Limite de 4.096 caracteres: o que passou disso não entrou na mensagem.',
    );
  });

  it('sends every Enter, one at a time, in the order written, even when answers are slow', async () => {
    const { user, input } = renderChat();
    const replies = ['Bom dia!', 'Vou verificar.', 'Um momento.', 'Pronto.', 'Mais alguma coisa?'];
    for (const reply of replies) await user.type(input, `${reply}{Enter}`);
    // All five show at once, in order; only the first is on the wire.
    expect(chat()).toEqual([`${replies[0]} (sending)`, ...replies.slice(1).map((r) => `${r} (queued)`)]);
    expect(sent).toHaveLength(1);
    for (let i = 0; i < replies.length; i++) {
      await waitFor(() => expect(sent).toHaveLength(i + 1));
      expect(sent[i].fields.body).toBe(replies[i]);
      await act(async () => sent[i].answer());
    }
    await waitFor(() => expect(chat()).toEqual(replies));
    expect(new Set(sent.map((s) => s.fields.clientId)).size).toBe(5);
  });

  it('a failed reply stays with its text and a retry under the same client id; the ones after it wait their turn', async () => {
    const { user, input } = renderChat();
    await user.type(input, 'Primeira{Enter}');
    await user.type(input, 'Segunda{Enter}');
    await act(async () => sent[0].fail());
    expect(await screen.findByTestId(/^message-failed-/)).toHaveTextContent('Não enviada. Não foi possível conectar ao servidor.');
    // Told by a toast too: the agent may be in another chat by then.
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('Não foi possível enviar a mensagem.');
    expect(chat()).toEqual(['Primeira (failed)', 'Segunda (queued)']);
    // The second never overtakes the first.
    expect(sent).toHaveLength(1);

    // Typing goes on meanwhile, and Enter still queues.
    await user.type(input, 'Terceira{Enter}');
    expect(sent).toHaveLength(1);

    const failed = screen.getByTestId(/^message-failed-/);
    await user.click(within(failed).getByRole('button', { name: 'Tentar de novo' }));
    expect(sent).toHaveLength(2);
    expect(sent[1].fields).toEqual(sent[0].fields);
    await act(async () => sent[1].answer());
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2].fields.body).toBe('Segunda');
    await act(async () => sent[2].answer());
    await waitFor(() => expect(sent).toHaveLength(4));
    await act(async () => sent[3].answer());
    await waitFor(() => expect(chat()).toEqual(['Primeira', 'Segunda', 'Terceira']));
  });

  it('a discarded failed reply lets the next go out', async () => {
    const { user, input } = renderChat();
    await user.type(input, 'errada{Enter}');
    await user.type(input, 'certa{Enter}');
    await act(async () => sent[0].fail());
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].fields.body).toBe('certa');
    await act(async () => sent[1].answer());
    await waitFor(() => expect(chat()).toEqual(['certa']));
  });

  it("shows a reply once when the server's message arrives by the socket before the answer", async () => {
    const { user, input, queryClient } = renderChat();
    await user.type(input, 'Olá!{Enter}');
    const { clientId } = sent[0].fields;
    const pushed = stored({ body: 'Olá!', clientId, status: 'sent' });
    act(() => upsertMessageInCache(queryClient, pushed));
    await waitFor(() => expect(chat()).toEqual(['Olá!']));
    await act(async () => sent[0].answer({ id: pushed.id, status: 'sent' }));
    expect(chat()).toEqual(['Olá!']);
  });

  it('a reply whose answer is lost but whose message came by the socket counts as sent: no failure, the next goes out', async () => {
    const { user, input, queryClient } = renderChat();
    await user.type(input, 'chegou{Enter}');
    await user.type(input, 'depois{Enter}');
    act(() => upsertMessageInCache(queryClient, stored({ body: 'chegou', clientId: sent[0].fields.clientId, status: 'sent' })));
    await act(async () => sent[0].fail());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].fields.body).toBe('depois');
    expect(screen.queryByTestId(/^message-failed-/)).toBeNull();
    await act(async () => sent[1].answer());
    await waitFor(() => expect(chat()).toEqual(['chegou', 'depois']));
  });

  it('a failed reply whose message then arrives by the socket leaves the outbox, and the next goes out', async () => {
    const { user, input, queryClient } = renderChat();
    await user.type(input, 'perdida{Enter}');
    await user.type(input, 'seguinte{Enter}');
    await act(async () => sent[0].fail());
    await screen.findByTestId(/^message-failed-/);
    act(() => upsertMessageInCache(queryClient, stored({ body: 'perdida', clientId: sent[0].fields.clientId, status: 'sent' })));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].fields.body).toBe('seguinte');
    expect(screen.queryByTestId(/^message-failed-/)).toBeNull();
    await act(async () => sent[1].answer());
    await waitFor(() => expect(chat()).toEqual(['perdida', 'seguinte']));
  });

  it('sends a file with its caption and client id as multipart, fields before the file', async () => {
    const { user, input, container } = renderChat();
    const fileInput = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(fileInput, new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('composer-attachment')).toHaveTextContent('nota.pdf');
    await user.type(input, 'segue a nota{Enter}');
    expect(screen.queryByTestId('composer-attachment')).toBeNull();
    expect(screen.getByText('nota.pdf')).toBeVisible();
    expect(Object.keys(sent[0].fields).sort()).toEqual(['body', 'clientId']);
    expect(sent[0].fields.body).toBe('segue a nota');
    expect(sent[0].file?.name).toBe('nota.pdf');
  });

  it('brings back a reply that was not sent when the page is reloaded, with its text and retry', async () => {
    const first = renderChat();
    await first.user.type(first.input, 'não pode se perder{Enter}');
    const { clientId } = sent[0].fields;
    first.unmount();
    // A new page: a new query client (and outbox), the same user.
    fakeNetwork();
    const { user } = renderChat(baseTicket, testQueryClient());
    expect(chat()).toEqual(['não pode se perder (failed)']);
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(sent[0].fields).toEqual({ body: 'não pode se perder', clientId });
    await act(async () => sent[0].answer());
    await waitFor(() => expect(chat()).toEqual(['não pode se perder']));
    expect(localStorage.getItem(`conversa.outbox.${ME}`)).toBeNull();
  });
});

describe('drafts', () => {
  it('what was typed in a ticket is there again after another ticket was opened; sending clears it', async () => {
    const first = renderChat();
    await first.user.type(first.input, 'Só um momento, vou verificar');
    first.unmount();
    const other = renderChat({ ...baseTicket, id: 42 });
    expect(other.input).toHaveValue('');
    other.unmount();
    const again = renderChat();
    expect(again.input).toHaveValue('Só um momento, vou verificar');
    await again.user.type(again.input, '{Enter}');
    await waitFor(() => expect(again.input).toHaveValue(''));
    again.unmount();
    expect(renderChat().input).toHaveValue('');
  });

  it('another user signing in on the same page does not find it; a picked quick message (text and file) is not kept as a draft', async () => {
    // A waiting ticket of nobody: both may write in it.
    const waiting: Ticket = { ...baseTicket, status: 'pending', userId: null, username: null };
    const first = renderChat(waiting);
    await first.user.type(first.input, 'Rascunho da Ana');
    first.unmount();
    login('user', ME + 1);
    const other = renderChat(waiting);
    expect(other.input).toHaveValue('');
    other.unmount();
    login('user');
    const back = renderChat(waiting, testQueryClient(), [], QUICK);
    expect(back.input).toHaveValue('Rascunho da Ana');
    await back.user.clear(back.input);
    await back.user.type(back.input, '/cat');
    await back.user.click(screen.getByTestId('quick-message-option-catalogo'));
    expect(back.input).toHaveValue('Segue o catálogo');
    back.unmount();
    expect(renderChat(waiting).input).toHaveValue('');
  });
});

describe('the composer on a phone', () => {
  afterEach(() => setScreenSize(DESKTOP));

  it('puts its tools on a row of their own, so that the text field spans the width beside the send button', () => {
    setScreenSize(PHONE);
    renderChat();
    expect(screen.getByTestId('composer-bar')).toHaveAttribute('data-layout', 'stacked');
    const inputRow = screen.getByTestId('composer-input').closest('.mantine-Group-root') as HTMLElement;
    expect(within(inputRow).getByTestId('composer-send')).toBeInTheDocument();
    expect(within(inputRow).queryByTestId('composer-attach')).toBeNull();
    expect(screen.getByTestId('composer-attach')).toBeInTheDocument();
  });
});

describe("the composer in another agent's open ticket", () => {
  const othersTicket: Ticket = { ...baseTicket, userId: 99, username: 'Bruno' };

  it('a plain agent sees whose ticket it is instead of an input', () => {
    renderChat(othersTicket);
    expect(screen.getByTestId('composer-denied')).toHaveTextContent('Este atendimento está com Bruno.');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('composer-send')).toBeNull();
  });

  it.each(['admin', 'super'] as const)('a %s may write, and is shown whose ticket it is', async (profile) => {
    login(profile);
    const { user, input } = renderChat(othersTicket);
    expect(screen.getByTestId('composer-others-ticket')).toHaveTextContent('Você está respondendo no atendimento de Bruno.');
    await user.type(input, 'Aqui é a supervisão.{Enter}');
    expect(sent[0].fields.body).toBe('Aqui é a supervisão.');
  });

  it('the owner, and anyone in a waiting ticket, writes without a notice', () => {
    renderChat(baseTicket);
    expect(screen.queryByTestId('composer-others-ticket')).toBeNull();
    expect(screen.getByRole('textbox')).toBeVisible();
  });

  it('a ticket waiting for another agent (transferred to them) is written in once accepted; a waiting ticket of nobody can be written in (writing takes it)', () => {
    const { unmount } = renderChat({ ...othersTicket, status: 'pending' });
    expect(screen.getByTestId('composer-denied')).toHaveTextContent('Este atendimento aguarda Bruno. Para responder, assuma-o em Aceitar.');
    expect(screen.queryByRole('textbox')).toBeNull();
    unmount();
    renderChat({ ...baseTicket, status: 'pending', userId: null, username: null });
    expect(screen.queryByTestId('composer-denied')).toBeNull();
    expect(screen.getByRole('textbox')).toBeVisible();
  });
});

const quick = (id: number, key: string, message: string, media: QuickMessage['media'] = null, sendAsAudio = false): QuickMessage => ({
  id,
  key,
  message,
  media,
  sendAsAudio,
  isActive: true,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
});
const QUICK = [
  quick(1, 'ola', 'Olá {{name}}, como posso ajudar?'),
  quick(2, 'olaTarde', '{{greeting}}, {{firstName}}!'),
  quick(3, 'catalogo', 'Segue o catálogo', { name: 'catalogo.pdf', mime: 'application/pdf', size: 10, type: 'document', url: '/media/x' }),
  quick(4, 'audio', '', { name: 'boas-vindas.mp3', mime: 'audio/mpeg', size: 10, type: 'audio', url: '/media/y' }, true),
];
const options = () =>
  screen.queryAllByRole('option').map((option) => option.getAttribute('data-testid')?.replace('quick-message-option-', ''));

describe('the composer: quick messages and variables', () => {
  it('"/" lists the active quick messages, filtered by what follows it; Escape closes the list', async () => {
    const { user, input } = renderChat(baseTicket, testQueryClient(), [], QUICK);
    await user.type(input, '/');
    expect(options()).toEqual(['ola', 'olaTarde', 'catalogo', 'audio']);
    await user.type(input, 'OL');
    expect(options()).toEqual(['ola', 'olaTarde']);
    await user.type(input, 'x');
    expect(screen.getByTestId('quick-message-list-empty')).toHaveTextContent('Nenhuma mensagem rápida encontrada.');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('quick-message-list')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('arrows and Enter pick one into the composer; Enter then sends it by id, to be rendered by the server', async () => {
    const { user, input } = renderChat(baseTicket, testQueryClient(), [], QUICK);
    await user.type(input, '/ola');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(screen.getByTestId('quick-message-option-ola')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(input.value).toBe('Olá {{name}}, como posso ajudar?');
    expect(screen.getByTestId('composer-quick-message')).toHaveTextContent('Mensagem rápida /ola');
    expect(sent).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].fields).toMatchObject({ body: 'Olá {{name}}, como posso ajudar?', quickMessageId: 1 });
    expect(input.value).toBe('');
    expect(screen.queryByTestId('composer-quick-message')).toBeNull();
  });

  it('a click picks one; its file goes with it (the server attaches it)', async () => {
    const { user, input } = renderChat(baseTicket, testQueryClient(), [], QUICK);
    await user.type(input, '/cat');
    await user.click(screen.getByTestId('quick-message-option-catalogo'));
    expect(screen.getByTestId('composer-quick-message')).toHaveTextContent('catalogo.pdf');
    await user.click(screen.getByTestId('composer-send'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].fields).toMatchObject({ body: 'Segue o catálogo', quickMessageId: 3 });
    expect(sent[0].file).toBeNull();
  });

  it('/key + Enter sends the quick message of exactly that key (any case); no match (or only part of a key) is an error and nothing is sent', async () => {
    const { user, input } = renderChat(baseTicket, testQueryClient(), [], QUICK);
    await user.type(input, '/nada{Enter}');
    expect(screen.getByTestId('composer-quick-error')).toHaveTextContent('Nenhuma mensagem rápida ativa com a chave /nada.');
    expect(input.value).toBe('/nada');
    await user.clear(input);
    await user.type(input, '/ol{Enter}');
    expect(screen.getByTestId('composer-quick-error')).toHaveTextContent('Várias mensagens rápidas encontradas.');
    await user.clear(input);
    // One key contains it: named, not called "several".
    await user.type(input, '/catal{Enter}');
    expect(screen.getByTestId('composer-quick-error')).toHaveTextContent(
      'Nenhuma mensagem rápida tem a chave /catal. Você quis dizer /catalogo?',
    );
    expect(sent).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '/AUDIO{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].fields).toMatchObject({ body: '', quickMessageKey: 'audio' });
    expect(sent[0].fields.quickMessageId).toBeUndefined();
    expect(input.value).toBe('');
  });

  it('a typed reply goes as written; a variable from the picker asks the server to render it, and an unknown one is refused', async () => {
    const { user, input } = renderChat(baseTicket, testQueryClient(), [], QUICK);
    await user.type(input, 'Oi {{{{name}}{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.keys(sent[0].fields).sort()).toEqual(['body', 'clientId']);
    expect(sent[0].fields.body).toBe('Oi {{name}}');
    await act(async () => sent[0].answer());

    await user.type(input, 'Oi ');
    await user.click(screen.getByTestId('composer-variables'));
    await user.click(await screen.findByTestId('composer-variables-firstName'));
    expect(input.value).toBe('Oi {{firstName}}');
    await user.type(input, ' {{{{nome}}{Enter}');
    expect(screen.getByTestId('composer-quick-error')).toHaveTextContent('Variável desconhecida: {{nome}}.');
    expect(sent).toHaveLength(1);
    await user.type(input, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Enter}');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].fields).toMatchObject({ body: 'Oi {{firstName}} ', renderVariables: true });
  });
});
