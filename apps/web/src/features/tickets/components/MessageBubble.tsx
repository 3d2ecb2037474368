import type { Message } from '@conversa/shared';
import { ActionIcon, Anchor, Box, Button, Checkbox, Group, Image, Menu, Paper, Text } from '@mantine/core';
import { IconArrowForwardUp, IconCornerUpLeft, IconDots, IconFile, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatTime } from '../../../lib/format';
import type { OutboxState } from '../outbox';
import { MessageStatus } from './MessageStatus';
import { MessageTranscript } from './MessageTranscript';
import { UnsentNotice } from './UnsentNotice';

export interface MessageActions {
  canEdit: (message: Message) => boolean;
  canDelete: (message: Message) => boolean;
  onReply: (message: Message) => void;
  onForward: (message: Message) => void;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
}

interface MessageBubbleProps {
  message: Message;
  /** A group chat: messages not from us show who wrote them. */
  isGroup: boolean;
  actions: MessageActions;
  /** Forward selection mode: a checkbox per message. */
  selecting: boolean;
  selected: boolean;
  selectionFull: boolean;
  onToggleSelected: (message: Message) => void;
  /** A reply not yet stored by the server: no message actions; when failed, why, with retry and discard. */
  outgoing?: { state: OutboxState; error: unknown; onRetry: () => void; onDiscard: () => void };
}

function FileName({ name }: { name: string | null }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <IconFile size={18} />
      <Text size="sm" truncate="end">
        {name ?? t('tickets.media.file')}
      </Text>
    </Group>
  );
}

/** Why a reply was not sent, and what the agent can do: send it again (same client id) or drop it. */
function OutgoingFailure({ id, error, onRetry, onDiscard }: { id: string; error: unknown; onRetry: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Box mt={4} data-testid={`message-failed-${id}`}>
      <Text size="xs" c="red">
        {t('tickets.outbox.notSent')} {error ? errorMessage(error) : t('tickets.outbox.interrupted')}
      </Text>
      <Group gap={4} mt={4} justify="flex-end">
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={12} />}
          onClick={onRetry}
          data-testid={`message-retry-${id}`}
        >
          {t('tickets.outbox.retry')}
        </Button>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard} data-testid={`message-discard-${id}`}>
          {t('tickets.outbox.discard')}
        </Button>
      </Group>
    </Box>
  );
}

function Media({ message }: { message: Message }) {
  const { t } = useTranslation();
  // A file still being sent has no URL yet: its name shows.
  if (!message.mediaUrl) return message.mediaName ? <FileName name={message.mediaName} /> : null;
  switch (message.mediaType) {
    case 'image':
      return (
        <Anchor href={message.mediaUrl} target="_blank" rel="noopener noreferrer" data-testid={`message-image-${message.id}`}>
          <Image src={message.mediaUrl} alt={message.mediaName ?? t('tickets.media.image')} maw={280} mah={320} fit="contain" radius="sm" />
        </Anchor>
      );
    case 'video':
      return (
        <video
          src={message.mediaUrl}
          controls
          preload="metadata"
          style={{ maxWidth: 320, maxHeight: 320, borderRadius: 4 }}
          data-testid={`message-video-${message.id}`}
        />
      );
    case 'audio':
      return (
        <audio src={message.mediaUrl} controls preload="metadata" style={{ maxWidth: 280 }} data-testid={`message-audio-${message.id}`} />
      );
    default:
      return (
        <Anchor
          href={message.mediaUrl}
          target="_blank"
          rel="noopener noreferrer"
          download={message.mediaName ?? true}
          data-testid={`message-file-${message.id}`}
        >
          <FileName name={message.mediaName} />
        </Anchor>
      );
  }
}

