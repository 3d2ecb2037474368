import { EARLIER_TICKETS_LIMIT, type EarlierTicket, type Message, type Note } from '@conversa/shared';
import { Anchor, Badge, Box, Button, Center, Group, Loader, Menu, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatPath } from '../../../app/paths';
import { QueryError } from '../../../components/QueryError';
import { CHAT_LOAD_OLDER_THRESHOLD_PX, CHAT_STICK_TO_BOTTOM_PX } from '../../../lib/constants';
import { dayKey, formatDate } from '../../../lib/format';
import { useEarlierTickets, useMessages, useOutbox, useOutboxItems } from '../api';
import { flattenMessages, withOutbox } from '../cache';
import type { OutboxItem } from '../outbox';
import { MessageBubble, type MessageActions } from './MessageBubble';
import classes from './MessageList.module.css';

const NO_NOTES: Note[] = [];

/** Room above the first message for the loader or the start-of-conversation mark. */
const HISTORY_HEADER_PX = 28;

/** A message (or an internal note), with the dd/MM/yyyy separator of its day when it is the day's first. */
type Row = {
  key: string;
  /** Set on the first row of each day. */
  day: { key: string; label: string } | null;
} & (
  | {
      kind: 'message';
      message: Message;
      /** A reply still on its way out (shown pending, or failed with retry). */
      item: OutboxItem | null;
    }
  | { kind: 'note'; note: Note }
);

type Entry = { kind: 'message'; message: Message; item: OutboxItem | null; at: string } | { kind: 'note'; note: Note; at: string };

/**
 * Messages oldest first, the ticket's internal notes among them by date (a note older than the
 * oldest loaded message waits for that older page). The separator belongs to the first row of its
 * day (one virtual row per message): keys stay message ids, so loading older pages keeps the view
 * anchored on them. A reply is keyed by its client id, so its row stays the same when the server's
 * message replaces it.
 */
function toRows(entries: { message: Message; item: OutboxItem | null }[], notes: Note[], olderPages: boolean): Row[] {
  const oldest = entries[0]?.message.timestamp;
  const timeline: Entry[] = entries.map((entry) => ({ kind: 'message', ...entry, at: entry.message.timestamp }));
  const shown = notes.filter((note) => !olderPages || (oldest !== undefined && note.createdAt >= oldest));
  if (shown.length) {
    timeline.push(...shown.map((note): Entry => ({ kind: 'note', note, at: note.createdAt })));
    // Stable: messages keep their order (outbox replies included), notes go where their time falls.
    timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }
  let day = '';
  return timeline.map((entry) => {
    const key = dayKey(entry.at);
    const first = key !== day;
    day = key;
    const separator = first ? { key, label: formatDate(entry.at) } : null;
    return entry.kind === 'note'
      ? { kind: 'note', key: `note-${entry.note.id}`, note: entry.note, day: separator }
      : { kind: 'message', key: entry.message.clientId ?? entry.message.id, message: entry.message, item: entry.item, day: separator };
  });
}

interface MessageListProps {
  ticketId: number;
  /** A group chat: bubbles show their sender. */
  isGroup: boolean;
  myUserId: number | null;
  actions: MessageActions;
  selecting: boolean;
  selectedIds: string[];
  selectionFull: boolean;
  onToggleSelected: (message: Message) => void;
  /** The ticket's internal notes, shown among the messages by date. */
  notes?: Note[];
  renderNote?: (note: Note) => ReactNode;
}

/**
 * The chat history, virtualised and anchored at the bottom: older pages load when scrolling near
 * the top (keeping the view in place), and new messages are followed while at the bottom.
 */
