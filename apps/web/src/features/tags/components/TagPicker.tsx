import type { TagRef } from '@conversa/shared';
import { ColorSwatch, Group, MultiSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTags } from '../api';

interface TagPickerProps {
  /** The tags it carries now (an inactive one among them may stay, but cannot be chosen again). */
  value: TagRef[];
  onChange: (tagIds: number[]) => void;
  label?: string;
  disabled?: boolean;
  /** false inside a popover: the options stay inside it (a click on them is not a click outside). */
  withinPortal?: boolean;
  testId?: string;
}

/** Chooses a ticket's or a contact's tags among the tenant's active tags. */
export function TagPicker({ value, onChange, label, disabled, withinPortal = true, testId }: TagPickerProps) {
  const { t } = useTranslation();
  const tags = useTags({ activeOnly: true });
  const active = tags.data ?? [];
  const byId = new Map<number, TagRef>([...value, ...active].map((tag) => [tag.id, tag]));
  // The active tags, and the inactive ones it still carries (they can be removed, not added back).
  const data = [...byId.values()]
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
    .map((tag) => ({
      value: String(tag.id),
      label: active.some((a) => a.id === tag.id) ? tag.name : `${tag.name} (${t('tickets.tags.inactive')})`,
    }));
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : t('tickets.tags.choose')}
      data={data}
      value={value.map((tag) => String(tag.id))}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      clearable
      disabled={disabled}
      nothingFoundMessage={tags.isLoading ? t('common.loading') : t('tickets.tags.none')}
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color={byId.get(Number(option.value))?.color ?? '#868e96'} size={12} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      comboboxProps={{ withinPortal }}
      data-testid={testId}
    />
  );
}
