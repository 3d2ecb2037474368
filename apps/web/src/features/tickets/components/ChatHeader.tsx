import type { Ticket } from '@conversa/shared';
import { isAttendedByOther, waitsForOther } from '@conversa/shared/ticket-holder';
import { ActionIcon, Avatar, Badge, Box, Button, Checkbox, Group, Select, Stack, Switch, Text, Textarea, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowLeft,
  IconCheck,
  IconDeviceMobileMessage,
  IconInfoCircle,
  IconPlayerPlay,
  IconRefresh,
  IconTransfer,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { lazyComponent } from '../../../components/on-demand';
import { chatPath, PATHS } from '../../../app/paths';
import { hasErrorCode, isApiError } from '../../../lib/errors';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { useFarewellMessages } from '../../closing/api';
import { useQueues } from '../../queues/api';
import { TagChips } from '../../tags/components/TagChips';
import { TicketTagsButton } from '../../tags/components/TicketTagsButton';
import { ResolveDemandSelect, useDemandRequired } from '../../demands/components/ResolveDemandSelect';
import { ProtocolBadge } from '../../protocols/components/ProtocolBadge';
import { useSmsAvailability } from '../../sms/api';
import { useSwitchTicketChatbot, useUpdateTicket, type TicketUpdate } from '../api';
import { TicketAiSwitches } from '../../ai-bots/components/TicketAiSwitches';
import { tabOf, useTicketTab } from '../ticket-tab';
import { TicketValueInput } from '../../kanban/components/TicketValueInput';
import { TicketLaneSelect } from './TicketLaneSelect';
import { initialsOf } from './TicketRow';

// Opened on demand: downloaded then, not with the chat.
const TransferModal = lazyComponent(async () => (await import('./TransferModal')).TransferModal);
const SmsModal = lazyComponent(async () => (await import('../../sms/components/SmsModal')).SmsModal);

/**
 * Actions that ask first: they hand the ticket back, end it, or give it to the chatbot (it leaves its
 * agent). Accepting, reopening and switching the bot off start at once.
 */
type ConfirmedAction = 'return' | 'resolve' | 'botOn' | 'accept';
type Action = Exclude<ConfirmedAction, 'botOn'> | 'accept' | 'reopen';

const STATUS_COLORS = { open: 'teal', pending: 'yellow', closed: 'gray', schedule: 'blue' } as const;

interface ChatHeaderProps {
  ticket: Ticket;
  panelOpen: boolean;
  onTogglePanel: () => void;
}

/**
 * Contact, state and the ticket's actions (SPEC §4). The badge tells the ticket's real state: a
 * pending ticket opened in the chat is fully usable (the peers' "shown as open"), but it is still
 * waiting until someone accepts it. After an action the list moves to the tab where the ticket is.
 */
export function ChatHeader({ ticket, panelOpen, onTogglePanel }: ChatHeaderProps) {
  const { t } = useTranslation();
  const session = useSession();
  const queues = useQueues();
  const update = useUpdateTicket();
  const chatbot = useSwitchTicketChatbot();
  const [, setTab] = useTicketTab();
  const [confirming, setConfirmingState] = useState<ConfirmedAction | null>(null);
  /** The customer's ongoing ticket that a refused reopening named. */
  const [ongoingTicketId, setOngoingTicketId] = useState<number | null>(null);
  const navigate = useNavigate();
  // The last action chosen stays shown while its dialog fades out.
  const [shown, setShown] = useState<ConfirmedAction>('resolve');
  const setConfirming = (next: ConfirmedAction | null) => {
    setConfirmingState(next);
    if (next) setShown(next);
  };
  const [transferring, setTransferring] = useState(false);
  const [texting, setTexting] = useState(false);
  // The SMS modal only where SMS is set up for the tenant and the contact has a phone number.
  const smsAvailability = useSmsAvailability();
  const canSms = Boolean(smsAvailability.data?.configured && ticket.contact.number && !ticket.isGroup);
  const [farewell, setFarewell] = useState('');
  const [farewellId, setFarewellId] = useState<string | null>(null);
  const [requestRating, setRequestRating] = useState(false);
  const [demandId, setDemandId] = useState<string | null>(null);
  const [demandError, setDemandError] = useState<string | null>(null);
  const demandRequired = useDemandRequired(shown === 'resolve' && confirming !== null);
  // The closing messages (SPEC /fechamento) are fetched when the resolve dialog first opens.
  const farewells = useFarewellMessages(shown === 'resolve' && confirming !== null);
  const preset = farewells.data?.find((f) => String(f.id) === farewellId);
  const resetResolve = () => {
    setFarewell('');
    setFarewellId(null);
    setRequestRating(false);
    setDemandId(null);
    setDemandError(null);
  };
  const queue = queues.data?.find((q) => q.id === ticket.queueId);
  // Another user is attending it: only they or an admin may hand it on or end it (the server refuses the rest).
  const isAdmin = session?.profile === 'admin' || session?.profile === 'superadmin';
  const heldByOther = isAttendedByOther(ticket, session?.userId) && !isAdmin;
  // A waiting ticket with another user's name (transferred to them, given to them): taking it is asked first.
  const waitsForSomeoneElse = waitsForOther(ticket, session?.userId);
  // In the bot while it has a flow (SPEC §7 PUT /ticketsChatBot): whoever may act on the ticket switches it;
  // a closed or group ticket never goes (back) to the bot, but one still in it can always be taken out.
  const inBot = ticket.chatFlowId !== null;
  const botSwitchable = !heldByOther && (inBot || ((ticket.status === 'open' || ticket.status === 'pending') && !ticket.isGroup));

  const switchBot = (on: boolean) =>
    chatbot.mutate(
      { id: ticket.id, chatbot: on },
      {
        onSuccess: (updated) => {
          notifySuccess(t(on ? 'tickets.actions.botOnDone' : 'tickets.actions.botOffDone'));
          setTab(tabOf(updated));
          setConfirming(null);
        },
        onError: (error) => {
          // The server's reasons (no runnable flow; a contact blocked from the bot or a flow in test with another number) in the user's words.
          if (hasErrorCode(error, 'ERR_NO_FLOW_FOUND')) notifyError(t('tickets.actions.botNoFlow'), 'ticket-chatbot-error');
          else if (on && hasErrorCode(error, 'ERR_VALIDATION')) notifyError(t('tickets.actions.botRefused'), 'ticket-chatbot-error');
          else notifyApiError(error, 'ticket-chatbot-error');
        },
      },
    );

  const run = (action: Action) => {
    if (!session) return;
    // The server refuses it too (ERR_DEMAND_REQUIRED); asked here first, in the dialog.
    if (action === 'resolve' && demandRequired && !demandId) {
      setDemandError(t('ticketReasons.required'));
      return;
    }
    const bodies: Record<Action, TicketUpdate> = {
      accept: { status: 'open', userId: session.userId },
      return: { status: 'pending', userId: null },
      resolve: {
        status: 'closed',
        ...(preset ? { farewellMessageId: preset.id } : farewell.trim() ? { farewellMessage: farewell.trim() } : {}),
        ...(requestRating ? { requestRating: true } : {}),
        ...(demandId ? { demandId: Number(demandId) } : {}),
      },
      reopen: { status: 'open', userId: session.userId },
    };
    update.mutate(
      { id: ticket.id, update: bodies[action] },
      {
        onSuccess: (updated) => {
          // Resolving with a rating request: the ticket stays until the customer answers (SPEC §4).
          const awaitingRating = action === 'resolve' && updated.status !== 'closed';
          notifySuccess(t(awaitingRating ? 'tickets.actions.ratingRequested' : `tickets.actions.${action}Done`));
          // A resolved ticket leaves the agent's work; the others are shown where they now are.
          if (action !== 'resolve') setTab(tabOf(updated));
          setConfirming(null);
          resetResolve();
        },
        onError: (error) => {
          // Reopening while the customer has another conversation going: offer to open that one.
          const ongoing = isApiError(error) && error.code === 'ERR_OTHER_OPEN_TICKET' ? error.details?.ticketId : undefined;
          if (action === 'reopen' && typeof ongoing === 'number') setOngoingTicketId(ongoing);
          else notifyApiError(error, 'ticket-action-error');
        },
      },
    );
  };

  return (
    <Box
      p="sm"
      data-testid="chat-header"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 8,
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
        <ActionIcon variant="subtle" component={Link} to={PATHS.atendimentoChats} hiddenFrom="md" aria-label={t('common.back')}>
          <IconArrowLeft size={18} />
        </ActionIcon>
        <Avatar src={ticket.profilePicUrl ?? ticket.contact.profilePicUrl} radius="xl" color="teal">
          {initialsOf(ticket.contact.name)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} truncate="end" data-testid="chat-contact-name">
              {ticket.contact.name}
            </Text>
            <Badge
              size="xs"
              color={STATUS_COLORS[ticket.status]}
              style={{ flexShrink: 0, overflow: 'visible' }}
              data-testid="chat-status"
              data-status={ticket.status}
            >
              {t(`tickets.status.${ticket.status}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            #{ticket.id}
            {ticket.contact.number ? ` · ${ticket.contact.number}` : ''}
            {queue ? ` · ${queue.name}` : ''}
            {ticket.username ? ` · ${t('tickets.assignedTo', { name: ticket.username })}` : ''}
          </Text>
          <ProtocolBadge protocol={ticket.protocol} />
          <TagChips tags={ticket.tags} testId="chat-tags" />
          {ticket.demand && (
            <Text size="xs" c="dimmed" truncate="end" data-testid="chat-demand">
              {t('ticketReasons.shown', { name: ticket.demand.name })}
            </Text>
          )}
        </Stack>
      </Group>
      <Group gap={6} wrap="wrap" ml="auto" justify="flex-end">
        <TicketLaneSelect ticket={ticket} />
        <TicketValueInput ticket={ticket} />
        {ticket.status === 'pending' && (
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            onClick={() => (waitsForSomeoneElse ? setConfirming('accept') : run('accept'))}
            loading={update.isPending}
            data-testid="ticket-accept"
          >
            {t('tickets.actions.accept')}
          </Button>
        )}
        {ticket.status === 'open' && !heldByOther && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={() => setConfirming('return')}
            data-testid="ticket-return"
          >
            {t('tickets.actions.return')}
          </Button>
        )}
        {ticket.status !== 'closed' && !heldByOther && (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconTransfer size={14} />}
              onClick={() => setTransferring(true)}
              data-testid="ticket-transfer"
            >
              {t('tickets.actions.transfer')}
            </Button>
            <Button
              size="xs"
              color="green"
              leftSection={<IconCheck size={14} />}
              onClick={() => setConfirming('resolve')}
              data-testid="ticket-resolve"
            >
              {t('tickets.actions.resolve')}
            </Button>
          </>
        )}
        {ticket.status === 'closed' && (
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => run('reopen')}
            loading={update.isPending}
            data-testid="ticket-reopen"
          >
            {t('tickets.actions.reopen')}
          </Button>
        )}
        {botSwitchable && (
          <Tooltip label={t(inBot ? 'tickets.actions.botOnHint' : 'tickets.actions.botOffHint')}>
            {/* The tooltip needs a box of its own: the switch's input is hidden behind its track. */}
            <Box>
              <Switch
                size="sm"
                label={t('tickets.actions.chatbot')}
                checked={inBot}
                disabled={chatbot.isPending}
                onChange={(event) => (event.currentTarget.checked ? setConfirming('botOn') : switchBot(false))}
                data-testid="ticket-chatbot"
              />
            </Box>
          </Tooltip>
        )}
        <TicketAiSwitches ticket={ticket} />
        <TicketTagsButton ticket={ticket} />
        {canSms && (
          <Tooltip label={t('sms.modal.open')}>
            <ActionIcon variant="subtle" onClick={() => setTexting(true)} aria-label={t('sms.modal.open')} data-testid="ticket-sms">
              <IconDeviceMobileMessage size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('tickets.contactPanel.toggle')}>
          <ActionIcon
            variant={panelOpen ? 'light' : 'subtle'}
            onClick={onTogglePanel}
            aria-label={t('tickets.contactPanel.toggle')}
            data-testid="chat-contact-toggle"
          >
            <IconInfoCircle size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>

      <ConfirmModal
        opened={confirming !== null}
        title={t(`tickets.actions.${shown}Title`)}
        message={t(`tickets.actions.${shown}Confirm`, { name: ticket.contact.name, agent: ticket.username ?? '' })}
        confirmLabel={t(`tickets.actions.${shown}`)}
        confirmColor={shown === 'resolve' ? 'green' : 'teal'}
        loading={update.isPending || chatbot.isPending}
        onConfirm={() => {
          if (confirming === 'botOn') switchBot(true);
          else if (confirming) run(confirming);
        }}
        onClose={() => {
          setConfirming(null);
          resetResolve();
        }}
      >
        {shown === 'resolve' && (
          <Stack gap="sm">
            <ResolveDemandSelect
              value={demandId}
              onChange={(value) => {
                setDemandId(value);
                setDemandError(null);
              }}
              error={demandError}
            />
            {(farewells.data?.length ?? 0) > 0 && (
              <Select
                label={t('tickets.actions.farewellPreset')}
                placeholder={t('tickets.actions.farewellPresetNone')}
                data={(farewells.data ?? []).map((f) => ({
                  value: String(f.id),
                  label: f.message.length > 80 ? `${f.message.slice(0, 80)}…` : f.message,
                }))}
                value={farewellId}
                onChange={setFarewellId}
                clearable
                comboboxProps={{ withinPortal: true }}
                data-testid="resolve-farewell-preset"
              />
            )}
            {preset ? (
              <Text
                size="sm"
                c="dimmed"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="resolve-farewell-preview"
              >
                {preset.message}
              </Text>
            ) : (
              <Textarea
                label={t('tickets.actions.farewell')}
                description={t('tickets.actions.farewellHint')}
                value={farewell}
                onChange={(event) => setFarewell(event.currentTarget.value)}
                autosize
                minRows={2}
                maxRows={6}
                data-testid="resolve-farewell"
              />
            )}
            {!ticket.isGroup && (
              <Checkbox
                label={t('tickets.actions.requestRating')}
                description={t('tickets.actions.requestRatingHint')}
                checked={requestRating}
                onChange={(event) => setRequestRating(event.currentTarget.checked)}
                data-testid="resolve-request-rating"
              />
            )}
          </Stack>
        )}
      </ConfirmModal>
      <ConfirmModal
        opened={ongoingTicketId !== null}
        title={t('tickets.newTicket.existingTitle')}
        message={t('tickets.actions.reopenOngoing', { name: ticket.contact.name })}
        confirmLabel={t('tickets.newTicket.openExisting')}
        confirmColor="teal"
        onConfirm={() => {
          if (ongoingTicketId !== null) void navigate(chatPath(ongoingTicketId));
          setOngoingTicketId(null);
        }}
        onClose={() => setOngoingTicketId(null)}
      />
      {transferring && <TransferModal ticket={ticket} onClose={() => setTransferring(false)} />}
      {texting && <SmsModal ticket={ticket} onClose={() => setTexting(false)} />}
    </Box>
  );
}
