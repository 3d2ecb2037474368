import { Group, MultiSelect, Paper, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import type { DatesRangeValue, DateStringValue } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../components/on-demand';
import { RANGE_PRESETS, type RangePreset } from '../range';

/** The date picker (@mantine/dates, dayjs): downloaded when "custom" is first chosen. */
const CustomRangeInput = lazyComponent(async () => (await import('./CustomRangeInput')).CustomRangeInput);

export interface Option {
  value: string;
  label: string;
}

export interface DashboardFilterState {
  preset: RangePreset;
  custom: DatesRangeValue<DateStringValue>;
  queueIds: string[];
  channelIds: string[];
  userIds: string[];
}

interface DashboardFiltersProps {
  value: DashboardFilterState;
  onChange: (next: Partial<DashboardFilterState>) => void;
  queues: Option[];
  channels: Option[];
  /** Null: no user filter (an agent sees their own figures). */
  users: Option[] | null;
  customError?: string;
}

/** The range (today, 7 days, 30 days, custom days) and the queue, channel and user filters. */
export function DashboardFilters({ value, onChange, queues, channels, users, customError }: DashboardFiltersProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            data={RANGE_PRESETS.map((preset) => ({ value: preset, label: t(`dashboard.range.${preset}`) }))}
            value={value.preset}
            onChange={(preset) => onChange({ preset })}
            aria-label={t('dashboard.range.label')}
            data-testid="dashboard-range"
            style={{ maxWidth: '100%' }}
          />
          {value.preset === 'custom' && (
            <CustomRangeInput value={value.custom} onChange={(custom) => onChange({ custom })} error={customError} />
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: users ? 3 : 2 }}>
          <MultiSelect
            label={t('dashboard.queues')}
            placeholder={value.queueIds.length ? undefined : t('dashboard.allQueues')}
            data={queues}
            value={value.queueIds}
            onChange={(queueIds) => onChange({ queueIds })}
            searchable
            clearable
            data-testid="dashboard-filter-queues"
          />
          <MultiSelect
            label={t('dashboard.channels')}
            placeholder={value.channelIds.length ? undefined : t('dashboard.allChannels')}
            data={channels}
            value={value.channelIds}
            onChange={(channelIds) => onChange({ channelIds })}
            searchable
            clearable
            data-testid="dashboard-filter-channels"
          />
          {users && (
            <MultiSelect
              label={t('dashboard.users')}
              placeholder={value.userIds.length ? undefined : t('dashboard.allUsers')}
              data={users}
              value={value.userIds}
              onChange={(userIds) => onChange({ userIds })}
              searchable
              clearable
              data-testid="dashboard-filter-users"
            />
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
