import type { Channel, HistoryImportProgress, Lane, PrivateMessageEvent, ReportExport, TenantBillingEvent } from '@conversa/shared';
import { REPORT_EXPORT_SOCKET_EVENT } from '@conversa/shared/report-events';
import { CALL_SOCKET_EVENT } from '@conversa/shared/call-states';
import type { Call } from '@conversa/shared/calls';
import { SOCKET_EVENTS } from '@conversa/shared/enums';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { applyCampaignEvent, type CampaignEvent } from '../features/campaigns/api';
import { applyMassSendEvent, type MassSendEvent } from '../features/mass-sends/api';
import { applyReportExportEvent } from '../features/reports/api';
import { applyCallEvent } from '../features/calls/api';
import { applyChannelToCache, channelKeys } from '../features/channels/api';
import { applyHistoryImport } from '../features/channels/history-import';
import {
  applyContactToCache,
  contactKeys,
  removeContactFromCache,
  type ContactDetails,
  type ImportProgress,
} from '../features/contacts/api';
import { dashboardKeys, scheduleDashboardRefresh } from '../features/dashboard/live';
import { applyLanesEvent, kanbanKeys } from '../features/kanban/board-cache';
import { laneKeys } from '../features/lanes/api';
import { applyContactToTickets } from '../features/tickets/cache';
import { messageKeys, ticketKeys } from '../features/tickets/keys';
import { applyMessageEvent, applyTicketEvent, type MessageEvent, type TicketEvent } from '../features/tickets/ticket-events';
import { queueKeys } from '../features/queues/api';
import { applyNoteEvent } from '../features/notes/api';
import { NOTE_SOCKET_EVENT, type NoteSocketPayload } from '@conversa/shared/records-events';
import { SCHEDULE_SOCKET_EVENT, type ScheduleSocketPayload } from '@conversa/shared/schedule-events';
import { applyScheduleEvent } from '../features/schedules/api';
import { applyNotificationPush, notificationKeys } from '../features/notifications/api';
import { fetchUser, userKeys, type UsersPage } from '../features/users/api';
import { applyPrivateMessageEvent, applyTeamEventToPrivateChat, patchChatUserStatus, privateChatKeys } from '../features/private-chat/api';
import { invalidateTeams } from '../features/teams/api';
import { bindNotificationPermissionRequest, showDesktopNotification } from '../lib/desktop-notifications';
import { logoutForInactiveTenant } from '../features/auth/api';
import { API_BASE_URL, endSession, refreshSession } from '../lib/http';
import i18n, { loadAllTexts } from '../lib/i18n';
import { navigateTo } from '../lib/navigation';
import { notifyError, notifySuccess } from '../lib/notify';
import { getSession, getToken, getUserId, saveUser } from '../lib/session';
import { bindAudioUnlock, playBeep } from '../lib/sound';
import { useSession } from '../lib/useSession';
import { applyTicketToPanel, removeTicketFromPanel } from '../features/ticket-panel/panel-cache';
import { setBillingBlocked } from '../features/billing/billing-state';
import { billingKeys } from '../features/billing/api';

type ContactEvent = { action: 'create' | 'update'; contact: ContactDetails } | { action: 'delete'; contactId: number; contact?: undefined };
interface SessionEvent {
  action: string;
  session: Channel;
}
interface UserStatusEvent {
  userId: number;
  isOnline: boolean;
}

interface SocketApi {
  /** The chat on screen (null: none). The server then keeps its unread count at 0. */
  followTicket: (ticketId: number | null) => void;
  /** The session's socket (null before login): the call's audio travels on it (features/calls/call-audio.ts). */
  socket: () => Socket | null;
}

const SocketContext = createContext<SocketApi>({ followTicket: () => undefined, socket: () => null });

/** The session's socket, for the call's audio frames (never opens one). */
export function useSessionSocket(): () => Socket | null {
  return useContext(SocketContext).socket;
}

/** The ticket chat on screen, for components that follow it. */
export function useFollowTicket(ticketId: number | null): void {
  const { followTicket } = useContext(SocketContext);
  useEffect(() => {
    followTicket(ticketId);
    return () => followTicket(null);
  }, [followTicket, ticketId]);
}

/** Whether the user is looking at this ticket's chat right now. */
function isWatching(followed: number | null, ticketId: number): boolean {
  return followed === ticketId && document.visibilityState === 'visible' && document.hasFocus();
}

function notifyCustomerMessage(event: MessageEvent, followed: number | null): void {
  const { message, ticket } = event;
  if (message.fromMe || isWatching(followed, ticket.id)) return;
  const session = getSession();
  // Tickets of other agents are theirs to hear about.
  if (session && ticket.userId !== null && ticket.userId !== session.userId) return;
  playBeep();
  const body = message.body || (message.mediaType ? `[${message.mediaType}] ${message.mediaName ?? ''}` : '');
  showDesktopNotification(i18n.t('tickets.notification.title', { name: ticket.contact.name }), body, `ticket-${ticket.id}`, () =>
    navigateTo(`/atendimento/${ticket.id}`),
  );
}

