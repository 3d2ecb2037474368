import type { AiStatusKey, EarlierTicket, Message, SendMessageBody, Ticket } from '@conversa/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { TICKETS_PAGE_SIZE } from '../../lib/constants';
import { errorMessage, isApiError } from '../../lib/errors';
import { http } from '../../lib/http';
import i18n from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { getSession, subscribeSession } from '../../lib/session';
import { applySendAnswerToCache, applyTicketToCache, upsertMessageInCache } from './cache';
import { messageKeys, ticketKeys, type MessagePage, type TicketListFilters, type TicketLog, type TicketPage } from './keys';
import { Outbox, type OutboxItem, type OutboxRequest } from './outbox';

export * from './keys';

export function useTicketList(filters: TicketListFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: ticketKeys.list(filters),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http.get<TicketPage>('/tickets', {
        signal,
        silent: pageParam > 1,
        query: {
          status: filters.status,
          searchParam: filters.searchParam,
          pageNumber: pageParam,
          count: TICKETS_PAGE_SIZE,
          showAll: filters.showAll,
          queuesIds: filters.queuesIds.join(','),
          withUnreadMessages: filters.withUnreadMessages,
          ...(filters.tagIds?.length ? { tagIds: filters.tagIds.join(',') } : {}),
          ...(filters.laneIds?.length ? { laneIds: filters.laneIds.join(',') } : {}),
        },
      }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // The socket keeps the lists current; a refetch is only needed after a reconnect.
    staleTime: 60_000,
  });
}

export function useTicket(id: number | null) {
  return useQuery({
    queryKey: ticketKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => http.get<Ticket>(`/tickets/${id}`, { signal }),
  });
}

export function useTicketLogs(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.logs(id),
    enabled,
    queryFn: ({ signal }) => http.get<TicketLog[]>(`/tickets/${id}/logs`, { signal, silent: true }),
  });
}

/** The contact's earlier conversations the user may see (GET /tickets/{id}/earlier), newest first. */
export function useEarlierTickets(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.earlier(id),
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<EarlierTicket[]>(`/tickets/${id}/earlier`, { signal, silent: true }),
  });
}

/** PUT /tickets/{id} bodies of the chat header's actions (SPEC §4). */
export type TicketUpdate =
  | { status: 'open'; userId: number }
  | { status: 'pending'; userId: null }
  | { status: 'closed'; farewellMessage?: string; farewellMessageId?: number; requestRating?: boolean; demandId?: number }
  | { queueId?: number | null; userId?: number | null; isTransference: true }
  | { unreadMessages: 0 }
  /** An AI's switch (chatgptStatus, claudeStatus…). */
  | Partial<Record<AiStatusKey, boolean>>;

export function useUpdateTicket() {
  const qc = useQueryClient();
  return useMutation({
    // Clearing the unread count happens in the background: no loading overlay.
    mutationFn: ({ id, update }: { id: number; update: TicketUpdate }) =>
      http.put<Ticket>(`/tickets/${id}`, update, { silent: 'unreadMessages' in update }),
    onSuccess: (ticket) => applyTicketToCache(qc, ticket),
  });
}

/** PUT /ticketsChatBot/{id}: on, the ticket leaves its agent and enters its channel's flow from the start; off, it leaves the bot. */
export function useSwitchTicketChatbot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, chatbot }: { id: number; chatbot: boolean }) => http.put<Ticket>(`/ticketsChatBot/${id}`, { chatbot }),
    onSuccess: (ticket) => applyTicketToCache(qc, ticket),
  });
}

export interface NewTicketInput {
  contactId: number;
  whatsappId?: number;
  queueId?: number | null;
  userId?: number;
  status: 'open';
}

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NewTicketInput) => http.post<Ticket>('/tickets', input),
    onSuccess: (ticket) => applyTicketToCache(qc, ticket),
  });
}

