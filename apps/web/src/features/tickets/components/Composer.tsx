import type { Message, Ticket } from '@conversa/shared';
import { ActionIcon, Alert, Box, CloseButton, FileButton, Group, Paper, Text, Textarea, Tooltip } from '@mantine/core';
import { IconEye, IconListCheck, IconLock, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../components/on-demand';
import { MESSAGE_MAX_LENGTH } from '../../../lib/constants';
import type { Session } from '../../../lib/session';
import { useSession } from '../../../lib/useSession';
import { useOutbox } from '../api';
import { EmojiPicker } from './EmojiPicker';

// Opened on demand: downloaded then, not with the chat.
const SendButtonModal = lazyComponent(async () => (await import('./SendButtonModal')).SendButtonModal);

interface ComposerProps {
  ticket: Ticket;
  replyTo: Message | null;
  onCancelReply: () => void;
}

/**
 * Who may write in the ticket (the server's rule): in an open ticket of another agent, a plain
 * agent may not; a supervisor or an admin may, and is told whose ticket it is.
 */
function writeAccess(ticket: Ticket, session: Session | null): 'own' | 'others' | 'denied' {
  if (ticket.status !== 'open' || ticket.userId === null || ticket.userId === session?.userId) return 'own';
  const profile = session?.profile;
  return profile === 'admin' || profile === 'super' || profile === 'superadmin' ? 'others' : 'denied';
}

/**
 * Text, emoji, one attachment and a quoted reply; Enter sends, Shift+Enter breaks the line. Each
 * Enter takes what is written at that moment (text, file, quote), clears the input at once and
 * queues the reply (the outbox sends a ticket's replies in order, one at a time, and shows them in
 * the chat at once): typing never waits for a send, and nothing typed meanwhile is touched.
 */
export function Composer({ ticket, replyTo, onCancelReply }: ComposerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const outbox = useOutbox();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  /** Reply buttons and templates exist only on WhatsApp Business API (waba) tickets. */
  const [buttonsOpen, setButtonsOpen] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const closed = ticket.status === 'closed';
  const access = writeAccess(ticket, session);
  const owner = ticket.username ?? t('tickets.composer.anotherAgent');
  const writable = !closed && access !== 'denied';

  const submit = () => {
    // What the input holds now (the DOM's value: nothing typed since the last render is missed).
    const current = inputRef.current?.value ?? text;
    if (!writable || (current.trim() === '' && file === null)) return;
    outbox.enqueue({
      ticketId: ticket.id,
      body: current.trim() === '' ? '' : current,
      file: file ?? undefined,
      quoted: replyTo ? { id: replyTo.id, body: replyTo.body, fromMe: replyTo.fromMe } : null,
    });
    setText('');
    setFile(null);
    if (replyTo) onCancelReply();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const insertEmoji = (emoji: string) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} data-testid="composer">
      {writable && replyTo && (
        <Paper withBorder p={6} mb={6} data-testid="composer-reply">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Box style={{ minWidth: 0, borderLeft: '3px solid var(--mantine-primary-color-filled)', paddingLeft: 8 }}>
              <Text size="xs" fw={600} c="dimmed">
                {t('tickets.composer.replyingTo', { name: replyTo.fromMe ? t('tickets.quote.you') : ticket.contact.name })}
              </Text>
              <Text size="xs" lineClamp={2} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {replyTo.body || replyTo.mediaName || t('tickets.media.attachment')}
              </Text>
            </Box>
            <CloseButton size="sm" onClick={onCancelReply} aria-label={t('tickets.composer.cancelReply')} />
          </Group>
        </Paper>
      )}
      {writable && file && (
        <Group gap="xs" mb={6} data-testid="composer-attachment">
          <IconPaperclip size={14} />
          <Text size="xs" truncate="end" maw={300}>
            {file.name}
          </Text>
          <CloseButton size="xs" onClick={() => setFile(null)} aria-label={t('tickets.composer.removeAttachment')} />
        </Group>
      )}
      {access === 'others' && !closed && (
        <Alert color="yellow" variant="light" p={6} mb={6} icon={<IconEye size={16} />} data-testid="composer-others-ticket">
          <Text size="xs">{t('tickets.composer.othersTicket', { name: owner })}</Text>
        </Alert>
      )}
      {closed ? (
        <Text size="sm" c="dimmed" ta="center" data-testid="composer-closed">
          {t('tickets.composer.closed')}
        </Text>
      ) : access === 'denied' ? (
        <Group gap="xs" justify="center" wrap="nowrap" data-testid="composer-denied">
          <IconLock size={16} style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed" ta="center">
            {t('tickets.composer.notYours', { name: owner })}
          </Text>
        </Group>
      ) : (
        <Group gap={4} wrap="nowrap" align="flex-end">
          <EmojiPicker onPick={insertEmoji} />
          <FileButton onChange={setFile} accept="image/*,video/*,audio/*,application/pdf,.doc,.docx,.xls,.xlsx,.odt,.ods,.zip,.txt,.csv">
            {(props) => (
              <Tooltip label={t('tickets.composer.attach')}>
                <ActionIcon {...props} variant="subtle" size="lg" aria-label={t('tickets.composer.attach')} data-testid="composer-attach">
                  <IconPaperclip size={20} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          {ticket.channel === 'waba' && (
            <Tooltip label={t('tickets.sendButton.action')}>
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={() => setButtonsOpen(true)}
                aria-label={t('tickets.sendButton.action')}
                data-testid="composer-buttons"
              >
                <IconListCheck size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          <Textarea
            ref={inputRef}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            placeholder={t('tickets.composer.placeholder')}
            aria-label={t('tickets.composer.placeholder')}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={MESSAGE_MAX_LENGTH}
            style={{ flex: 1 }}
            data-testid="composer-input"
          />
          <ActionIcon
            size="lg"
            onClick={submit}
            disabled={text.trim() === '' && file === null}
            aria-label={t('tickets.composer.send')}
            data-testid="composer-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      )}
      {buttonsOpen && <SendButtonModal ticket={ticket} replyTo={replyTo} onClose={() => setButtonsOpen(false)} onSent={onCancelReply} />}
    </Box>
  );
}
