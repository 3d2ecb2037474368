import type { Message, QuickMessage, Ticket } from '@conversa/shared';
import { isHeldByOther } from '@conversa/shared/ticket-holder';
import { TEMPLATE_VARIABLES, unknownTemplateVariables } from '@conversa/shared/template-variable-names';
import { ActionIcon, Alert, Box, CloseButton, FileButton, Group, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconBolt, IconClockPlus, IconEye, IconListCheck, IconLock, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../components/on-demand';
import { MESSAGE_MAX_LENGTH } from '../../../lib/constants';
import { formatCount } from '../../../lib/format';
import type { Session } from '../../../lib/session';
import { forgetDraft, useDraft } from '../../../lib/drafts';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useSession } from '../../../lib/useSession';
import { insertAtSelection, VariablePicker } from '../../../components/VariablePicker';
import { useContactVariableNames } from '../../contact-variables/api';
import { useQuickMessages } from '../../quick-messages/api';
import { useOutbox } from '../api';
import { EmojiPicker } from './EmojiPicker';
import { QuickMessageList } from './QuickMessageList';

/** From here on the composer shows how many characters the message has of the most it can. */
const MESSAGE_NEAR_LIMIT = Math.floor(MESSAGE_MAX_LENGTH * 0.9);

// Opened on demand: downloaded then, not with the chat.
const SendButtonModal = lazyComponent(async () => (await import('./SendButtonModal')).SendButtonModal);
const ScheduleDialog = lazyComponent(async () => (await import('../../schedules/components/ScheduleDialog')).ScheduleDialog);

interface ComposerProps {
  ticket: Ticket;
  replyTo: Message | null;
  onCancelReply: () => void;
}

/**
 * Who may write in the ticket (the server's rule): in a ticket of another agent (open, or waiting
 * for them after a transfer), a plain agent may not; a supervisor or an admin may, and is told whose
 * ticket it is.
 */
function writeAccess(ticket: Ticket, session: Session | null): 'own' | 'others' | 'denied' {
  if (!isHeldByOther(ticket, session?.userId)) return 'own';
  const profile = session?.profile;
  return profile === 'admin' || profile === 'super' || profile === 'superadmin' ? 'others' : 'denied';
}

/** `/word` alone in the input: the quick-message list filters by it, and Enter sends the quick message of that key. */
const SLASH = /^\/(\S*)$/;

/**
 * Text, emoji, one attachment and a quoted reply; Enter sends, Shift+Enter breaks the line. Each
 * Enter takes what is written at that moment (text, file, quote), clears the input at once and
 * queues the reply (the outbox sends a ticket's replies in order, one at a time, and shows them in
 * the chat at once): typing never waits for a send, and nothing typed meanwhile is touched.
 */