export function MessageList({
  ticketId,
  isGroup,
  myUserId,
  actions,
  selecting,
  selectedIds,
  selectionFull,
  onToggleSelected,
  notes = NO_NOTES,
  renderNote,
}: MessageListProps) {
  const { t } = useTranslation();
  const query = useMessages(ticketId);
  const outbox = useOutbox();
  const outgoing = useOutboxItems(ticketId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  // At the start of this ticket's history: the customer's previous conversation, one click away, and the others in a menu.
  const atHistoryStart = !hasNextPage && query.isSuccess;
  const earlier = useEarlierTickets(ticketId, atHistoryStart).data;
  const previous = earlier?.[0];
  const rows = useMemo(
    () => toRows(withOutbox(messages, outgoing, myUserId), notes, hasNextPage),
    [messages, outgoing, myUserId, notes, hasNextPage],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const initialScrollDone = useRef(false);
  const lastKey = useRef<string | null>(null);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read during render on purpose.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.day ? 112 : 72),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 10,
    paddingStart: HISTORY_HEADER_PX,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: CHAT_STICK_TO_BOTTOM_PX,
  });

  // The first page opens at the newest message, and stays there while its rows are measured (a long
  // message is much taller than its estimate: scrolled once, the list opened above the newest ones)
  // until the agent scrolls it themselves.
  const settling = useRef(true);
  const totalSize = virtualizer.getTotalSize();
  useEffect(() => {
    if (initialScrollDone.current || rows.length === 0) return;
    initialScrollDone.current = true;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, virtualizer]);
  useEffect(() => {
    if (initialScrollDone.current && settling.current) virtualizer.scrollToEnd();
  }, [totalSize, virtualizer]);
  const agentScrolls = () => {
    settling.current = false;
  };

  // The agent's own new message is always shown, even when scrolled up.
  useEffect(() => {
    const last = rows[rows.length - 1];
    const key = last?.key ?? null;
    if (key === lastKey.current) return;
    const previous = lastKey.current;
    lastKey.current = key;
    const mine = last?.kind === 'note' ? last.note.userId === myUserId : last?.message.fromMe && last.message.userId === myUserId;
    if (previous !== null && last && mine) virtualizer.scrollToEnd();
  }, [rows, myUserId, virtualizer]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element || !initialScrollDone.current) return;
    if (element.scrollTop < CHAT_LOAD_OLDER_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;

  const selected = new Set(selectedIds);
  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      onWheel={agentScrolls}
      onTouchStart={agentScrolls}
      onPointerDown={agentScrolls}
      onKeyDown={agentScrolls}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowAnchor: 'none', background: 'var(--mantine-color-default-hover)' }}
      data-testid="message-list"
    >
      {query.isPending && (
        <Center p="xs">
          <Loader size="xs" />
        </Center>
      )}
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" p="md" size="sm">
          {t('tickets.noMessages')}
        </Text>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {/* In the list's top padding, so that showing it never moves the messages. */}
        <Center pos="absolute" top={0} left={0} right={0} h={HISTORY_HEADER_PX} className={classes.historyHeader}>
          {isFetchingNextPage && <Loader size="xs" />}
          {atHistoryStart && (messages.length > 0 || previous) && (
            <Group gap={6} wrap="nowrap" maw="100%" px={4} data-testid="history-start">
              {messages.length > 0 && (
                <Text size="xs" c="dimmed" className={earlier && earlier.length > 1 ? classes.startText : undefined}>
                  {t('tickets.historyStart')}
                </Text>
              )}
              {previous && (
                <Anchor component={Link} to={chatPath(previous.id)} size="xs" truncate miw={0} data-testid="history-previous">
                  {t('tickets.previousConversation', { date: formatDate(previous.createdAt) })}
                </Anchor>
              )}
              {earlier && earlier.length > 1 && <EarlierConversationsMenu tickets={earlier} />}
            </Group>
          )}
        </Center>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const reply = row.kind === 'message' ? row.item : null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {row.day && (
                <Center py={8}>
                  <Badge variant="default" size="sm" data-testid={`date-separator-${row.day.key}`}>
                    {row.day.label}
                  </Badge>
                </Center>
              )}
              {row.kind === 'note' ? (
                renderNote?.(row.note)
              ) : (
                <MessageBubble
                  message={row.message}
                  isGroup={isGroup}
                  actions={actions}
                  selecting={selecting}
                  selected={selected.has(row.message.id)}
                  selectionFull={selectionFull}
                  onToggleSelected={onToggleSelected}
                  outgoing={
                    reply
                      ? {
                          state: reply.state,
                          error: reply.error,
                          onRetry: () => outbox.retry(reply.clientId),
                          onDiscard: () => outbox.discard(reply.clientId),
                        }
                      : undefined
                  }
                />
              )}
            </div>
          );
        })}
      </div>
    </Box>
  );
}

/**
 * Every earlier conversation of the contact that the agent may see (newest first, at most
 * EARLIER_TICKETS_LIMIT), each a link to its chat: its protocol (or number), date, status and
 * channel. A Mantine menu: the arrows move between them, Enter opens one, Escape closes.
 */
function EarlierConversationsMenu({ tickets }: { tickets: EarlierTicket[] }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom" withinPortal shadow="md" width={280}>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-xs"
          rightSection={<IconChevronDown size={12} aria-hidden />}
          style={{ flexShrink: 0 }}
          data-testid="history-earlier"
        >
          {/* At the limit there may be more than the list holds: it says they are the latest. */}
          {tickets.length >= EARLIER_TICKETS_LIMIT
            ? t('tickets.earlierConversationsLatest', { limit: EARLIER_TICKETS_LIMIT })
            : t('tickets.earlierConversations', { count: tickets.length })}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} maw="calc(100vw - 16px)" style={{ overflowY: 'auto' }} data-testid="history-earlier-list">
        {tickets.map((ticket) => (
          <Menu.Item key={ticket.id} component={Link} to={chatPath(ticket.id)} data-testid={`history-earlier-${ticket.id}`}>
            <Group gap={6} justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {ticket.protocol ? t('records.protocols.label', { protocol: ticket.protocol }) : `#${ticket.id}`}
              </Text>
              <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                {t(`tickets.status.${ticket.status}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {formatDate(ticket.createdAt)} · {ticket.channelName}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
