import type { TeamMember } from '@conversa/shared';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTenantUsers } from '../api';

/** The member picker: the tenant's users, searchable; the team's current members stay listed while the users load. */
export function TeamMembersPicker({
  value,
  onChange,
  current = [],
}: {
  value: number[];
  onChange: (userIds: number[]) => void;
  current?: TeamMember[];
}) {
  const { t } = useTranslation();
  const users = useTenantUsers();
  const known = new Map<number, string>(current.map((member) => [member.id, member.name]));
  for (const user of users.data ?? []) known.set(user.id, user.name);
  const data = [...known].map(([id, name]) => ({ value: String(id), label: name })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  return (
    <MultiSelect
      label={t('teams.members')}
      placeholder={value.length ? undefined : t('teams.membersPlaceholder')}
      data={data}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      clearable
      nothingFoundMessage={users.isLoading ? t('common.loading') : t('teams.noUsers')}
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
      data-testid="team-members"
    />
  );
}
