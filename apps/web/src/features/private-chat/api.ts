import type {
  ConversationType,
  PrivateChatTeam,
  PrivateChatUser,
  PrivateMessage,
  PrivateMessageEvent,
  PrivateMessagesPage,
} from '@conversa/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** A conversation from the reader's side: the other user, or the team. */
export interface Conversation {
  type: ConversationType;
  id: number;
}

const segment = (conversation: Conversation) => `${conversation.type === 'user' ? 'users' : 'teams'}/${conversation.id}`;

export const privateChatKeys = {
  all: ['privateChat'] as const,
  users: ['privateChat', 'users'] as const,
  teams: ['privateChat', 'teams'] as const,
  unread: ['privateChat', 'unread'] as const,
  messages: (conversation: Conversation) => ['privateChat', 'messages', conversation.type, conversation.id] as const,
};

/** The users tab (GET /users/chat-privado/): the tenant's other users, online status, last message, unread count. */
export function useChatUsers() {
  return useQuery({
    queryKey: privateChatKeys.users,
    queryFn: ({ signal }) => http.get<{ users: PrivateChatUser[] }>('/users/chat-privado/', { signal }).then((r) => r.users),
  });
}

/** The teams tab: the active teams the user belongs to. */
export function useChatTeams() {
  return useQuery({
    queryKey: privateChatKeys.teams,
    queryFn: ({ signal }) => http.get<PrivateChatTeam[]>('/private-chat/teams', { signal }),
  });
}

/** The menu badge: every unread message of the user's conversations. */
export function useUnreadPrivateTotal(enabled = true) {
  return useQuery({
    queryKey: privateChatKeys.unread,
    enabled,
    staleTime: 30_000,
    queryFn: ({ signal }) => http.get<{ total: number }>('/private-chat/unread', { signal, silent: true }).then((r) => r.total),
  });
}

/** A conversation's history: page 1 is the newest; older pages are fetched on demand. */
export function useConversationMessages(conversation: Conversation) {
  return useInfiniteQuery({
    queryKey: privateChatKeys.messages(conversation),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http.get<PrivateMessagesPage>(`/private-chat/${segment(conversation)}/messages`, { query: { pageNumber: pageParam }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The messages of the loaded pages, oldest first (newest last). */
export function flattenMessages(data: InfiniteData<PrivateMessagesPage> | undefined): PrivateMessage[] {
  if (!data) return [];
  const seen = new Set<number>();
  const all: PrivateMessage[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  }
  return all.sort((a, b) => a.id - b.id);
}

export function useSendPrivateMessage(conversation: Conversation) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; file?: File }) => {
      const path = `/private-chat/${segment(conversation)}/messages`;
      if (!input.file) return http.post<PrivateMessage>(path, { body: input.body }, { silent: true });
      const form = new FormData();
      form.append('body', input.body);
      form.append('medias', input.file, input.file.name);
      return http.upload<PrivateMessage>(path, form, { silent: true });
    },
    onSuccess: (message) => addMessage(qc, message, conversation),
  });
}

/** PUT …/read: opening a conversation (or a message arriving in the open one) reads it. */
export function useMarkConversationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (conversation: Conversation) => http.put<void>(`/private-chat/${segment(conversation)}/read`, undefined, { silent: true }),
    onSuccess: (_, conversation) => clearUnread(qc, conversation),
  });
}

/** The conversation a message belongs to, seen by `userId`. */
export function conversationOf(message: PrivateMessage, userId: number): Conversation {
  if (message.teamId !== null) return { type: 'team', id: message.teamId };
  return { type: 'user', id: message.senderId === userId ? (message.receiverId ?? 0) : message.senderId };
}

function addMessage(qc: QueryClient, message: PrivateMessage, conversation: Conversation): void {
  qc.setQueryData<InfiniteData<PrivateMessagesPage>>(privateChatKeys.messages(conversation), (data) => {
    if (!data || data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, messages: [...first.messages, message] }, ...rest] };
  });
  const patch = <T extends { id: number; lastMessage: PrivateMessage | null }>(rows: T[] | undefined) =>
    rows?.map((row) => (row.id === conversation.id ? { ...row, lastMessage: message } : row));
  if (conversation.type === 'user') qc.setQueryData<PrivateChatUser[]>(privateChatKeys.users, patch);
  else qc.setQueryData<PrivateChatTeam[]>(privateChatKeys.teams, patch);
}

