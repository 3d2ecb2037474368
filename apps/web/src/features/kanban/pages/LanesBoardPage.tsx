import type { Lane, Ticket } from '@conversa/shared';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type Over,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Anchor, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { useLanes } from '../../lanes/api';
import { useBoardSummary, useLaneCards, useMoveCard } from '../api';
import { cardsOf, kanbanKeys, type BoardPages } from '../board-cache';
import { BoardColumn } from '../components/BoardColumn';
import { TicketCard, type MoveTarget } from '../components/TicketCard';
import { planMove } from '../move-plan';

/** A column of the lanes board: a lane, or the tickets without one (laneId null). */
interface ColumnDef {
  laneId: number | null;
  name: string;
  color?: string;
}

const columnId = (laneId: number | null) => `column:${laneId ?? 'none'}`;
const cardId = (ticketId: number) => `card:${ticketId}`;

interface CardData {
  type: 'card';
  ticket: Ticket;
  laneId: number | null;
}
interface ColumnData {
  type: 'column';
  laneId: number | null;
}

function SortableCard({
  ticket,
  laneId,
  moveTargets,
  onMove,
}: {
  ticket: Ticket;
  laneId: number | null;
  moveTargets: MoveTarget[];
  onMove: (target: MoveTarget) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: cardId(ticket.id),
    data: { type: 'card', ticket, laneId } satisfies CardData,
  });
  return (
    <TicketCard
      ticket={ticket}
      cardRef={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      dragging={isDragging}
      handleRef={setActivatorNodeRef}
      handleProps={{ ...attributes, ...listeners }}
      moveTargets={moveTargets.filter((target) => target.laneId !== laneId)}
      onMove={onMove}
    />
  );
}

function LaneColumn({
  column,
  summary,
  moveTargets,
  onMove,
}: {
  column: ColumnDef;
  summary: { count: number; value: number } | undefined;
  moveTargets: MoveTarget[];
  onMove: (ticket: Ticket, target: MoveTarget) => void;
}) {
  const query = useLaneCards(column.laneId);
  const cards = cardsOf(query.data);
  const { setNodeRef, isOver } = useDroppable({
    id: columnId(column.laneId),
    data: { type: 'column', laneId: column.laneId } satisfies ColumnData,
  });
  return (
    <BoardColumn
      columnKey={String(column.laneId ?? 'none')}
      title={column.name}
      color={column.color}
      count={summary?.count ?? query.data?.pages[0]?.count}
      sum={summary?.value ?? 0}
      loading={query.isPending}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      empty={cards.length === 0}
      bodyRef={setNodeRef}
      highlighted={isOver}
    >
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      <SortableContext items={cards.map((card) => cardId(card.id))} strategy={verticalListSortingStrategy}>
        {cards.map((ticket) => (
          <SortableCard
            key={ticket.id}
            ticket={ticket}
            laneId={column.laneId}
            moveTargets={moveTargets}
            onMove={(target) => onMove(ticket, target)}
          />
        ))}
      </SortableContext>
    </BoardColumn>
  );
}

/**
 * /kanban/kanbans: the lanes board. Columns are the tenant's lanes in order, after the tickets
 * without a lane; cards are the open and pending tickets the user may see. A card is dragged by its
 * handle (mouse, touch, or keyboard: space to lift, arrows, space to drop) or moved with its menu;
 * the move shows at once and goes back if the server refuses it. Everyone's board follows live.
 */
/**
 * The lane (or card) under the mouse pointer; the nearest corners only without a pointer (the
 * keyboard). By corners alone, a card dropped in the middle of a tall empty lane landed on the
 * neighbouring lane's nearest card.
 */
const underPointerFirst: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : closestCorners(args);
};

