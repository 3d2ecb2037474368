import type { TagsChangedLogPayload } from '@conversa/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a 'tagsChanged' entry of a ticket's history added and removed. */
export function TagsChangedDetail({ payload }: { payload: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { added = [], removed = [] } = payload as Partial<TagsChangedLogPayload>;
  const names = (list: { name: string }[]) => list.map((tag) => tag.name).join(', ');
  return (
    <>
      {added.length > 0 && (
        <Text size="xs" data-testid="log-tags-added">
          {t('records.tagLog.added', { names: names(added) })}
        </Text>
      )}
      {removed.length > 0 && (
        <Text size="xs" data-testid="log-tags-removed">
          {t('records.tagLog.removed', { names: names(removed) })}
        </Text>
      )}
    </>
  );
}

/** The history's label of an entry type that this feature writes, or null. */
export const recordsLogLabelKey = (type: string): string | null => (type === 'tagsChanged' ? 'records.tagLog.tagsChanged' : null);
