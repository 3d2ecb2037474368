import type { Queue } from '@conversa/shared';
import { MultiSelect, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanes } from '../../lanes/api';
import { useTags } from '../../tags/api';

export interface StoredFilters {
  queuesIds: number[];
  /** Null until the user chooses: admins and supervisors then see every queue (SPEC §6 show-all). */
  showAll: boolean | null;
  withUnreadMessages: boolean;
  /** The tagFiltro preference (SPEC §3): tickets carrying any of these tags; absent in filters stored before it. */
  tagFiltro?: number[];
  /** The kanbanFiltro preference (SPEC §3): tickets in any of these kanban lanes; absent in filters stored before it. */
  kanbanFiltro?: number[];
}

interface TicketFilterFieldsProps {
  queues: Queue[];
  stored: StoredFilters;
  onChange: (next: StoredFilters) => void;
  canShowAll: boolean;
  showAll: boolean;
}

/**
 * The ticket list's filters (the filter button's dropdown in TicketListPanel). A module of its own:
 * loaded when the dropdown first opens, so that the inbox's first download has no MultiSelect.
 */
export function TicketFilterFields({ queues, stored, onChange, canShowAll, showAll }: TicketFilterFieldsProps) {
  const { t } = useTranslation();
  const tags = useTags({ activeOnly: true });
  const lanes = useLanes();
  return (
    <Stack gap="sm">
      <MultiSelect
        label={t('tickets.filters.queues')}
        placeholder={t('tickets.filters.allQueues')}
        data={queues.map((q) => ({ value: String(q.id), label: q.name }))}
        value={stored.queuesIds.map(String)}
        onChange={(values) => onChange({ ...stored, queuesIds: values.map(Number) })}
        clearable
        comboboxProps={{ withinPortal: false }}
        data-testid="tickets-filter-queues"
      />
      <MultiSelect
        label={t('tickets.filters.tags')}
        placeholder={t('tickets.filters.allTags')}
        data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
        value={(stored.tagFiltro ?? []).map(String)}
        onChange={(values) => onChange({ ...stored, tagFiltro: values.map(Number) })}
        clearable
        searchable
        comboboxProps={{ withinPortal: false }}
        data-testid="tickets-filter-tags"
      />
      {(lanes.data?.length ?? 0) > 0 && (
        <MultiSelect
          label={t('tickets.filters.lanes')}
          placeholder={t('tickets.filters.allLanes')}
          data={(lanes.data ?? []).map((lane) => ({ value: String(lane.id), label: lane.name }))}
          value={(stored.kanbanFiltro ?? []).map(String)}
          onChange={(values) => onChange({ ...stored, kanbanFiltro: values.map(Number) })}
          clearable
          searchable
          comboboxProps={{ withinPortal: false }}
          data-testid="tickets-filter-lanes"
        />
      )}
      {canShowAll && (
        <Switch
          label={t('tickets.filters.showAll')}
          checked={showAll}
          onChange={(event) => onChange({ ...stored, showAll: event.currentTarget.checked })}
          data-testid="tickets-filter-show-all"
        />
      )}
      <Switch
        label={t('tickets.filters.unreadOnly')}
        checked={stored.withUnreadMessages}
        onChange={(event) => onChange({ ...stored, withUnreadMessages: event.currentTarget.checked })}
        data-testid="tickets-filter-unread"
      />
    </Stack>
  );
}
