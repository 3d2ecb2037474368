import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/constants';
import { useContacts } from '../../contacts/api';

export interface PickedContact {
  id: number;
  name: string;
  number: string | null;
}

interface ContactPickerProps {
  label: string;
  value: PickedContact | null;
  onChange: (contact: PickedContact | null) => void;
  /** Letters needed before searching (SPEC §5: forward needs 2). */
  minSearchLength?: number;
  error?: string;
  testId?: string;
}

/** A searchable select over the tenant's contacts (server-side search). */
export function ContactPicker({ label, value, onChange, minSearchLength = 0, error, testId }: ContactPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const searchable = debounced.length >= minSearchLength && !(value && search === optionLabel(value));
  const contacts = useContacts(searchable ? debounced : '', 1, searchable);

  const options = useMemo(() => {
    const found = searchable ? (contacts.data?.contacts ?? []).map((c) => ({ id: c.id, name: c.name, number: c.number })) : [];
    const all = value && !found.some((c) => c.id === value.id) ? [value, ...found] : found;
    return all;
  }, [contacts.data, value, searchable]);

  const tooShort = search.trim().length < minSearchLength;
  return (
    <Select
      label={label}
      searchable
      clearable
      required
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((c) => ({ value: String(c.id), label: optionLabel(c) }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(options.find((c) => String(c.id) === id) ?? null)}
      filter={({ options: items }) => items}
      nothingFoundMessage={tooShort ? t('tickets.forward.minSearch', { min: minSearchLength }) : t('common.noRecords')}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

function optionLabel(contact: PickedContact): string {
  return contact.number ? `${contact.name} (${contact.number})` : contact.name;
}
