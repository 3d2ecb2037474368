import type { Note } from '@conversa/shared';
import { NOTE_MAX_LENGTH } from '@conversa/shared/note-limits';
import { ActionIcon, Box, Button, Group, Paper, Text, Textarea, Tooltip } from '@mantine/core';
import { IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { formatTime } from '../../../lib/format';
import { notifyApiError } from '../../../lib/notify';
import { useDeleteNote, useUpdateNote } from '../api';
import type { MentionUser } from './mentions';
import { NOTE_COLOR } from './NoteComposer';

interface NoteBubbleProps {
  note: Note;
  /** The author or an admin: may edit and delete it. */
  canChange: boolean;
  users: MentionUser[];
}

/** An internal note in the chat timeline: a yellow card with its author, never one of the conversation's bubbles. */
export function NoteBubble({ note, canChange, users }: NoteBubbleProps) {
  const { t } = useTranslation();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const mentioned = note.mentionedUserIds.map((id) => users.find((u) => u.id === id)?.name).filter((name): name is string => !!name);

  const saveEdit = () => {
    const text = editing?.trim();
    if (!text) return;
    update.mutate(
      { id: note.id, body: { note: text } },
      { onSuccess: () => setEditing(null), onError: (error) => notifyApiError(error, 'note-update-error') },
    );
  };

  return (
    <Box px="sm" py={4} data-testid={`note-${note.id}`} data-kind="note">
      <Paper
        withBorder
        p="xs"
        mx="auto"
        maw={560}
        style={{ background: NOTE_COLOR, borderColor: 'var(--mantine-color-yellow-filled)', borderStyle: 'dashed' }}
      >
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconLock size={12} />
            <Text size="xs" fw={600} truncate="end">
              {t('records.notes.internal')} · {note.username ?? t('records.notes.unknownAuthor')}
            </Text>
          </Group>
          {canChange && editing === null && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('records.notes.edit')}>
                <ActionIcon
                  size="xs"
                  variant="subtle"
                  color="gray"
                  onClick={() => setEditing(note.note)}
                  aria-label={t('records.notes.edit')}
                  data-testid={`note-edit-${note.id}`}
                >
                  <IconPencil size={12} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('records.notes.delete')}>
                <ActionIcon
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setDeleting(true)}
                  aria-label={t('records.notes.delete')}
                  data-testid={`note-delete-${note.id}`}
                >
                  <IconTrash size={12} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        {editing === null ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={`note-text-${note.id}`}>
            {note.note}
          </Text>
        ) : (
          <Box mt={4}>
            <Textarea
              autosize
              minRows={1}
              maxRows={8}
              maxLength={NOTE_MAX_LENGTH}
              value={editing}
              onChange={(event) => setEditing(event.currentTarget.value)}
              aria-label={t('records.notes.edit')}
              data-testid={`note-edit-input-${note.id}`}
            />
            <Group gap="xs" justify="flex-end" mt={4}>
              <Button size="compact-xs" variant="default" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </Button>
              <Button
                size="compact-xs"
                color="yellow"
                onClick={saveEdit}
                loading={update.isPending}
                disabled={!editing.trim()}
                data-testid={`note-edit-save-${note.id}`}
              >
                {t('common.save')}
              </Button>
            </Group>
          </Box>
        )}
        <Group justify="space-between" gap={4} mt={2}>
          <Text size="xs" c="dimmed">
            {mentioned.length > 0 ? t('records.notes.mentions', { names: mentioned.join(', ') }) : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {formatTime(note.createdAt)}
            {note.updatedAt !== note.createdAt ? ` · ${t('records.notes.edited')}` : ''}
          </Text>
        </Group>
      </Paper>
      <ConfirmModal
        opened={deleting}
        title={t('records.notes.deleteTitle')}
        message={t('records.notes.deleteConfirm')}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(note, {
            onSuccess: () => setDeleting(false),
            onError: (error) => {
              setDeleting(false);
              notifyApiError(error, 'note-delete-error');
            },
          })
        }
        onClose={() => setDeleting(false)}
      />
    </Box>
  );
}