export function LanesBoardPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const session = useSession();
  const lanes = useLanes();
  const summary = useBoardSummary();
  const move = useMoveCard();
  const [dragged, setDragged] = useState<Ticket | null>(null);

  const columns = useMemo<ColumnDef[]>(
    () => [
      { laneId: null, name: t('kanban.noLane') },
      ...(lanes.data ?? []).map((lane: Lane) => ({ laneId: lane.id, name: lane.name, color: lane.color })),
    ],
    [lanes.data, t],
  );
  const moveTargets = useMemo<MoveTarget[]>(() => columns.map((c) => ({ laneId: c.laneId, name: c.name })), [columns]);
  const nameOf = (laneId: number | null) => columns.find((c) => c.laneId === laneId)?.name ?? '';
  const sumOf = (laneId: number | null) =>
    summary.data?.columns.find((c) => c.laneId === laneId) ?? (summary.data ? { laneId, count: 0, value: 0 } : undefined);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const columnCards = (laneId: number | null) => cardsOf(qc.getQueryData<BoardPages>(kanbanKeys.lane(laneId)));

  const send = (ticket: Ticket, plan: ReturnType<typeof planMove>) => {
    if (!plan) return;
    move.mutate(
      { ticket, body: plan.body, optimistic: plan.optimistic },
      { onError: (error) => notifyApiError(error, 'kanban-move-error') },
    );
  };

  const moveWithMenu = (ticket: Ticket, target: MoveTarget) => {
    const cards = columnCards(target.laneId);
    send(ticket, planMove(ticket, target, cards, cards.length));
  };

  /** The column and index a drop over `over` means. */
  const dropTarget = (over: Over, ticket: Ticket): { laneId: number | null; index: number } | undefined => {
    const data = over.data.current as CardData | ColumnData | undefined;
    if (!data) return undefined;
    const cards = columnCards(data.laneId);
    if (data.type === 'column') return { laneId: data.laneId, index: cards.filter((c) => c.id !== ticket.id).length };
    // Inside its column the card takes the place of the one it is over (below it when moving down);
    // into another column it goes before it (planMove counts places without the moved card).
    return { laneId: data.laneId, index: cards.findIndex((c) => c.id === data.ticket.id) };
  };

  const onDragStart = (event: DragStartEvent) => setDragged((event.active.data.current as CardData | undefined)?.ticket ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const ticket = (active.data.current as CardData | undefined)?.ticket;
    if (!ticket || !over) return;
    const target = dropTarget(over, ticket);
    if (!target) return;
    send(ticket, planMove(ticket, { laneId: target.laneId, name: nameOf(target.laneId) }, columnCards(target.laneId), target.index));
  };

  const cardName = (id: string | number) => {
    const ticketId = Number(String(id).replace('card:', ''));
    for (const column of columns) {
      const found = columnCards(column.laneId).find((c) => c.id === ticketId);
      if (found) return found.contact.name;
    }
    return '';
  };
  const overName = (over: Over | null) => {
    const data = over?.data.current as CardData | ColumnData | undefined;
    if (!data) return '';
    if (data.type === 'column') return nameOf(data.laneId);
    const cards = columnCards(data.laneId);
    return t('kanban.dnd.place', { column: nameOf(data.laneId), position: cards.findIndex((c) => c.id === data.ticket.id) + 1 });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('kanban.dnd.start', { name: cardName(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('kanban.dnd.over', { name: cardName(active.id), target: overName(over) })
        : t('kanban.dnd.overNone', { name: cardName(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('kanban.dnd.drop', { name: cardName(active.id), target: overName(over) })
        : t('kanban.dnd.cancel', { name: cardName(active.id) }),
    onDragCancel: ({ active }) => t('kanban.dnd.cancel', { name: cardName(active.id) }),
  };

  if (lanes.isError) return <QueryError error={lanes.error} onRetry={() => void lanes.refetch()} />;
  const supervisor = session?.profile === 'admin' || session?.profile === 'super' || session?.profile === 'superadmin';

  return (
    <Stack gap="xs" data-testid="kanban-lanes-board" style={{ minWidth: 0 }}>
      {lanes.data && lanes.data.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="kanban-no-lanes">
          {t('kanban.noLanes')}{' '}
          {supervisor && (
            <Anchor component={Link} to={PATHS.lanes}>
              {t('kanban.manageLanes')}
            </Anchor>
          )}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={underPointerFirst}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('kanban.dnd.instructions') } }}
      >
        <ScrollArea type="auto" offsetScrollbars scrollbars="x" data-testid="kanban-scroll">
          <Group gap="sm" wrap="nowrap" align="stretch" style={{ height: 'calc(100dvh - 200px)', minHeight: 320 }}>
            {columns.map((column) => (
              <LaneColumn
                key={column.laneId ?? 'none'}
                column={column}
                summary={sumOf(column.laneId)}
                moveTargets={moveTargets}
                onMove={moveWithMenu}
              />
            ))}
          </Group>
        </ScrollArea>
        <DragOverlay>{dragged ? <TicketCard ticket={dragged} /> : null}</DragOverlay>
      </DndContext>
    </Stack>
  );
}
