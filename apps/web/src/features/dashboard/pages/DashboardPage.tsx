import type { Dashboard } from '@conversa/shared';
import { Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../components/on-demand';
import { QueryError } from '../../../components/QueryError';
import { useSession } from '../../../lib/useSession';
import { useChannels } from '../../channels/api';
import { useQueues } from '../../queues/api';
import { useAllUsers } from '../../users/api';
import { useDashboard, type DashboardRequest } from '../api';
import { DashboardFilters, type DashboardFilterState } from '../components/DashboardFilters';
import { StatCard } from '../components/StatCard';
import { formatCount, formatDuration, formatRating, formatShare } from '../format';
import { customRange, customRangeTooLong, MAX_RANGE_DAYS, presetRange, userTimeZone, type ResolvedRange } from '../range';

/**
 * The charts (@mantine/charts, recharts: most of the screen's code) are a chunk of their own, asked
 * for as soon as this module loads: the cards show while it arrives, in parallel with the figures.
 */
const loadCharts = () => import('../components/DashboardCharts');
const preloadedCharts = loadCharts().catch(() => null);
const DashboardCharts = lazyComponent(
  async () => ((await preloadedCharts) ?? (await loadCharts())).DashboardCharts,
  <Skeleton h={300} radius="md" data-testid="dashboard-charts-loading" />,
);

const INITIAL: DashboardFilterState = { preset: 'today', custom: [null, null], queueIds: [], channelIds: [], userIds: [] };

/** A picker's day ('YYYY-MM-DD') as a local date. */
function localDay(value: string | null): Date | null {
  if (!value) return null;
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year, month - 1, day);
}

function rangeOf(filters: DashboardFilterState): ResolvedRange | null {
  if (filters.preset !== 'custom') return presetRange(filters.preset);
  return customRange(localDay(filters.custom[0]), localDay(filters.custom[1]));
}

const ids = (values: string[]) => values.map(Number);

function Cards({ totals }: { totals: Dashboard['totals'] }) {
  const { t } = useTranslation();
  const started = totals.receptive + totals.active;
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} data-testid="dashboard-cards">
      <StatCard cardKey="tickets" label={t('dashboard.cards.tickets')} value={formatCount(totals.tickets)} />
      <StatCard cardKey="open" label={t('dashboard.cards.open')} value={formatCount(totals.open)} />
      <StatCard cardKey="pending" label={t('dashboard.cards.pending')} value={formatCount(totals.pending)} />
      <StatCard cardKey="closed" label={t('dashboard.cards.closed')} value={formatCount(totals.closed)} />
      <StatCard cardKey="newContacts" label={t('dashboard.cards.newContacts')} value={formatCount(totals.newContacts)} />
      <StatCard
        cardKey="receptive"
        label={t('dashboard.cards.receptive')}
        value={formatCount(totals.receptive)}
        hint={t('dashboard.cards.share', { share: formatShare(totals.receptive, started) })}
      />
      <StatCard
        cardKey="active"
        label={t('dashboard.cards.active')}
        value={formatCount(totals.active)}
        hint={t('dashboard.cards.share', { share: formatShare(totals.active, started) })}
      />
      <StatCard
        cardKey="avgFirstResponse"
        label={t('dashboard.cards.avgFirstResponse')}
        value={formatDuration(totals.avgFirstResponseSeconds)}
      />
      <StatCard cardKey="avgHandling" label={t('dashboard.cards.avgHandling')} value={formatDuration(totals.avgHandlingSeconds)} />
      <StatCard
        cardKey="avgRating"
        label={t('dashboard.cards.avgRating')}
        value={formatRating(totals.avgRating)}
        hint={t('dashboard.cards.ratings', { count: totals.ratings })}
      />
    </SimpleGrid>
  );
}

function LoadingState() {
  return (
    <Stack data-testid="dashboard-loading" aria-busy>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        {Array.from({ length: 10 }, (_, index) => (
          <Skeleton key={index} h={92} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={300} radius="md" />
    </Stack>
  );
}

/**
 * /home (home-dashboard, SPEC §2 "dashboards"): the figures of a range of days, filtered by queues,
 * channels and (admins and supervisors) users; the server keeps each profile to what it may see.
 * Live: ticket events refetch the figures (live.ts), the previous ones staying on screen.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const profile = session?.profile;
  const manager = profile === 'admin' || profile === 'super' || profile === 'superadmin';
  const [filters, setFilters] = useState<DashboardFilterState>(INITIAL);
  const [timeZone] = useState(userTimeZone);

  const queues = useQueues();
  const channels = useChannels();
  const users = useAllUsers(manager);

  const range = rangeOf(filters);
  const request: DashboardRequest | null = range
    ? {
        ...range,
        timeZone,
        queueIds: ids(filters.queueIds),
        channelIds: ids(filters.channelIds),
        userIds: manager ? ids(filters.userIds) : [],
      }
    : null;
  const dashboard = useDashboard(request);

  // An admin picks among every queue; others among their own (the server answers only for those).
  const ownQueues = new Set((session?.queues ?? []).map((queue) => queue.id));
  const queueOptions = (queues.data ?? [])
    .filter((queue) => profile === 'admin' || ownQueues.has(queue.id))
    .map((queue) => ({ value: String(queue.id), label: queue.name }));
  const channelOptions = (channels.data ?? []).map((channel) => ({ value: String(channel.id), label: channel.name }));
  const userOptions = manager ? (users.data ?? []).map((user) => ({ value: String(user.id), label: user.name })) : null;

  const tooLong = filters.preset === 'custom' && customRangeTooLong(localDay(filters.custom[0]), localDay(filters.custom[1]));
  const data = dashboard.data;

  return (
    <Stack data-testid="home-page">
      <Group justify="space-between" align="center" wrap="nowrap">
        <div>
          <Title order={2}>{t('dashboard.title')}</Title>
          <Text size="sm" c="dimmed">
            {manager ? t('dashboard.subtitle') : t('dashboard.subtitleOwn')}
          </Text>
        </div>
        {dashboard.isFetching && data && <Loader size="sm" aria-label={t('dashboard.updating')} data-testid="dashboard-refreshing" />}
      </Group>
      <DashboardFilters
        value={filters}
        onChange={(next) => setFilters((current) => ({ ...current, ...next }))}
        queues={queueOptions}
        channels={channelOptions}
        users={userOptions}
        customError={tooLong ? t('dashboard.range.tooLong', { days: MAX_RANGE_DAYS }) : undefined}
      />
      {!request && !tooLong && (
        <Paper withBorder p="md">
          <Text c="dimmed" size="sm" data-testid="dashboard-pick-range">
            {t('dashboard.range.pickHint')}
          </Text>
        </Paper>
      )}
      {dashboard.isError && <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />}
      {request && dashboard.isPending && !dashboard.isError && <LoadingState />}
      {request && data && (
        <Stack data-testid="dashboard-figures" style={{ opacity: dashboard.isPlaceholderData ? 0.7 : 1, transition: 'opacity 150ms' }}>
          <Cards totals={data.totals} />
          <DashboardCharts data={data} />
        </Stack>
      )}
    </Stack>
  );
}
