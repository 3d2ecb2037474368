import type { BulkTicketAction, BulkTicketsResult, Ticket } from '@conversa/shared';
import { Alert, Button, Group, Loader, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconTransfer } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError } from '../../../lib/notify';
import { ResolveDemandSelect, useDemandRequired } from '../../demands/components/ResolveDemandSelect';
import { useQueues } from '../../queues/api';
import { useAllUsers } from '../../users/api';
import { useBulkTickets, useTicketPanel } from '../api';
import { BulkResultModal } from '../components/BulkResultModal';
import { PanelColumn } from '../components/PanelColumn';

interface Column {
  id: string;
  title: string;
  tickets: Ticket[];
}

/**
 * /painel-atendimentos (admins, SPEC §2 and §6): a column per agent with their open tickets and per
 * queue with its pending ones (and one for tickets without queue), live; view all or only the admin's
 * queues; mass transfer, return to queue and resolve on the selected tickets, each confirmed first
 * and answered with what was done and what was refused, and why.
 */
export function TicketPanelPage() {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(true);
  const panel = useTicketPanel(showAll);
  const queues = useQueues();
  const bulk = useBulkTickets();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState<BulkTicketAction | null>(null);
  const [shown, setShown] = useState<BulkTicketAction>('resolve');
  const [queueId, setQueueId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [demandId, setDemandId] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<{ action: BulkTicketAction; result: BulkTicketsResult } | null>(null);
  const users = useAllUsers(confirming === 'transfer');
  const demandRequired = useDemandRequired(confirming === 'resolve');

  const tickets = useMemo(() => panel.data?.tickets ?? [], [panel.data]);
  const names = useMemo(() => new Map(tickets.map((ticket) => [ticket.id, ticket.contact.name])), [tickets]);
  // Only tickets still on the panel stay selected (a live change may take one away).
  const chosen = useMemo(() => tickets.filter((ticket) => selected.has(ticket.id)).map((ticket) => ticket.id), [tickets, selected]);

  const columns = useMemo(() => {
    const agents = new Map<number, Column>();
    for (const ticket of tickets) {
      if (ticket.status !== 'open' || ticket.userId === null) continue;
      const column = agents.get(ticket.userId) ?? {
        id: `user-${ticket.userId}`,
        title: ticket.username ?? `#${ticket.userId}`,
        tickets: [],
      };
      column.tickets.push(ticket);
      agents.set(ticket.userId, column);
    }
    const scope = panel.data?.scopeQueueIds ?? null;
    const queueColumns: Column[] = (queues.data ?? [])
      .filter((queue) => scope === null || scope.includes(queue.id))
      .map((queue) => ({
        id: `queue-${queue.id}`,
        title: queue.name,
        tickets: tickets.filter((ticket) => ticket.status === 'pending' && ticket.queueId === queue.id),
      }));
    const noQueue: Column = {
      id: 'no-queue',
      title: t('ticketPanel.noQueue'),
      tickets: tickets.filter((ticket) => ticket.status === 'pending' && ticket.queueId === null),
    };
    return {
      agents: [...agents.values()].sort((a, b) => a.title.localeCompare(b.title)),
      queues: [...queueColumns, noQueue],
    };
  }, [tickets, queues.data, panel.data?.scopeQueueIds, t]);

  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const open = (action: BulkTicketAction) => {
    setFormError(null);
    setConfirming(action);
    setShown(action);
  };
  const close = () => {
    setConfirming(null);
    setQueueId(null);
    setUserId(null);
    setDemandId(null);
    setFormError(null);
  };

  const run = () => {
    if (!confirming) return;
    if (confirming === 'transfer' && !queueId && !userId) return setFormError(t('ticketPanel.transferNeedsTarget'));
    if (confirming === 'resolve' && demandRequired && !demandId) return setFormError(t('ticketReasons.required'));
    const action = confirming;
    bulk.mutate(
      {
        ticketIds: chosen,
        action,
        ...(action === 'transfer' && queueId ? { queueId: Number(queueId) } : {}),
        ...(action === 'transfer' && userId ? { userId: Number(userId) } : {}),
        ...(action === 'resolve' && demandId ? { demandId: Number(demandId) } : {}),
      },
      {
        onSuccess: (answer) => {
          setResult({ action, result: answer });
          setSelected(new Set(answer.results.filter((r) => !r.ok).map((r) => r.ticketId)));
          close();
        },
        onError: (error) => notifyApiError(error, 'panel-bulk-error'),
      },
    );
  };

  if (panel.isPending) return <Loader />;
  if (panel.isError) return <QueryError error={panel.error} onRetry={() => void panel.refetch()} />;

  return (
    <Stack data-testid="ticket-panel">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2}>{t('ticketPanel.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('ticketPanel.description')}
          </Text>
        </Stack>
        <Switch
          label={t('ticketPanel.viewAll')}
          checked={showAll}
          onChange={(event) => {
            setShowAll(event.currentTarget.checked);
            setSelected(new Set());
          }}
          data-testid="panel-view-all"
        />
      </Group>
      {panel.data.truncated && (
        <Alert color="yellow">{t('ticketPanel.truncated', { count: panel.data.tickets.length, total: panel.data.total })}</Alert>
      )}
      <Group
        gap="xs"
        wrap="wrap"
        data-testid="panel-toolbar"
        style={{ position: 'sticky', top: 0, zIndex: 2, background: 'var(--mantine-color-body)', paddingBlock: 4 }}
      >
        <Text size="sm" fw={500} data-testid="panel-selected-count">
          {t('ticketPanel.selected', { count: chosen.length })}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconTransfer size={14} />}
          disabled={!chosen.length}
          onClick={() => open('transfer')}
          data-testid="panel-transfer"
        >
          {t('ticketPanel.actions.transfer')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowBackUp size={14} />}
          disabled={!chosen.length}
          onClick={() => open('return')}
          data-testid="panel-return"
        >
          {t('ticketPanel.actions.return')}
        </Button>
        <Button
          size="xs"
          color="green"
          leftSection={<IconCheck size={14} />}
          disabled={!chosen.length}
          onClick={() => open('resolve')}
          data-testid="panel-resolve"
        >
          {t('ticketPanel.actions.resolve')}
        </Button>
        {chosen.length > 0 && (
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())} data-testid="panel-clear">
            {t('ticketPanel.clearSelection')}
          </Button>
        )}
      </Group>

      <Title order={4}>{t('ticketPanel.agents')}</Title>
      {columns.agents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ticketPanel.noAgents')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} data-testid="panel-agents">
          {columns.agents.map((column) => (
            <PanelColumn key={column.id} {...column} selected={selected} onToggle={toggle} />
          ))}
        </SimpleGrid>
      )}
      <Title order={4}>{t('ticketPanel.queues')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} data-testid="panel-queues">
        {columns.queues.map((column) => (
          <PanelColumn key={column.id} {...column} selected={selected} onToggle={toggle} />
        ))}
      </SimpleGrid>

      <ConfirmModal
        opened={confirming !== null}
        title={t(`ticketPanel.confirm.${shown}Title`)}
        message={t(`ticketPanel.confirm.${shown}`, { count: chosen.length })}
        confirmLabel={t(`ticketPanel.actions.${shown}`)}
        confirmColor={shown === 'resolve' ? 'green' : 'teal'}
        loading={bulk.isPending}
        onConfirm={run}
        onClose={close}
      >
        <Stack gap="sm">
          {shown === 'transfer' && (
            <>
              <Select
                label={t('ticketPanel.toQueue')}
                data={(queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.name }))}
                value={queueId}
                onChange={setQueueId}
                clearable
                searchable
                comboboxProps={{ withinPortal: true }}
                data-testid="panel-transfer-queue"
              />
              <Select
                label={t('ticketPanel.toUser')}
                data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
                value={userId}
                onChange={setUserId}
                clearable
                searchable
                comboboxProps={{ withinPortal: true }}
                data-testid="panel-transfer-user"
              />
            </>
          )}
          {shown === 'resolve' && (
            <>
              <Text size="sm" c="dimmed">
                {t('ticketPanel.resolveHint')}
              </Text>
              <ResolveDemandSelect
                value={demandId}
                onChange={(value) => (setDemandId(value), setFormError(null))}
                testId="panel-resolve-demand"
              />
            </>
          )}
          {formError && (
            <Alert color="red" data-testid="panel-form-error">
              {formError}
            </Alert>
          )}
        </Stack>
      </ConfirmModal>
      {result && <BulkResultModal action={result.action} result={result.result} names={names} onClose={() => setResult(null)} />}
    </Stack>
  );
}
