import type { Message } from '@conversa/shared';
import { Badge, Box, Center, Loader, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/QueryError';
import { CHAT_LOAD_OLDER_THRESHOLD_PX, CHAT_STICK_TO_BOTTOM_PX } from '../../../lib/constants';
import { dayKey, formatDate } from '../../../lib/format';
import { useMessages } from '../api';
import { flattenMessages } from '../cache';
import { MessageBubble, type MessageActions } from './MessageBubble';

type Row = { kind: 'date'; key: string; label: string } | { kind: 'message'; key: string; message: Message };

/** Messages oldest first, with a dd/MM/yyyy separator before each new day. */
function toRows(messages: Message[]): Row[] {
  const rows: Row[] = [];
  let day = '';
  for (const message of messages) {
    const key = dayKey(message.timestamp);
    if (key !== day) {
      day = key;
      rows.push({ kind: 'date', key: `date-${key}`, label: formatDate(message.timestamp) });
    }
    rows.push({ kind: 'message', key: message.id, message });
  }
  return rows;
}

interface MessageListProps {
  ticketId: number;
  myUserId: number | null;
  actions: MessageActions;
  selecting: boolean;
  selectedIds: string[];
  selectionFull: boolean;
  onToggleSelected: (message: Message) => void;
}

/**
 * The chat history, virtualised and anchored at the bottom: older pages load when scrolling near
 * the top (keeping the view in place), and new messages are followed while at the bottom.
 */
export function MessageList({ ticketId, myUserId, actions, selecting, selectedIds, selectionFull, onToggleSelected }: MessageListProps) {
  const { t } = useTranslation();
  const query = useMessages(ticketId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const rows = useMemo(() => toRows(messages), [messages]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const initialScrollDone = useRef(false);
  const lastKey = useRef<string | null>(null);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read during render on purpose.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'date' ? 40 : 72),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 10,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: CHAT_STICK_TO_BOTTOM_PX,
  });

  // The first page opens at the newest message.
  useEffect(() => {
    if (initialScrollDone.current || rows.length === 0) return;
    initialScrollDone.current = true;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, virtualizer]);

  // The agent's own new message is always shown, even when scrolled up.
  useEffect(() => {
    const last = rows[rows.length - 1];
    const key = last?.key ?? null;
    if (key === lastKey.current) return;
    const previous = lastKey.current;
    lastKey.current = key;
    if (previous !== null && last?.kind === 'message' && last.message.fromMe && last.message.userId === myUserId) virtualizer.scrollToEnd();
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
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowAnchor: 'none', background: 'var(--mantine-color-default-hover)' }}
      data-testid="message-list"
    >
      {(query.isPending || isFetchingNextPage) && (
        <Center p="xs">
          <Loader size="xs" />
        </Center>
      )}
      {!hasNextPage && query.isSuccess && messages.length > 0 && (
        <Text size="xs" c="dimmed" ta="center" pt="xs">
          {t('tickets.historyStart')}
        </Text>
      )}
      {query.isSuccess && messages.length === 0 && (
        <Text c="dimmed" ta="center" p="md" size="sm">
          {t('tickets.noMessages')}
        </Text>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'date' ? (
                <Center py={8}>
                  <Badge variant="default" size="sm" data-testid={`date-separator-${row.key.slice(5)}`}>
                    {row.label}
                  </Badge>
                </Center>
              ) : (
                <MessageBubble
                  message={row.message}
                  actions={actions}
                  selecting={selecting}
                  selected={selected.has(row.message.id)}
                  selectionFull={selectionFull}
                  onToggleSelected={onToggleSelected}
                />
              )}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
