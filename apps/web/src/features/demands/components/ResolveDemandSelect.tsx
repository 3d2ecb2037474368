import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../settings/api';
import { useDemands } from '../api';

/** Whether the tenant requires a reason when a ticket is resolved (the setting demandRequiredOnClose). */
export function useDemandRequired(enabled = true): boolean {
  const settings = useSettings();
  return enabled && settings.data?.find((s) => s.key === 'demandRequiredOnClose')?.value === 'enabled';
}

interface ResolveDemandSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** Shown as an error (the confirmation was tried without a required reason). */
  error?: string | null;
  testId?: string;
}

/** The reason picked in a resolve dialog (the chat's and the ticket panel's); hidden while the tenant has none. */
export function ResolveDemandSelect({ value, onChange, error, testId = 'resolve-demand' }: ResolveDemandSelectProps) {
  const { t } = useTranslation();
  const demands = useDemands();
  const required = useDemandRequired();
  if (!demands.data?.length && !required) return null;
  return (
    <Select
      label={t('ticketReasons.label')}
      placeholder={t('ticketReasons.placeholder')}
      description={required ? t('ticketReasons.requiredHint') : undefined}
      required={required}
      data={(demands.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
      value={value}
      onChange={onChange}
      clearable={!required}
      searchable
      error={error}
      nothingFoundMessage={t('ticketReasons.none')}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
