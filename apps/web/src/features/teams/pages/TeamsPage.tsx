import type { Team } from '@conversa/shared';
import { Badge, Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useDeleteTeam, useSaveTeam, useTeamUsage, useTeams } from '../api';
import { TeamFormModal } from '../components/TeamFormModal';

/** /equipes (supervisors and admins): teams of users, for the internal chat and the users screen's filter. */
export function TeamsPage() {
  const { t } = useTranslation();
  const teams = useTeams();
  const save = useSaveTeam();
  const remove = useDeleteTeam();
  const [editing, setEditing] = useState<Team | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Team | null>(null);
  // Asked when the dialog opens: the confirmation says what the delete detaches.
  const usage = useTeamUsage(deleting?.id ?? null);

  const toggleActive = (team: Team, isActive: boolean) =>
    save.mutate({ id: team.id, body: { isActive } }, { onError: (error) => notifyApiError(error, 'team-toggle-error') });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyApiError(error, 'team-delete-error'),
    });
  };

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
      <Group justify="space-between">
        <Title order={2}>{t('teams.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="teams-new">
          {t('teams.new')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('teams.help')}
      </Text>
      {teams.isError && <QueryError error={teams.error} onRetry={() => void teams.refetch()} />}
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
            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(team)} data-testid={`team-delete-${team.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <TeamFormModal team={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('teams.deleteTitle')}
        message={t('teams.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending || usage.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
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
