import {
  BRAZIL_STATES,
  REPORT_FILTERS,
  REPORT_REQUIRED,
  TICKET_REPORT_STATUSES,
  type ReportFilterField,
  type ReportName,
} from '@conversa/shared';
import { MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChannels } from '../../channels/api';
import { useDemands } from '../../demands/api';
import { useLanes } from '../../lanes/api';
import { useQueues } from '../../queues/api';
import { useTags } from '../../tags/api';
import { useAllUsers } from '../../users/api';
import { WITHOUT_QUEUE, type ReportForm } from '../report-form';

type ListField = Exclude<ReportFilterField, 'dateRange'>;
type Option = { value: string; label: string };

/**
 * The options of each list filter, from the lists the app already has (loaded only when the report
 * takes the filter): the form's choices, and the names its printout gives the chosen ones.
 */
export function useReportFilterOptions(report: ReportName): Record<ListField, Option[]> {
  const { t } = useTranslation();
  const takes = (field: ReportFilterField) => REPORT_FILTERS[report].includes(field);
  const queues = useQueues(takes('queueIds'));
  const channels = useChannels(takes('channelIds'));
  const users = useAllUsers(takes('userIds') || takes('walletUserIds'));
  const tags = useTags({ enabled: takes('tagIds') });
  const lanes = useLanes(takes('laneIds'));
  const demands = useDemands(takes('demandIds'));
  const named = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((item) => ({ value: String(item.id), label: item.name }));
  const userOptions = named(users.data);
  return {
    // "Sem fila" first: the tickets without queue, alone or with queues (SPEC §5 still wants a choice).
    queueIds: [{ value: WITHOUT_QUEUE, label: t('reports.withoutQueue') }, ...named(queues.data)],
    channelIds: named(channels.data),
    userIds: userOptions,
    walletUserIds: userOptions,
    tagIds: named(tags.data),
    laneIds: named(lanes.data),
    demandIds: named(demands.data),
    statuses: TICKET_REPORT_STATUSES.map((status) => ({ value: status, label: t(`reports.statuses.${status}`) })),
    states: BRAZIL_STATES.map((state) => ({ value: state, label: state })),
  };
}

/** The filter form of a report, field by field as REPORT_FILTERS lists them; required ones are marked. */
export function ReportFilterFields({
  report,
  form,
  onChange,
  invalid,
}: {
  report: ReportName;
  form: ReportForm;
  onChange: (form: ReportForm) => void;
  invalid: ReportFilterField | null;
}) {
  const { t } = useTranslation();
  const options = useReportFilterOptions(report);
  const required = (field: ReportFilterField) => REPORT_REQUIRED[report].includes(field);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="report-filters">
      {REPORT_FILTERS[report].map((field) =>
        field === 'dateRange' ? (
          <SimpleGrid key={field} cols={2} spacing="xs">
            <TextInput
              type="date"
              label={t('reports.filters.from')}
              withAsterisk={required(field)}
              value={form.from}
              error={invalid === field}
              onChange={(event) => onChange({ ...form, from: event.currentTarget.value })}
              data-testid="report-filter-from"
            />
            <TextInput
              type="date"
              label={t('reports.filters.to')}
              withAsterisk={required(field)}
              value={form.to}
              error={invalid === field}
              onChange={(event) => onChange({ ...form, to: event.currentTarget.value })}
              data-testid="report-filter-to"
            />
          </SimpleGrid>
        ) : (
          <MultiSelect
            key={field}
            label={t(`reports.filters.${field}`)}
            withAsterisk={required(field)}
            data={options[field]}
            value={form.lists[field] ?? []}
            error={invalid === field}
            searchable
            clearable
            onChange={(values) => onChange({ ...form, lists: { ...form.lists, [field]: values } })}
            data-testid={`report-filter-${field}`}
          />
        ),
      )}
    </SimpleGrid>
  );
}
