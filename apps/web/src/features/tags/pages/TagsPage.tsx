import type { Tag } from '@conversa/shared';
import { Badge, Button, Loader, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { notifyApiError } from '../../../lib/notify';
import { useDeleteTag, useSaveTag, useTagUsage, useTags } from '../api';
import { TagChips } from '../components/TagChips';
import { TagFormModal } from '../components/TagFormModal';

/** /etiquetas (supervisors and admins): the tags agents put on tickets and contacts. */
export function TagsPage() {
  const { t } = useTranslation();
  const tags = useTags();
  const save = useSaveTag();
  const remove = useDeleteTag();
  const removal = useConfirmedDelete<Tag>(remove, 'tag-delete-error');
  const [editing, setEditing] = useState<Tag | null | undefined>(undefined);
  // Asked when the dialog opens: the confirmation says what the delete detaches.
  const usage = useTagUsage(removal.deleting?.id ?? null);

  const toggleActive = (tag: Tag, isActive: boolean) =>
    save.mutate({ id: tag.id, body: { isActive } }, { onError: (error) => notifyApiError(error, 'tag-toggle-error') });

  const columns: DataColumn<Tag>[] = [
    {
      key: 'name',
      header: t('tags.name'),
      primary: true,
      render: (tag) => <TagChips tags={[tag]} testId={`tag-chip-${tag.id}`} />,
    },
    {
      key: 'color',
      header: t('tags.color'),
      render: (tag) => (
        <Text size="xs" ff="monospace" c="dimmed">
          {tag.color}
        </Text>
      ),
    },
    {
      key: 'active',
      header: t('tags.active'),
      render: (tag) => (
        <Switch
          checked={tag.isActive}
          onChange={(event) => toggleActive(tag, event.currentTarget.checked)}
          aria-label={t('tags.activeOf', { name: tag.name })}
          data-testid={`tag-active-${tag.id}`}
        />
      ),
    },
  ];

  const usageText = usage.data
    ? usage.data.tickets + usage.data.contacts > 0
      ? t('tags.deleteUsage', {
          tickets: t('tags.ticketCount', { count: usage.data.tickets }),
          contacts: t('tags.contactCount', { count: usage.data.contacts }),
        })
      : t('tags.deleteUnused')
    : null;

  return (
    <Stack data-testid="tags-page">
      <ListPageHeader
        title={t('tags.title')}
        description={t('tags.help')}
        newLabel={t('tags.new')}
        onNew={() => setEditing(null)}
        newTestId="tags-new"
        query={tags}
      />
      <DataTable
        testId="tags-table"
        rows={tags.data}
        rowKey={(tag) => tag.id}
        rowTestId={(tag) => `tag-${tag.id}`}
        columns={columns}
        actions={(tag) => (
          <>
            {!tag.isActive && (
              <Badge color="gray" variant="light">
                {t('tags.inactive')}
              </Badge>
            )}
            <Button size="xs" variant="light" onClick={() => setEditing(tag)} data-testid={`tag-edit-${tag.id}`}>
              {t('common.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => removal.ask(tag)} data-testid={`tag-delete-${tag.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <TagFormModal tag={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('tags.deleteTitle')}
        message={t('tags.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending || usage.isLoading}
        onConfirm={removal.confirm}
        onClose={() => removal.cancel()}
      >
        {usage.isLoading ? (
          <Loader size="xs" />
        ) : (
          usageText && (
            <Text size="sm" data-testid="tag-delete-usage">
              {usageText}
            </Text>
          )
        )}
      </ConfirmModal>
    </Stack>
  );
}
