import type { Tag } from '@conversa/shared';
import { Badge, Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useDeleteTag, useSaveTag, useTagUsage, useTags } from '../api';
import { TagChips } from '../components/TagChips';
import { TagFormModal } from '../components/TagFormModal';

/** /etiquetas (supervisors and admins): the tags agents put on tickets and contacts. */
export function TagsPage() {
  const { t } = useTranslation();
  const tags = useTags();
  const save = useSaveTag();
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<Tag | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  // Asked when the dialog opens: the confirmation says what the delete detaches.
  const usage = useTagUsage(deleting?.id ?? null);

  const toggleActive = (tag: Tag, isActive: boolean) =>
    save.mutate({ id: tag.id, body: { isActive } }, { onError: (error) => notifyApiError(error, 'tag-toggle-error') });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'tag-delete-error'),
    });
  };

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
      <Group justify="space-between">
        <Title order={2}>{t('tags.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="tags-new">
          {t('tags.new')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('tags.help')}
      </Text>
      {tags.isError && <QueryError error={tags.error} onRetry={() => void tags.refetch()} />}
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
            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(tag)} data-testid={`tag-delete-${tag.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <TagFormModal tag={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('tags.deleteTitle')}
        message={t('tags.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending || usage.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
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
