import { Button, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QueryError } from './QueryError';

/**
 * The top of a list screen: its title, the "new" button (with any other actions beside it), the
 * line that says what the screen is for, and the error of the list's query with a retry.
 */
export function ListPageHeader({
  title,
  description,
  newLabel,
  onNew,
  newTestId,
  actions,
  query,
}: {
  title: string;
  description?: ReactNode;
  newLabel?: string;
  onNew?: () => void;
  newTestId?: string;
  /** Buttons shown before the "new" button. */
  actions?: ReactNode;
  /** The screen's list query: its error shows under the description, with a retry. */
  query?: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  return (
    <>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Group gap="xs">
          {actions}
          {onNew && newLabel && (
            <Button leftSection={<IconPlus size={16} />} onClick={onNew} data-testid={newTestId}>
              {newLabel}
            </Button>
          )}
        </Group>
      </Group>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      {query?.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
    </>
  );
}