/** One message. Text is rendered as text (React escapes it); never as HTML. */
export function MessageBubble({
  message,
  isGroup,
  actions,
  selecting,
  selected,
  selectionFull,
  onToggleSelected,
  outgoing,
}: MessageBubbleProps) {
  const { t } = useTranslation();
  const mine = message.fromMe;
  const showBody = !message.deleted && message.body !== '' && !(message.mediaUrl && message.body === message.mediaName);
  const sender = isGroup && !mine ? message.senderName : null;

  return (
    <Group
      justify={mine ? 'flex-end' : 'flex-start'}
      wrap="nowrap"
      gap={6}
      px="md"
      py={3}
      data-testid={`message-${message.id}`}
      data-from-me={mine}
      data-outgoing={outgoing?.state}
    >
      {selecting && !outgoing && (
        <Checkbox
          checked={selected}
          disabled={!selected && (selectionFull || message.deleted)}
          onChange={() => onToggleSelected(message)}
          aria-label={t('tickets.forward.select')}
          data-testid={`message-select-${message.id}`}
          style={{ order: mine ? 0 : 2 }}
        />
      )}
      <Paper
        px="sm"
        py={6}
        radius="md"
        shadow="xs"
        maw="75%"
        style={{ order: 1, background: mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-body)', minWidth: 80 }}
      >
        {sender && (
          <Text size="xs" fw={700} c="dimmed" truncate="end" data-testid={`message-sender-${message.id}`}>
            {sender}
          </Text>
        )}
        {message.quotedMsg && (
          <Box
            mb={6}
            px={8}
            py={4}
            style={{
              borderLeft: '3px solid var(--mantine-primary-color-filled)',
              background: 'var(--mantine-color-default-hover)',
              borderRadius: 4,
            }}
            data-testid={`message-quote-${message.id}`}
          >
            <Text size="xs" fw={600} c="dimmed">
              {message.quotedMsg.fromMe ? t('tickets.quote.you') : t('tickets.quote.contact')}
            </Text>
            <Text size="xs" lineClamp={3} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {message.quotedMsg.body || t('tickets.media.attachment')}
            </Text>
          </Box>
        )}
        {message.deleted ? (
          <Text size="sm" fs="italic" c="dimmed" data-testid={`message-deleted-${message.id}`}>
            {t('tickets.message.deleted')}
          </Text>
        ) : (
          <>
            <Media message={message} />
            <MessageTranscript message={message} />
          </>
        )}
        {showBody && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={`message-body-${message.id}`}>
            {message.body}
          </Text>
        )}
        <Group gap={4} justify="flex-end" wrap="nowrap" mt={2}>
          {message.edited && !message.deleted && (
            <Text size="10px" c="dimmed" fs="italic">
              {t('tickets.message.edited')}
            </Text>
          )}
          <Text size="10px" c="dimmed">
            {formatTime(message.timestamp)}
          </Text>
          {mine && <MessageStatus message={message} />}
        </Group>
        {outgoing?.state === 'failed' && (
          <OutgoingFailure id={message.id} error={outgoing.error} onRetry={outgoing.onRetry} onDiscard={outgoing.onDiscard} />
        )}
        {/* A stored reply whose send failed or may not have reached the customer (not one still in the composer's outbox). */}
        {mine && !outgoing && <UnsentNotice message={message} />}
      </Paper>
      {!selecting && !message.deleted && !outgoing && (
        <Menu position={mine ? 'bottom-end' : 'bottom-start'} withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('tickets.message.actions')}
              data-testid={`message-menu-${message.id}`}
              style={{ order: mine ? 0 : 2 }}
            >
              <IconDots size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconCornerUpLeft size={14} />}
              onClick={() => actions.onReply(message)}
              data-testid={`message-reply-${message.id}`}
            >
              {t('tickets.message.reply')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowForwardUp size={14} />}
              onClick={() => actions.onForward(message)}
              data-testid={`message-forward-${message.id}`}
            >
              {t('tickets.message.forward')}
            </Menu.Item>
            {actions.canEdit(message) && (
              <Menu.Item
                leftSection={<IconPencil size={14} />}
                onClick={() => actions.onEdit(message)}
                data-testid={`message-edit-${message.id}`}
              >
                {t('tickets.message.edit')}
              </Menu.Item>
            )}
            {actions.canDelete(message) && (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => actions.onDelete(message)}
                data-testid={`message-delete-${message.id}`}
              >
                {t('tickets.message.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
