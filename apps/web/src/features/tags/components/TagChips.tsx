import type { TagRef } from '@conversa/shared';
import { Badge, Group } from '@mantine/core';

/** Black or white text, whichever reads better on the tag's color. */
export function textColorOn(hex: string): string {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) return '#000';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1a1b1e' : '#fff';
}

/** A ticket's or a contact's tags as small colored chips (wrapping; `max` shows the first ones and "+n"). */
export function TagChips({ tags, max, testId }: { tags: TagRef[] | undefined; max?: number; testId?: string }) {
  if (!tags?.length) return null;
  const shown = max === undefined ? tags : tags.slice(0, max);
  const hidden = tags.length - shown.length;
  return (
    <Group gap={4} wrap="wrap" data-testid={testId} style={{ minWidth: 0 }}>
      {shown.map((tag) => (
        <Badge
          key={tag.id}
          size="xs"
          radius="sm"
          style={{ background: tag.color, color: textColorOn(tag.color), textTransform: 'none', maxWidth: 140 }}
          data-testid={testId ? `${testId}-${tag.id}` : undefined}
        >
          {tag.name}
        </Badge>
      ))}
      {hidden > 0 && (
        <Badge size="xs" radius="sm" variant="light" color="gray">
          +{hidden}
        </Badge>
      )}
    </Group>
  );
}
