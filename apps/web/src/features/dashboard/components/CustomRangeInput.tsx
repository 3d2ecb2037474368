import '@mantine/dates/styles.css';
import { DatePickerInput, DatesProvider, type DatesRangeValue, type DateStringValue } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useDatesLocale } from '../dates-locale';

interface CustomRangeInputProps {
  value: DatesRangeValue<DateStringValue>;
  onChange: (value: DatesRangeValue<DateStringValue>) => void;
  error?: string;
}

/** The first and last days of a custom range (both included), up to today. */
export function CustomRangeInput({ value, onChange, error }: CustomRangeInputProps) {
  const { t } = useTranslation();
  const locale = useDatesLocale();
  return (
    <DatesProvider settings={{ locale }}>
      <DatePickerInput
        type="range"
        label={t('dashboard.range.custom')}
        placeholder={t('dashboard.range.pick')}
        value={value}
        onChange={onChange}
        valueFormat="DD/MM/YYYY"
        maxDate={new Date()}
        allowSingleDateInRange
        error={error}
        miw={220}
        data-testid="dashboard-custom-range"
      />
    </DatesProvider>
  );
}
