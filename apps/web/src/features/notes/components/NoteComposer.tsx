import type { Ticket } from '@conversa/shared';
import { NOTE_MAX_LENGTH } from '@conversa/shared/note-limits';
import { ActionIcon, Box, Group, Paper, Text, Textarea, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLock, IconNote } from '@tabler/icons-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../lib/notify';
import { useCreateNote } from '../api';
import { mentionAt, mentionedIn, type MentionUser } from './mentions';

export const NOTE_COLOR = 'var(--mantine-color-yellow-light)';
const MENTION_LIST_MAX = 6;

interface NoteComposerProps {
  ticket: Pick<Ticket, 'id'>;
  /** The tenant's users who may be mentioned. */
  users: MentionUser[];
}

/**
 * The composer's "internal note" mode: what is written here is saved as a note of the ticket, seen
 * only by the team (never sent to the customer). `@` opens the list of the tenant's users; Enter
 * saves, Shift+Enter breaks the line.
 */
export function NoteComposer({ ticket, users }: NoteComposerProps) {
  const { t } = useTranslation();
  const create = useCreateNote(ticket.id);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<MentionUser[]>([]);
  const [highlight, setHighlight] = useState(0);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const mention = mentionAt(text, caret);
  const matches = useMemo(
    () => (mention ? users.filter((user) => user.name.toLowerCase().includes(mention.query)).slice(0, MENTION_LIST_MAX) : []),
    [mention, users],
  );

  const pick = (user: MentionUser) => {
    if (!mention) return;
    const next = `${text.slice(0, mention.start)}@${user.name} ${text.slice(caret)}`;
    const position = mention.start + user.name.length + 2;
    setText(next);
    setCaret(position);
    setPicked((list) => (list.some((u) => u.id === user.id) ? list : [...list, user]));
    setHighlight(0);
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(position, position));
  };

  const save = () => {
    const note = text.trim();
    if (!note || create.isPending) return;
    create.mutate(
      { note, mentionedUserIds: mentionedIn(note, picked) },
      {
        onSuccess: () => {
          setText('');
          setPicked([]);
        },
        onError: (error) => notifyApiError(error, 'note-create-error'),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setHighlight((h) => (h + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(matches[Math.min(highlight, matches.length - 1)]);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  return (
    <Box p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)', background: NOTE_COLOR }} data-testid="note-composer">
      <Group gap={6} mb={4}>
        <IconLock size={14} />
        <Text size="xs" fw={500}>
          {t('records.notes.hiddenFromCustomer')}
        </Text>
      </Group>
      {matches.length > 0 && (
        <Paper withBorder shadow="sm" p={4} mb={4} role="listbox" aria-label={t('records.notes.mentionHint')} data-testid="note-mentions">
          {matches.map((user, index) => (
            <UnstyledButton
              key={user.id}
              role="option"
              aria-selected={index === highlight}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(user);
              }}
              display="block"
              w="100%"
              px="xs"
              py={4}
              bg={index === highlight ? 'var(--mantine-primary-color-light)' : undefined}
              data-testid={`note-mention-${user.id}`}
            >
              <Text size="sm">@{user.name}</Text>
            </UnstyledButton>
          ))}
        </Paper>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          ref={inputRef}
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={NOTE_MAX_LENGTH}
          value={text}
          placeholder={t('records.notes.placeholder')}
          aria-label={t('records.notes.mode')}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setCaret(event.currentTarget.selectionStart ?? event.currentTarget.value.length);
            setHighlight(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          data-testid="note-input"
        />
        <Tooltip label={t('records.notes.save')}>
          <ActionIcon
            size="lg"
            color="yellow"
            variant="filled"
            onClick={save}
            loading={create.isPending}
            disabled={text.trim() === ''}
            aria-label={t('records.notes.save')}
            data-testid="note-save"
          >
            <IconNote size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Box>
  );
}
