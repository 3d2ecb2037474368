import type { Tag, Ticket } from '@conversa/shared';
import { Anchor, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { useLanes } from '../../lanes/api';
import { useTags } from '../../tags/api';
import { useMoveCard, useTagCards } from '../api';
import { cardsOf, kanbanKeys, type BoardPages } from '../board-cache';
import { BoardColumn } from '../components/BoardColumn';
import { TicketCard, type MoveTarget } from '../components/TicketCard';
import { planMove } from '../move-plan';

function TagColumn({
  tag,
  moveTargets,
  onMove,
}: {
  tag: Tag;
  moveTargets: MoveTarget[];
  onMove: (ticket: Ticket, target: MoveTarget) => void;
}) {
  const query = useTagCards(tag.id);
  const cards = cardsOf(query.data);
  return (
    <BoardColumn
      columnKey={`tag-${tag.id}`}
      title={tag.name}
      color={tag.color}
      count={query.data?.pages[0]?.count}
      loading={query.isPending}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      empty={cards.length === 0}
    >
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {cards.map((ticket) => (
        <TicketCard
          key={ticket.id}
          ticket={ticket}
          moveTargets={moveTargets.filter((target) => target.laneId !== (ticket.kanban?.id ?? null))}
          onMove={(target) => onMove(ticket, target)}
        />
      ))}
    </BoardColumn>
  );
}

/**
 * /kanban/tags: the tags board. One column per active tag, holding the open and pending tickets that
 * carry it (a ticket with two tags is in both), newest first; each card's menu moves it to a lane.
 */
export function TagsBoardPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const session = useSession();
  const tags = useTags({ activeOnly: true });
  const lanes = useLanes();
  const move = useMoveCard();
  const moveTargets = useMemo<MoveTarget[]>(
    () => [{ laneId: null, name: t('kanban.noLane') }, ...(lanes.data ?? []).map((lane) => ({ laneId: lane.id, name: lane.name }))],
    [lanes.data, t],
  );

  const moveToLane = (ticket: Ticket, target: MoveTarget) => {
    const cards = cardsOf(qc.getQueryData<BoardPages>(kanbanKeys.lane(target.laneId)));
    const plan = planMove(ticket, target, cards, cards.length);
    if (plan)
      move.mutate(
        { ticket, body: plan.body, optimistic: plan.optimistic },
        { onError: (error) => notifyApiError(error, 'kanban-move-error') },
      );
  };

  if (tags.isError) return <QueryError error={tags.error} onRetry={() => void tags.refetch()} />;
  const supervisor = session?.profile === 'admin' || session?.profile === 'super' || session?.profile === 'superadmin';
  return (
    <Stack gap="xs" data-testid="kanban-tags-board" style={{ minWidth: 0 }}>
      {tags.data && tags.data.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="kanban-no-tags">
          {t('kanban.noTags')}{' '}
          {supervisor && (
            <Anchor component={Link} to={PATHS.tags}>
              {t('kanban.manageTags')}
            </Anchor>
          )}
        </Text>
      )}
      <ScrollArea type="auto" offsetScrollbars scrollbars="x">
        <Group gap="sm" wrap="nowrap" align="stretch" style={{ height: 'calc(100dvh - 200px)', minHeight: 320 }}>
          {(tags.data ?? []).map((tag) => (
            <TagColumn key={tag.id} tag={tag} moveTargets={moveTargets} onMove={moveToLane} />
          ))}
        </Group>
      </ScrollArea>
    </Stack>
  );
}
