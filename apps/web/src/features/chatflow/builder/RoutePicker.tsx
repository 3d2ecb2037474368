import type { FlowRoute, FlowRouteKind, FlowStep } from '@conversa/shared/chatbot';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChannels } from '../../channels/api';
import { useQueues } from '../../queues/api';
import { useAllUsers } from '../../users/api';

const KINDS: FlowRouteKind[] = ['step', 'queue', 'user', 'close', 'channel', 'end'];
const NONE = '';

export interface RoutePickerProps {
  label: string;
  value: FlowRoute | null;
  onChange: (route: FlowRoute | null) => void;
  steps: FlowStep[];
  /** The step that owns the route (not offered as its own target by default). */
  fromStepId?: string;
  /** May be left empty ('none'); otherwise a route is required. */
  nullable?: boolean;
  noneLabel?: string;
  /** Errors by the route's own path ('' for the route, 'queueId', 'stepId'…). */
  errors?: Record<string, string>;
  testId: string;
}

/** A route of a flow (SPEC §3 route-to): to a step, a queue, a user, closed, another channel, or out of the bot. The keyboard way to connect steps. */
export function RoutePicker({ label, value, onChange, steps, fromStepId, nullable, noneLabel, errors = {}, testId }: RoutePickerProps) {
  const { t } = useTranslation();
  const queues = useQueues();
  const users = useAllUsers();
  const channels = useChannels();

  const setKind = (kind: string | null) => {
    if (kind === null || kind === NONE) return onChange(nullable ? null : { kind: 'end' });
    switch (kind as FlowRouteKind) {
      case 'step':
        return onChange({ kind: 'step', stepId: steps.find((s) => s.id !== fromStepId)?.id ?? steps[0]?.id ?? '' });
      case 'queue':
        return onChange({ kind: 'queue', queueId: queues.data?.[0]?.id ?? 0 });
      case 'user':
        return onChange({ kind: 'user', userId: users.data?.[0]?.id ?? 0, queueId: null });
      case 'channel':
        return onChange({ kind: 'channel', channelId: channels.data?.[0]?.id ?? 0 });
      case 'close':
        return onChange({ kind: 'close' });
      case 'end':
        return onChange({ kind: 'end' });
    }
  };

  const kindData = [
    ...(nullable ? [{ value: NONE, label: noneLabel ?? t('chatFlow.route.none') }] : []),
    ...KINDS.map((kind) => ({ value: kind, label: t(`chatFlow.route.kinds.${kind}`) })),
  ];
  const queueData = (queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }));
  const targetProps = (field: string) => ({
    error: errors[field],
    'aria-label': `${label}: ${t(`chatFlow.route.kinds.${value?.kind ?? 'end'}`)}`,
  });

  return (
    <Group gap="xs" align="flex-start" grow data-testid={testId}>
      <Select
        label={label}
        data={kindData}
        value={value?.kind ?? NONE}
        onChange={setKind}
        allowDeselect={false}
        error={errors['kind'] ?? errors['']}
        data-testid={`${testId}-kind`}
      />
      {value?.kind === 'step' && (
        <Select
          label={t('chatFlow.route.kinds.step')}
          data={steps.map((s) => ({ value: s.id, label: s.name || s.id }))}
          value={value.stepId || null}
          onChange={(stepId) => stepId && onChange({ kind: 'step', stepId })}
          allowDeselect={false}
          searchable
          data-testid={`${testId}-step`}
          {...targetProps('stepId')}
        />
      )}
      {value?.kind === 'queue' && (
        <Select
          label={t('chatFlow.route.kinds.queue')}
          data={queueData}
          value={value.queueId ? String(value.queueId) : null}
          onChange={(id) => id && onChange({ kind: 'queue', queueId: Number(id) })}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('common.noRecords')}
          data-testid={`${testId}-queue`}
          {...targetProps('queueId')}
        />
      )}
      {value?.kind === 'user' && (
        <>
          <Select
            label={t('chatFlow.route.kinds.user')}
            data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={value.userId ? String(value.userId) : null}
            onChange={(id) => id && onChange({ ...value, userId: Number(id) })}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t('common.noRecords')}
            data-testid={`${testId}-user`}
            {...targetProps('userId')}
          />
          <Select
            label={t('chatFlow.route.userQueue')}
            data={queueData}
            value={value.queueId ? String(value.queueId) : null}
            onChange={(id) => onChange({ ...value, queueId: id ? Number(id) : null })}
            clearable
            data-testid={`${testId}-user-queue`}
            error={errors['queueId']}
          />
        </>
      )}
      {value?.kind === 'channel' && (
        <Select
          label={t('chatFlow.route.kinds.channel')}
          data={(channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={value.channelId ? String(value.channelId) : null}
          onChange={(id) => id && onChange({ kind: 'channel', channelId: Number(id) })}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('common.noRecords')}
          data-testid={`${testId}-channel`}
          {...targetProps('channelId')}
        />
      )}
    </Group>
  );
}

/** A short text of where a route leads (node summaries, test panel). */
export function useRouteLabel() {
  const { t } = useTranslation();
  const queues = useQueues();
  const users = useAllUsers();
  const channels = useChannels();
  return (route: FlowRoute | null, steps: FlowStep[]): string => {
    if (!route) return t('chatFlow.route.none');
    switch (route.kind) {
      case 'step':
        return t('chatFlow.route.toStep', { name: steps.find((s) => s.id === route.stepId)?.name ?? route.stepId });
      case 'queue':
        return t('chatFlow.route.toQueue', { name: queues.data?.find((q) => q.id === route.queueId)?.name ?? `#${route.queueId}` });
      case 'user':
        return t('chatFlow.route.toUser', { name: users.data?.find((u) => u.id === route.userId)?.name ?? `#${route.userId}` });
      case 'channel':
        return t('chatFlow.route.toChannel', { name: channels.data?.find((c) => c.id === route.channelId)?.name ?? `#${route.channelId}` });
      case 'close':
        return t('chatFlow.route.kinds.close');
      case 'end':
        return t('chatFlow.route.kinds.end');
    }
  };
}