/**
 * The shared contracts (zod), to check a history import's progress: loaded with the first such
 * event, not with the inbox. One promise, so that events are handled in the order they came.
 */
let contracts: Promise<typeof import('@conversa/shared')> | undefined;

/** A channel's history import: progress kept per channel; the end is told with a toast, and imported tickets are fetched. */
async function onHistoryImport(qc: QueryClient, payload: unknown): Promise<void> {
  // Its texts (channels.historyImport) are not among the inbox's either (locales/first-sections.ts).
  const [{ historyImportProgressSchema }] = await Promise.all([(contracts ??= import('@conversa/shared')), loadAllTexts()]);
  const parsed = historyImportProgressSchema.safeParse(payload);
  if (!parsed.success) return;
  const progress: HistoryImportProgress = parsed.data;
  applyHistoryImport(qc, progress);
  if (progress.state === 'done') {
    notifySuccess(i18n.t('channels.historyImport.done', { count: progress.messagesImported }), `history-import-${progress.channelId}`);
    void qc.invalidateQueries({ queryKey: ticketKeys.all });
  } else if (progress.state === 'failed') {
    notifyError(
      progress.error ?? i18n.t('channels.historyImport.failedUnknown'),
      `history-import-${progress.channelId}`,
      i18n.t('channels.historyImport.failed'),
    );
  }
}

function patchUserStatus(qc: QueryClient, { userId, isOnline }: UserStatusEvent): void {
  qc.setQueriesData<UsersPage>({ queryKey: [...userKeys.all, 'list'] }, (page) =>
    page?.users.some((u) => u.id === userId) ? { ...page, users: page.users.map((u) => (u.id === userId ? { ...u, isOnline } : u)) } : page,
  );
  patchChatUserStatus(qc, userId, isOnline);
}

/**
 * What may have been missed while disconnected is fetched again: after a reconnection, and after
 * the first connection too, since what the screens loaded before the socket joined its rooms missed
 * the events of that moment (a channel connected, a ticket taken). The server also disconnects a
 * user whose queues changed: on a reconnection the stored queues (which decide what the ticket
 * lists keep) are refreshed first.
 */
function refetchAfterConnect(qc: QueryClient, reconnection: boolean): void {
  const userId = getUserId();
  if (reconnection && userId !== null) {
    void fetchUser(userId, { silent: true })
      .then((user) => saveUser(user))
      .catch(() => undefined);
  }
  void qc.invalidateQueries({ queryKey: queueKeys.all });
  void qc.invalidateQueries({ queryKey: ticketKeys.all });
  void qc.invalidateQueries({ queryKey: messageKeys.all });
  void qc.invalidateQueries({ queryKey: channelKeys.all });
  void qc.invalidateQueries({ queryKey: notificationKeys.list });
  void qc.invalidateQueries({ queryKey: laneKeys.all });
  void qc.invalidateQueries({ queryKey: kanbanKeys.all });
  void qc.invalidateQueries({ queryKey: privateChatKeys.all });
  void qc.invalidateQueries({ queryKey: dashboardKeys.all });
  // The company blocked or unblocked for payment meanwhile (its tenant:billing event missed).
  void qc.invalidateQueries({ queryKey: billingKeys.status });
}