function clearUnread(qc: QueryClient, conversation: Conversation): void {
  const clear = <T extends { id: number; unreadCount: number }>(rows: T[] | undefined) =>
    rows?.map((row) => (row.id === conversation.id ? { ...row, unreadCount: 0 } : row));
  if (conversation.type === 'user') qc.setQueryData<PrivateChatUser[]>(privateChatKeys.users, clear);
  else qc.setQueryData<PrivateChatTeam[]>(privateChatKeys.teams, clear);
  void qc.invalidateQueries({ queryKey: privateChatKeys.unread });
}

/**
 * The `privateMessage` socket event (SPEC §4 "private messages"): a new message joins its
 * conversation's history and its row in the lists, and counts as unread when it is another's;
 * a read (from another tab of the user) clears the conversation's count.
 */
export function applyPrivateMessageEvent(qc: QueryClient, event: PrivateMessageEvent, userId: number | null): void {
  if (userId === null) return;
  if (event.action === 'read') {
    clearUnread(qc, event.conversation);
    return;
  }
  const conversation = conversationOf(event.message, userId);
  addMessage(qc, event.message, conversation);
  if (event.message.senderId === userId) return;
  const bump = <T extends { id: number; unreadCount: number }>(rows: T[] | undefined) =>
    rows?.map((row) => (row.id === conversation.id ? { ...row, unreadCount: row.unreadCount + 1 } : row));
  if (conversation.type === 'user') qc.setQueryData<PrivateChatUser[]>(privateChatKeys.users, bump);
  else qc.setQueryData<PrivateChatTeam[]>(privateChatKeys.teams, bump);
  qc.setQueryData<number>(privateChatKeys.unread, (total) => (total === undefined ? total : total + 1));
  // A team the lists did not know yet (just added to it): read the lists again.
  const known =
    conversation.type === 'user'
      ? qc.getQueryData<PrivateChatUser[]>(privateChatKeys.users)
      : qc.getQueryData<PrivateChatTeam[]>(privateChatKeys.teams);
  if (known && !known.some((row) => row.id === conversation.id))
    void qc.invalidateQueries({ queryKey: conversation.type === 'user' ? privateChatKeys.users : privateChatKeys.teams });
}

/**
 * The user lost a team conversation (removed from the team, the team deleted or deactivated: the
 * `team` socket event, or a 404 ERR_NO_TEAM_FOUND from it): its row leaves the teams tab at once,
 * its history is dropped from memory, and the lists and badge are read again.
 */
export function forgetTeamConversation(qc: QueryClient, teamId: number): void {
  qc.setQueryData<PrivateChatTeam[]>(privateChatKeys.teams, (rows) => rows?.filter((row) => row.id !== teamId));
  qc.removeQueries({ queryKey: privateChatKeys.messages({ type: 'team', id: teamId }) });
  void qc.invalidateQueries({ queryKey: privateChatKeys.teams });
  void qc.invalidateQueries({ queryKey: privateChatKeys.unread });
}

/** The `team` socket event: a deleted team leaves the teams tab at once; any other change reads the tab again (a removed member's refetch drops it). */
export function applyTeamEventToPrivateChat(qc: QueryClient, event: { action?: string; teamId?: number } | undefined): void {
  if (event?.action === 'delete' && typeof event.teamId === 'number') forgetTeamConversation(qc, event.teamId);
}

/** The `user:status` event: the users tab shows who is online. */
export function patchChatUserStatus(qc: QueryClient, userId: number, isOnline: boolean): void {
  qc.setQueryData<PrivateChatUser[]>(privateChatKeys.users, (rows) => rows?.map((row) => (row.id === userId ? { ...row, isOnline } : row)));
}

/** A message's file (members only, with the session's token): fetched as a blob. */
export function usePrivateFile(messageId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['privateChat', 'file', messageId],
    enabled,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    queryFn: ({ signal }) => http.download(`/private-chat/files/${messageId}`, { signal, silent: true }),
  });
}

/** A document, fetched when the user asks for it. */
export function downloadPrivateFile(messageId: number) {
  return http.download(`/private-chat/files/${messageId}`, { silent: true });
}
