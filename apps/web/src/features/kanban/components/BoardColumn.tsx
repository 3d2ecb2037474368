import { Badge, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../../lib/format';

export interface BoardColumnProps {
  /** For test ids: the lane id, "none" or "tag-{id}". */
  columnKey: string;
  title: string;
  color?: string;
  count: number | undefined;
  /** The sum of the column's values (lanes board). */
  sum?: number;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  children: ReactNode;
  empty: boolean;
  /** The drop zone (the lanes board). */
  bodyRef?: Ref<HTMLDivElement>;
  highlighted?: boolean;
}

/** One column of a board: its name, card count and sum of values; its cards, 50 at a time ("load more"). */
export function BoardColumn({
  columnKey,
  title,
  color,
  count,
  sum,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
  children,
  empty,
  bodyRef,
  highlighted,
}: BoardColumnProps) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      bg="var(--mantine-color-default-hover)"
      style={{ width: 280, flex: '0 0 280px', display: 'flex', flexDirection: 'column', maxHeight: '100%' }}
      role="region"
      aria-label={t('kanban.columnLabel', { name: title })}
      data-testid={`kanban-column-${columnKey}`}
    >
      <Stack gap={2} mb="xs">
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {color && <Box w={10} h={10} style={{ borderRadius: 3, background: color, flexShrink: 0 }} aria-hidden />}
            <Text fw={600} size="sm" truncate="end" data-testid="kanban-column-title">
              {title}
            </Text>
          </Group>
          <Badge variant="light" color="gray" aria-label={t('kanban.cardsLabel', { count: count ?? 0 })} data-testid="kanban-column-count">
            {count ?? '…'}
          </Badge>
        </Group>
        {sum !== undefined && (
          <Text size="xs" c="dimmed" aria-label={t('kanban.sumLabel', { value: formatCurrency(sum) })} data-testid="kanban-column-sum">
            {formatCurrency(sum)}
          </Text>
        )}
      </Stack>
      <Stack
        ref={bodyRef}
        gap="xs"
        style={{
          overflowY: 'auto',
          flex: 1,
          minHeight: 80,
          borderRadius: 6,
          outline: highlighted ? '2px dashed var(--mantine-color-blue-5)' : undefined,
        }}
        data-testid={`kanban-column-body-${columnKey}`}
      >
        {loading && <Loader size="sm" mx="auto" my="md" />}
        {!loading && empty && (
          <Text size="xs" c="dimmed" ta="center" py="md">
            {t('kanban.empty')}
          </Text>
        )}
        {children}
        {hasMore && (
          <Button variant="subtle" size="xs" onClick={onLoadMore} loading={loadingMore} data-testid={`kanban-load-more-${columnKey}`}>
            {t('kanban.loadMore')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
