import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeams } from '../api';

/** The users screen's filter: the members of one team (or every user). */
export function TeamFilterSelect({ value, onChange }: { value: number | null; onChange: (teamId: number | null) => void }) {
  const { t } = useTranslation();
  const teams = useTeams();
  return (
    <Select
      label={t('teams.usersFilter')}
      placeholder={t('teams.usersFilterAll')}
      data={(teams.data ?? []).map((team) => ({ value: String(team.id), label: team.name }))}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      clearable
      searchable
      maw={260}
      data-testid="users-team-filter"
    />
  );
}
