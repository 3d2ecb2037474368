import type { Team } from '@conversa/shared';
import { Badge, Button, Loader, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { notifyApiError } from '../../../lib/notify';
import { useDeleteTeam, useSaveTeam, useTeamUsage, useTeams } from '../api';
import { TeamFormModal } from '../components/TeamFormModal';

/** /equipes (supervisors and admins): teams of users, for the internal chat and the users screen's filter. */
export function TeamsPage() {
  const { t } = useTranslation();
  const teams = useTeams();
  const save = useSaveTeam();
  const remove = useDeleteTeam();
  const removal = useConfirmedDelete<Team>(remove, 'team-delete-error');
  const [editing, setEditing] = useState<Team | null | undefined>(undefined);
  // Asked when the dialog opens: the confirmation says what the delete detaches.
  const usage = useTeamUsage(removal.deleting?.id ?? null);

  const toggleActive = (team: Team, isActive: boolean) =>
    save.mutate({ id: team.id, body: { isActive } }, { onError: (error) => notifyApiError(error, 'team-toggle-error') });

  const columns: DataColumn<Team>[] = [
    { key: 'name', header: t('teams.name'), primary: true, render: (team) => team.name },
    {
      key: 'members',
      header: t('teams.members'),
      render: (team) => (
        <Text size="sm" lineClamp={2} data-testid={`team-members-${team.id}`}>
          {team.users.length ? team.users.map((u) => u.name).join(', ') : t('teams.noMembers')}
        </Text>
      ),
    },
    {
      key: 'active',
      header: t('teams.active'),
      render: (team) => (
        <Switch
          checked={team.isActive}
          onChange={(event) => toggleActive(team, event.currentTarget.checked)}
          aria-label={t('teams.activeOf', { name: team.name })}
          data-testid={`team-active-${team.id}`}
        />
      ),
    },
  ];

  const usageText = usage.data
    ? usage.data.users + usage.data.messages > 0
      ? t('teams.deleteUsage', {
          users: t('teams.userCount', { count: usage.data.users }),
          messages: t('teams.messageCount', { count: usage.data.messages }),
        })
      : t('teams.deleteUnused')
    : null;

  return (
    <Stack data-testid="teams-page">
      <ListPageHeader
        title={t('teams.title')}
        description={t('teams.help')}
        newLabel={t('teams.new')}
        onNew={() => setEditing(null)}
        newTestId="teams-new"
        query={teams}
      />
      <DataTable
        testId="teams-table"
        rows={teams.data}
        rowKey={(team) => team.id}
        rowTestId={(team) => `team-${team.id}`}
        columns={columns}
        actions={(team) => (
          <>
            {!team.isActive && (
              <Badge color="gray" variant="light">
                {t('teams.inactive')}
              </Badge>
            )}
            <Button size="xs" variant="light" onClick={() => setEditing(team)} data-testid={`team-edit-${team.id}`}>
              {t('common.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => removal.ask(team)} data-testid={`team-delete-${team.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <TeamFormModal team={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('teams.deleteTitle')}
        message={t('teams.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending || usage.isLoading}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      >
        {usage.isLoading ? (
          <Loader size="xs" />
        ) : (
          usageText && (
            <Text size="sm" data-testid="team-delete-usage">
              {usageText}
            </Text>
          )
        )}
      </ConfirmModal>
    </Stack>
  );
}