export function useMessages(ticketId: number) {
  return useInfiniteQuery({
    queryKey: messageKeys.ticket(ticketId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http.get<MessagePage>(`/messages/${ticketId}`, { query: { pageNumber: pageParam }, signal, silent: pageParam > 1 }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    staleTime: 60_000,
  });
}

/** POST /messages/{ticketId}: JSON, or multipart with the text fields before the file (the server reads them first). */
export function postReply({
  ticketId,
  body,
  quotedMsgId,
  file,
  clientId,
  quickMessageId,
  quickMessageKey,
  renderVariables,
}: OutboxRequest): Promise<Message> {
  const fields: SendMessageBody = {
    body,
    clientId,
    ...(quotedMsgId ? { quotedMsgId } : {}),
    ...(quickMessageId !== undefined ? { quickMessageId } : {}),
    ...(quickMessageKey !== undefined ? { quickMessageKey } : {}),
    ...(renderVariables ? { renderVariables } : {}),
  };
  if (!file) return http.post<Message>(`/messages/${ticketId}`, fields, { silent: true });
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') form.append(key, String(value));
  form.append('medias', file, file.name);
  return http.upload<Message>(`/messages/${ticketId}`, form, { silent: true });
}

/** Client ids of the stored messages of a chat's cache. */
function storedClientIds(data: InfiniteData<MessagePage> | undefined): Set<string> {
  return new Set(data?.pages.flatMap((page) => page.messages.flatMap((m) => (m.clientId ? [m.clientId] : []))) ?? []);
}

/** One outbox per query client (the app has one): it outlives the chat that queued the replies. */
const outboxes = new WeakMap<QueryClient, Outbox>();

export function outboxOf(qc: QueryClient): Outbox {
  const existing = outboxes.get(qc);
  if (existing) return existing;
  const outbox = new Outbox({
    send: postReply,
    onSent: (message) => applySendAnswerToCache(qc, message),
    onFailed: (error) => {
      if (!isApiError(error) || !error.handled)
        notifyError(errorMessage(error), 'message-send-error', i18n.t('errors.ERR_SENDING_WAPP_MSG'));
    },
    isStored: (ticketId, clientId) => storedClientIds(qc.getQueryData(messageKeys.ticket(ticketId))).has(clientId),
    userId: () => getSession()?.userId ?? null,
    subscribeUser: subscribeSession,
    storage: typeof localStorage === 'undefined' ? null : localStorage,
  });
  outboxes.set(qc, outbox);
  // A failed reply whose stored message reaches the chat later (socket, history): it did arrive.
  qc.getQueryCache().subscribe((event) => {
    const [scope, ticketId] = event.query.queryKey as [unknown, unknown];
    if (event.type !== 'updated' || scope !== messageKeys.all[0] || typeof ticketId !== 'number' || !outbox.hasFailed(ticketId)) return;
    outbox.confirmStored(ticketId, storedClientIds(event.query.state.data as InfiniteData<MessagePage> | undefined));
  });
  return outbox;
}

/** The agent's replies: queue one per Enter, retry or discard a failed one. */
export function useOutbox(): Outbox {
  return outboxOf(useQueryClient());
}

/** The replies of a ticket not yet stored by the server (waiting, being sent or failed), in order. */
export function useOutboxItems(ticketId: number): OutboxItem[] {
  const outbox = useOutbox();
  const items = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
  return useMemo(() => items.filter((item) => item.ticketId === ticketId), [items, ticketId]);
}

/** POST /sendButton (waba tickets): reply buttons or an approved template with its {{n}} values. */
export type SendButtonInput = { ticketId: number; quotedMsgId?: string } & (
  | { type: 'button'; text: string; buttons: { id: string; title: string }[] }
  | { type: 'template'; name: string; language: string; components?: { type: 'body'; parameters: { type: 'text'; text: string }[] }[] }
);

export function useSendButton() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendButtonInput) => http.post<Message>('/sendButton', input, { silent: true }),
    onSuccess: (message) => upsertMessageInCache(qc, message),
  });
}

export function useEditMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => http.patch<Message>(`/messages/${id}`, { body }),
    onSuccess: (message) => upsertMessageInCache(qc, message),
  });
}

/** An unconfirmed or failed message of an agent sent again, as the same message. */
export function useResendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<Message>(`/messages/${id}/resend`),
    onSuccess: (message) => applySendAnswerToCache(qc, message),
  });
}

export function useDeleteMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: Message) => http.delete<Message>('/messages', { body: { id: message.id, messageId: message.messageId } }),
    onSuccess: (message) => {
      if (message && typeof message === 'object') upsertMessageInCache(qc, message);
    },
  });
}

export function useForwardMessages() {
  return useMutation({
    mutationFn: ({ messageIds, contactId }: { messageIds: string[]; contactId: number }) =>
      http.post<{ ticketId: number; forwarded: number }>('/forward-messages/', {
        messages: messageIds.map((id) => ({ id })),
        contact: { id: contactId },
      }),
  });
}
