import type { Queue } from '@conversa/shared';
import { Box, Center, Loader, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/QueryError';
import { TICKET_LIST_LOAD_MORE_INTERVAL_MS } from '../../../lib/constants';
import { useTicketList, type TicketListFilters } from '../api';
import { flattenTickets } from '../cache';
import { TicketRow } from './TicketRow';

const ROW_ESTIMATE_PX = 78;

interface TicketVirtualListProps {
  filters: TicketListFilters;
  selectedId: number | null;
  queues: Queue[];
}

/**
 * The tickets of one tab, virtualised (only the rows on screen are in the DOM, so thousands stay
 * smooth). Reaching the end loads the next page, at most every 3 s (SPEC §9).
 */
export function TicketVirtualList({ filters, selectedId, queues }: TicketVirtualListProps) {
  const { t } = useTranslation();
  const query = useTicketList(filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const tickets = useMemo(() => flattenTickets(query.data), [query.data]);
  const queueById = useMemo(() => new Map(queues.map((q) => [q.id, q])), [queues]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastLoadAt = useRef(0);

  const rowCount = tickets.length + (hasNextPage ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read during render on purpose.
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (index) => tickets[index]?.id ?? 'more',
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.length > 0 ? (items[items.length - 1]?.index ?? -1) : -1;
  const atEnd = tickets.length > 0 && lastVisible >= tickets.length - 1;

  // The open chat's ticket is brought into view once when it appears in this list (e.g. after an
  // action moved the list to its tab); scrolling away from it afterwards is left alone.
  const revealedId = useRef<number | null>(null);
  const selectedIndex = selectedId === null ? -1 : tickets.findIndex((ticket) => ticket.id === selectedId);
  useEffect(() => {
    if (selectedIndex < 0 || revealedId.current === selectedId) return;
    revealedId.current = selectedId;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, selectedId, virtualizer]);

  useEffect(() => {
    if (!atEnd || !hasNextPage || isFetchingNextPage) return;
    const wait = Math.max(0, lastLoadAt.current + TICKET_LIST_LOAD_MORE_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => {
      lastLoadAt.current = Date.now();
      void fetchNextPage();
    }, wait);
    return () => clearTimeout(timer);
  }, [atEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <Box ref={scrollRef} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid={`ticket-list-${filters.status}`}>
      {query.isPending && (
        <Center p="md">
          <Loader size="sm" />
        </Center>
      )}
      {query.isSuccess && tickets.length === 0 && (
        <Text c="dimmed" ta="center" p="md" size="sm" data-testid="tickets-empty">
          {t('tickets.empty')}
        </Text>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((item) => {
          const ticket = tickets[item.index];
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {ticket ? (
                <TicketRow
                  ticket={ticket}
                  selected={ticket.id === selectedId}
                  queueName={ticket.queueId !== null ? queueById.get(ticket.queueId)?.name : undefined}
                  queueColor={ticket.queueId !== null ? queueById.get(ticket.queueId)?.color : undefined}
                />
              ) : (
                <Center p="sm" data-testid="tickets-load-more">
                  <Loader size="xs" />
                </Center>
              )}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