export function Composer({ ticket, replyTo, onCancelReply }: ComposerProps) {
  const { t } = useTranslation();
  const contactVariables = useContactVariableNames();
  const session = useSession();
  const mobile = useIsMobile();
  const outbox = useOutbox();
  // Kept per ticket: another ticket opened and this one again finds what was typed.
  const draftKey = `${session?.userId ?? 0}:ticket:${ticket.id}`;
  const [text, setText] = useDraft(draftKey);
  const [file, setFile] = useState<File | null>(null);
  /** Reply buttons and templates exist only on WhatsApp Business API (waba) tickets. */
  const [buttonsOpen, setButtonsOpen] = useState(false);
  /** The message-scheduling dialog, with what is written so far. */
  const [scheduling, setScheduling] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const closed = ticket.status === 'closed';
  const access = writeAccess(ticket, session);
  const owner = ticket.username ?? t('tickets.composer.anotherAgent');
  const writable = !closed && access !== 'denied';
  /** A quick message picked from the `/` list: its text is in the input, its file goes with it. */
  const [quick, setQuick] = useState<QuickMessage | null>(null);
  // A quick message's text is not a draft: its file would not come back with it (the text alone would go).
  const quickPicked = useRef(false);
  useEffect(() => {
    quickPicked.current = quick !== null;
  }, [quick]);
  useEffect(
    () => () => {
      if (quickPicked.current) forgetDraft(draftKey);
    },
    [draftKey],
  );
  /** The agent inserted a variable (picker): the server renders the text. */
  const [renderVariables, setRenderVariables] = useState(false);
  const [quickError, setQuickError] = useState<string | null>(null);
  const [highlight, setHighlight] = useState(-1);
  /** The input's text when Escape closed the list (it opens again once the text changes). */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const quickMessages = useQuickMessages({ activeOnly: true, enabled: writable });
  const slash = quick ? null : SLASH.exec(text);
  const listOpen = writable && slash !== null && dismissed !== text;
  const search = slash?.[1]?.toLowerCase() ?? '';
  const matches = listOpen ? (quickMessages.data ?? []).filter((q) => q.key.toLowerCase().includes(search)) : [];

  const changeText = (value: string) => {
    setText(value);
    setHighlight(-1);
    setQuickError(null);
    if (value.trim() === '') {
      setQuick(null);
      setRenderVariables(false);
    }
  };

  const reset = () => {
    setText('');
    setFile(null);
    setQuick(null);
    setRenderVariables(false);
    setQuickError(null);
    setHighlight(-1);
    if (replyTo) onCancelReply();
    inputRef.current?.focus();
  };

  const quoted = () => (replyTo ? { id: replyTo.id, body: replyTo.body, fromMe: replyTo.fromMe } : null);

  /** `/key` + Enter: exactly one active quick message has that key (whatever the case), else an error and nothing is sent. */
  const sendByKey = (key: string) => {
    const all = quickMessages.data;
    const found = all?.find((q) => q.key.toLowerCase() === key.toLowerCase());
    if (all && !found) {
      const partial = all.filter((q) => q.key.toLowerCase().includes(key.toLowerCase()));
      setQuickError(
        partial.length > 1
          ? t('tickets.quickMessages.chooseOne')
          : partial.length === 1
            ? t('tickets.quickMessages.oneMatch', { key, match: partial[0].key })
            : t('tickets.quickMessages.noMatch', { key }),
      );
      return;
    }
    if (found?.media && file) {
      setQuickError(t('tickets.quickMessages.fileConflict'));
      return;
    }
    // The server looks the key up again: what it finds is what is sent.
    outbox.enqueue({
      ticketId: ticket.id,
      body: found?.message ?? '',
      file: file ?? undefined,
      quoted: quoted(),
      quick: { key: found?.key ?? key, mediaName: found?.media?.name ?? null },
    });
    reset();
  };

  const submit = () => {
    // What the input holds now (the DOM's value: nothing typed since the last render is missed).
    const current = inputRef.current?.value ?? text;
    if (!writable) return;
    const slashKey = quick ? null : /^\/(\S+)$/.exec(current.trim());
    if (slashKey) return sendByKey(slashKey[1] ?? '');
    if (current.trim() === '' && file === null && !quick?.media) return;
    if (quick || renderVariables) {
      const unknown = unknownTemplateVariables(current, TEMPLATE_VARIABLES, contactVariables);
      if (unknown.length > 0) {
        setQuickError(t('templates.unknown', { names: unknown.map((name) => `{{${name}}}`).join(', ') }));
        return;
      }
    }
    outbox.enqueue({
      ticketId: ticket.id,
      body: current.trim() === '' ? '' : current,
      file: file ?? undefined,
      quoted: quoted(),
      quick: quick ? { id: quick.id, mediaName: quick.media?.name ?? null } : null,
      renderVariables: renderVariables || undefined,
    });
    reset();
  };

  /** Picking from the `/` list puts the quick message in the composer (its text to review, its file attached); Enter sends it. */
  const pick = (chosen: QuickMessage) => {
    setQuick(chosen);
    setText(chosen.message);
    setHighlight(-1);
    setQuickError(null);
    if (chosen.media) setFile(null);
    requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.setSelectionRange(chosen.message.length, chosen.message.length);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (listOpen && matches.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((current) => (current < 0 ? (step > 0 ? 0 : matches.length - 1) : (current + step + matches.length) % matches.length));
      return;
    }
    if (listOpen && event.key === 'Escape') {
      event.preventDefault();
      setDismissed(text);
      setHighlight(-1);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      const highlighted = listOpen ? matches[highlight] : undefined;
      if (highlighted) pick(highlighted);
      else submit();
    }
  };

  const insertAtCaret = (inserted: string) => {
    const input = inputRef.current;
    const { value, caret } = insertAtSelection(input, text, inserted);
    changeText(value);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(caret, caret);
    });
  };
  const insertEmoji = (emoji: string) => insertAtCaret(emoji);
  const insertVariable = (name: string) => {
    insertAtCaret(`{{${name}}}`);
    setRenderVariables(true);
  };
  const canSend = text.trim() !== '' || file !== null || Boolean(quick?.media);

  const tools = (
    <>
      <EmojiPicker onPick={insertEmoji} />
      <VariablePicker onPick={insertVariable} testId="composer-variables" />
      <FileButton onChange={setFile} accept="image/*,video/*,audio/*,application/pdf,.doc,.docx,.xls,.xlsx,.odt,.ods,.zip,.txt,.csv">
        {(props) => (
          <Tooltip label={t('tickets.composer.attach')}>
            <ActionIcon {...props} variant="subtle" size="lg" aria-label={t('tickets.composer.attach')} data-testid="composer-attach">
              <IconPaperclip size={20} />
            </ActionIcon>
          </Tooltip>
        )}
      </FileButton>
      <Tooltip label={t('schedules.action')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={() => setScheduling(true)}
          aria-label={t('schedules.action')}
          data-testid="composer-schedule"
        >
          <IconClockPlus size={20} />
        </ActionIcon>
      </Tooltip>
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
    </>
  );

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
      {listOpen && (
        <QuickMessageList
          items={matches}
          highlight={highlight}
          onHighlight={setHighlight}
          onPick={pick}
          loading={quickMessages.isPending}
        />
      )}
      {writable && quick && (
        <Group gap="xs" mb={6} wrap="nowrap" data-testid="composer-quick-message">
          <IconBolt size={14} style={{ flexShrink: 0 }} />
          <Text size="xs" truncate="end" maw={300}>
            {t('tickets.quickMessages.attached', { key: quick.key })}
            {quick.media ? ` · ${quick.media.name}` : ''}
          </Text>
          <CloseButton
            size="xs"
            onClick={() => {
              // The text stays; its variables are still rendered.
              setRenderVariables(true);
              setQuick(null);
            }}
            aria-label={t('tickets.quickMessages.remove')}
          />
        </Group>
      )}
      {writable && quickError && (
        <Text size="xs" c="red" mb={6} role="alert" data-testid="composer-quick-error">
          {quickError}
        </Text>
      )}
      {writable && text.length >= MESSAGE_NEAR_LIMIT && (
        // The field takes no more than the limit (a longer paste is cut there): said before it is sent.
        <Text size="xs" c={text.length >= MESSAGE_MAX_LENGTH ? 'red' : 'dimmed'} mb={6} data-testid="composer-length">
          {text.length >= MESSAGE_MAX_LENGTH
            ? t('tickets.composer.atLimit', { max: formatCount(MESSAGE_MAX_LENGTH) })
            : t('tickets.composer.length', { chars: formatCount(text.length), max: formatCount(MESSAGE_MAX_LENGTH) })}
        </Text>
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
            {t(ticket.status === 'pending' ? 'tickets.composer.waitingFor' : 'tickets.composer.notYours', { name: owner })}
          </Text>
        </Group>
      ) : (
        // On a phone the tools take their own row: beside them the text field was a third of the width.
        <Stack gap={2} data-testid="composer-bar" data-layout={mobile ? 'stacked' : 'row'}>
          {mobile && (
            <Group gap={2} wrap="wrap">
              {tools}
            </Group>
          )}
          <Group gap={4} wrap="nowrap" align="flex-end">
            {!mobile && tools}
            <Textarea
              ref={inputRef}
              value={text}
              onChange={(event) => changeText(event.currentTarget.value)}
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
            <ActionIcon size="lg" onClick={submit} disabled={!canSend} aria-label={t('tickets.composer.send')} data-testid="composer-send">
              <IconSend size={18} />
            </ActionIcon>
          </Group>
        </Stack>
      )}
      {scheduling && (
        <ScheduleDialog
          ticketId={ticket.id}
          contactName={ticket.contact.name}
          initialBody={quick ? '' : text}
          onClose={() => setScheduling(false)}
          // What was written went into the schedule: the composer is cleared.
          onSaved={() => changeText('')}
        />
      )}
      {buttonsOpen && <SendButtonModal ticket={ticket} replyTo={replyTo} onClose={() => setButtonsOpen(false)} onSent={onCancelReply} />}
    </Box>
  );
}