/**
 * The one socket of the session (SPEC §7, STYLE 14): opened after login, closed on logout. Its
 * events patch or invalidate the TanStack Query cache; components never open sockets and read
 * everything through their queries.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const session = useSession();
  const sessionKey = session ? `${session.tenantId}:${session.userId}` : null;
  const socketRef = useRef<Socket | null>(null);
  const followedRef = useRef<number | null>(null);

  useEffect(() => {
    if (!sessionKey) return;
    bindAudioUnlock();
    bindNotificationPermissionRequest();

    const options = {
      // A function: every (re)connection sends the token stored at that moment.
      auth: (cb: (data: object) => void) => cb({ token: getToken() ?? '' }),
      transports: ['websocket', 'polling'],
    };
    const socket = API_BASE_URL ? io(API_BASE_URL, options) : io(options);
    socketRef.current = socket;
    let connectedBefore = false;
    let refreshedForThisFailure = false;

    socket.on('connect', () => {
      refreshedForThisFailure = false;
      socket.emit(SOCKET_EVENTS.setUserActive);
      if (followedRef.current !== null) socket.emit(SOCKET_EVENTS.joinTicket, followedRef.current);
      refetchAfterConnect(qc, connectedBefore);
      connectedBefore = true;
    });
    socket.on('connect_error', (error: Error) => {
      // The handshake refused the token: refresh it once (as the HTTP client does) and try again.
      if (error.message === 'ERR_SESSION_EXPIRED' && !refreshedForThisFailure) {
        refreshedForThisFailure = true;
        void refreshSession().then((ok) => {
          if (!ok) endSession(i18n.t('session.expired'));
          else if (socketRef.current === socket) socket.connect();
        });
      } else if (error.message === 'ERR_TENANT_INACTIVE') {
        logoutForInactiveTenant();
      } else if (error.message === 'ERR_INVALID_TOKEN') {
        // The session was ended elsewhere (logout, password change, deleted user): as a 401 (SPEC §7).
        endSession(i18n.t('session.invalidToken'));
      }
    });
    // The company was deactivated: the server says so to every profile, then drops the socket.
    socket.on(SOCKET_EVENTS.tenantInactive, () => logoutForInactiveTenant());
    // Blocked for payment or unblocked: the app switches mode and reads everything again.
    socket.on(SOCKET_EVENTS.tenantBilling, (event: TenantBillingEvent) => {
      setBillingBlocked(event.blocked);
      void qc.invalidateQueries();
    });
    socket.on('disconnect', (reason) => {
      // A server-initiated disconnect (e.g. changed memberships) does not reconnect by itself.
      if (reason === 'io server disconnect' && socketRef.current === socket) socket.connect();
    });

    socket.on(SOCKET_EVENTS.ticket, (event: TicketEvent) => {
      applyTicketEvent(qc, event, followedRef.current);
      if (event.action === 'delete') removeTicketFromPanel(qc, event.ticket?.id ?? event.ticketId ?? 0);
      else if (event.hidden) removeTicketFromPanel(qc, event.ticket.id);
      else applyTicketToPanel(qc, event.ticket);
      scheduleDashboardRefresh(qc);
    });
    socket.on(SOCKET_EVENTS.appMessage, (event: MessageEvent) => {
      applyMessageEvent(qc, event);
      applyTicketToPanel(qc, event.ticket);
      if (event.action === 'create') notifyCustomerMessage(event, followedRef.current);
      // An agent's first answer moves the average first response.
      if (event.action === 'create' && event.message.fromMe) scheduleDashboardRefresh(qc);
    });
    socket.on(SOCKET_EVENTS.contact, (event: ContactEvent) => {
      if (event.action === 'create') scheduleDashboardRefresh(qc);
      if (event.action === 'delete') {
        removeContactFromCache(qc, event.contactId ?? 0);
        return;
      }
      applyContactToCache(qc, event.contact, event.action);
      applyContactToTickets(qc, event.contact);
    });
    socket.on(SOCKET_EVENTS.lanes, (event: { lanes: Lane[] }) => applyLanesEvent(qc, event.lanes));
    socket.on(SOCKET_EVENTS.channelSession, (event: SessionEvent) => applyChannelToCache(qc, event.session));
    socket.on(SOCKET_EVENTS.userStatus, (event: UserStatusEvent) => patchUserStatus(qc, event));
    socket.on(SOCKET_EVENTS.privateMessage, (event: PrivateMessageEvent) => applyPrivateMessageEvent(qc, event, getUserId()));
    socket.on(SOCKET_EVENTS.team, (event: { action?: string; teamId?: number }) => {
      invalidateTeams(qc);
      applyTeamEventToPrivateChat(qc, event);
    });
    socket.on(SOCKET_EVENTS.campaign, (event: CampaignEvent) => applyCampaignEvent(qc, event));
    socket.on(SOCKET_EVENTS.massSend, (event: MassSendEvent) => applyMassSendEvent(qc, event));
    socket.on(REPORT_EXPORT_SOCKET_EVENT, (event: ReportExport) => applyReportExportEvent(qc, event));
    socket.on(CALL_SOCKET_EVENT, (event: { call: Call }) => applyCallEvent(qc, event.call));
    socket.on(SOCKET_EVENTS.importProgress, (progress: ImportProgress) => {
      qc.setQueryData(contactKeys.importProgress, progress);
    });
    socket.on(SOCKET_EVENTS.historyImport, (payload: unknown) => void onHistoryImport(qc, payload));
    socket.on(NOTE_SOCKET_EVENT, (event: NoteSocketPayload) => applyNoteEvent(qc, event));
    socket.on(SCHEDULE_SOCKET_EVENT, (event: ScheduleSocketPayload) => applyScheduleEvent(qc, event));
    socket.on(SOCKET_EVENTS.notification, (push: { unread?: number }) => applyNotificationPush(qc, push ?? {}));

    return () => {
      socketRef.current = null;
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [sessionKey, qc]);

  const api = useMemo<SocketApi>(
    () => ({
      socket: () => socketRef.current,
      followTicket: (ticketId) => {
        if (followedRef.current === ticketId) return;
        followedRef.current = ticketId;
        const socket = socketRef.current;
        if (!socket?.connected) return;
        if (ticketId === null) socket.emit(SOCKET_EVENTS.leaveTicket);
        else socket.emit(SOCKET_EVENTS.joinTicket, ticketId);
      },
    }),
    [],
  );

  return <SocketContext.Provider value={api}>{children}</SocketContext.Provider>;
}
