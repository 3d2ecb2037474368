import type { Message } from '@conversa/shared';
import { Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconArrowForwardUp, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { hasErrorCode } from '../../../lib/errors';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { Drawer } from '../../../components/Drawer';
import { lazyComponent } from '../../../components/on-demand';
import { QueryError } from '../../../components/QueryError';
import { useFollowTicket } from '../../../app/SocketProvider';
import { FORWARD_MAX_MESSAGES } from '../../../lib/constants';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { useDeleteMessage, useTicket, useUpdateTicket } from '../api';
import { ChatHeader } from '../components/ChatHeader';
import { Composer } from '../components/Composer';
import { ContactPanel } from '../components/ContactPanel';
import type { MessageActions } from '../components/MessageBubble';
import { MessageList } from '../components/MessageList';
import { useTicketNotes } from '../../notes/api';
import { ComposerModeSwitch, type ComposerMode } from '../../notes/components/ComposerModeSwitch';
import { NoteBubble } from '../../notes/components/NoteBubble';
import { NoteComposer } from '../../notes/components/NoteComposer';
import { useAllUsers } from '../../users/api';

// Dialogs opened on demand: downloaded then, not with the chat.
const EditMessageModal = lazyComponent(async () => (await import('../components/EditMessageModal')).EditMessageModal);
const ForwardModal = lazyComponent(async () => (await import('../components/ForwardModal')).ForwardModal);

/** Wide enough for the navbar, the ticket list, the chat and the contact panel side by side. */
const WIDE_SCREEN = '(min-width: 1500px)';

/** /atendimento/{ticketId}: one chat. */
export function ChatPage() {
  const { ticketId: raw } = useParams();
  const ticketId = Number(raw);
  const valid = Number.isInteger(ticketId) && ticketId > 0;
  return valid ? <Chat key={ticketId} ticketId={ticketId} /> : <ChatNotFound />;
}

function ChatNotFound() {
  const { t } = useTranslation();
  return (
    <Center h="100%">
      <Text c="dimmed">{t('errors.ERR_NO_TICKET_FOUND')}</Text>
    </Center>
  );
}

/** A ticket the user may not (or no longer) see: said plainly, with the way back to the list. */
function ChatUnavailable() {
  const { t } = useTranslation();
  return (
    <Center h="100%" p="md" data-testid="chat-unavailable">
      <Stack align="center" gap="sm">
        <Text c="dimmed" ta="center">
          {t('tickets.unavailable')}
        </Text>
        <Button component={Link} to={PATHS.atendimentoChats} variant="light" size="xs">
          {t('tickets.backToList')}
        </Button>
      </Stack>
    </Center>
  );
}

function Chat({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const ticket = useTicket(ticketId);
  const update = useUpdateTicket();
  const remove = useDeleteMessage();
  // The contact panel sits beside the chat on wide screens (choice remembered) and slides over it on others.
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const [panelOpen, setPanelOpen] = useLocalStorage({ key: 'chatContactPanel', defaultValue: true, getInitialValueInEffect: false });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [forwarding, setForwarding] = useState(false);
  // Internal notes (never sent): among the messages, and the composer's note mode.
  const [composerMode, setComposerMode] = useState<ComposerMode>('message');
  const notes = useTicketNotes(ticketId);
  const users = useAllUsers();
  const mentionUsers = useMemo(() => (users.data ?? []).map((u) => ({ id: u.id, name: u.name })), [users.data]);
  useFollowTicket(ticketId);

  // Opening a chat reads it (SPEC §4): a count left from before is cleared once; while the chat
  // stays open the server keeps it at 0 (joinTicket).
  const loaded = ticket.data !== undefined;
  const unreadOnOpen = useRef<number | null>(null);
  const { mutate: updateTicket } = update;
  useEffect(() => {
    if (!loaded || unreadOnOpen.current !== null) return;
    unreadOnOpen.current = ticket.data?.unreadMessages ?? 0;
    if (unreadOnOpen.current > 0) updateTicket({ id: ticketId, update: { unreadMessages: 0 } });
  }, [loaded, ticket.data, ticketId, updateTicket]);

  const myUserId = session?.userId ?? null;
  const isAdmin = session?.profile === 'admin' || session?.profile === 'superadmin';
  const actions = useMemo<MessageActions>(
    () => ({
      canEdit: (m) => m.fromMe && !m.deleted && m.userId === myUserId && m.body !== '' && !m.mediaUrl,
      canDelete: (m) => m.fromMe && !m.deleted && (m.userId === myUserId || isAdmin),
      onReply: (m) => setReplyTo(m),
      onForward: (m) => {
        setSelecting(true);
        setSelectedIds([m.id]);
      },
      onEdit: (m) => setEditing(m),
      onDelete: (m) => setDeleting(m),
    }),
    [myUserId, isAdmin],
  );

  const toggleSelected = (message: Message) =>
    setSelectedIds((ids) =>
      ids.includes(message.id) ? ids.filter((id) => id !== message.id) : ids.length >= FORWARD_MAX_MESSAGES ? ids : [...ids, message.id],
    );
  const stopSelecting = () => {
    setSelecting(false);
    setSelectedIds([]);
  };

  if (ticket.isError) {
    // Transferred away, or never the user's: not a load failure to retry.
    if (hasErrorCode(ticket.error, 'ERR_NO_PERMISSION') || hasErrorCode(ticket.error, 'ERR_NO_TICKET_FOUND')) return <ChatUnavailable />;
    return <QueryError error={ticket.error} onRetry={() => void ticket.refetch()} />;
  }
  if (!ticket.data) {
    return (
      <Center h="100%">
        <Loader />
      </Center>
    );
  }

  return (
    <Group h="100%" gap={0} wrap="nowrap" align="stretch" data-testid="chat" data-ticket-id={ticketId}>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <ChatHeader
          ticket={ticket.data}
          panelOpen={wide ? panelOpen : drawerOpen}
          onTogglePanel={() => (wide ? setPanelOpen(!panelOpen) : setDrawerOpen(!drawerOpen))}
        />
        {selecting && (
          <Group justify="space-between" px="sm" py={6} bg="var(--mantine-primary-color-light)" data-testid="forward-bar">
            <Text size="sm">{t('tickets.forward.selected', { count: selectedIds.length, max: FORWARD_MAX_MESSAGES })}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={stopSelecting}>
                {t('common.cancel')}
              </Button>
              <Button
                size="xs"
                leftSection={<IconArrowForwardUp size={14} />}
                disabled={selectedIds.length === 0}
                onClick={() => setForwarding(true)}
                data-testid="forward-open"
              >
                {t('tickets.message.forward')}
              </Button>
            </Group>
          </Group>
        )}
        <MessageList
          ticketId={ticketId}
          isGroup={ticket.data.isGroup}
          myUserId={myUserId}
          actions={actions}
          selecting={selecting}
          selectedIds={selectedIds}
          selectionFull={selectedIds.length >= FORWARD_MAX_MESSAGES}
          onToggleSelected={toggleSelected}
          notes={notes.data}
          renderNote={(note) => <NoteBubble note={note} canChange={note.userId === myUserId || isAdmin} users={mentionUsers} />}
        />
        <ComposerModeSwitch mode={composerMode} onChange={setComposerMode} />
        {composerMode === 'note' ? (
          <NoteComposer ticket={ticket.data} users={mentionUsers} />
        ) : (
          <Composer ticket={ticket.data} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} />
        )}
      </Stack>
      {wide && panelOpen && (
        <Box w={300} style={{ borderLeft: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}>
          <ContactPanel ticket={ticket.data} onClose={() => setPanelOpen(false)} />
        </Box>
      )}
      {!wide && (
        <Drawer opened={drawerOpen} onClose={() => setDrawerOpen(false)} position="right" size={320} withCloseButton={false} padding={0}>
          <Box h="100dvh">
            <ContactPanel ticket={ticket.data} onClose={() => setDrawerOpen(false)} />
          </Box>
        </Drawer>
      )}
      {editing && <EditMessageModal message={editing} onClose={() => setEditing(null)} />}
      {forwarding && (
        <ForwardModal
          messageIds={selectedIds}
          onClose={() => setForwarding(false)}
          onDone={() => {
            setForwarding(false);
            stopSelecting();
          }}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('tickets.message.deleteTitle')}
        message={t('tickets.message.deleteConfirm')}
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: () => {
              notifySuccess(t('common.deleted'));
              setDeleting(null);
            },
            onError: (error) => {
              setDeleting(null);
              notifyApiError(error, 'message-delete-error');
            },
          });
        }}
        onClose={() => setDeleting(null)}
      />
    </Group>
  );
}
