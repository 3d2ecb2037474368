import type { User } from '@conversa/shared';
import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { QueryError } from '../../../components/QueryError';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/constants';
import { useSession } from '../../../lib/useSession';
import { useDeleteUser, useUsers } from '../api';
import { UserFormModal } from '../components/UserFormModal';
import { TeamFilterSelect } from '../../teams/components/TeamFilterSelect';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageControls } from '../../../components/PageControls';
import { LimitedAddButton } from '../../tenants/components/LimitedAddButton';

/** /usuarios: the tenant's users (admin). */
export function UsersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [teamId, setTeamId] = useState<number | null>(null);
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const users = useUsers(debouncedSearch, page, teamId);
  const remove = useDeleteUser();

  const removal = useConfirmedDelete<User>(remove, 'user-delete-error', () => {
    if (users.data?.users.length === 1 && page > 1) setPage(page - 1);
  });

  const columns: DataColumn<User>[] = [
    {
      key: 'name',
      header: t('users.name'),
      render: (user) => (
        <>
          {user.name}
          {user.id === session?.userId && (
            <Text span c="dimmed" size="sm">
              {' '}
              ({t('users.you')})
            </Text>
          )}
        </>
      ),
    },
    { key: 'email', header: t('users.email'), render: (user) => user.email },
    { key: 'profile', header: t('users.profile'), render: (user) => t(`profiles.${user.profile}`) },
    {
      key: 'status',
      header: t('users.status'),
      render: (user) => (
        <Badge color={user.isOnline ? 'teal' : 'gray'} variant="light">
          {user.isOnline ? t('users.online') : t('users.offline')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('users.title')}</Title>
        <LimitedAddButton resource="users" label={t('users.new')} onClick={() => setEditing(null)} testId="users-new" />
      </Group>

      <Group align="flex-end">
        <TextInput
          label={t('users.searchLabel')}
          placeholder={t('users.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={360}
          data-testid="users-search"
        />
        <TeamFilterSelect
          value={teamId}
          onChange={(next) => {
            setTeamId(next);
            setPage(1);
          }}
        />
      </Group>

      {users.isError && <QueryError error={users.error} onRetry={() => void users.refetch()} />}

      <DataTable
        testId="users-table"
        rows={users.data?.users}
        rowKey={(user) => user.id}
        rowTestId={(user) => `user-row-${user.id}`}
        columns={columns}
        actions={(user) => (
          <>
            {/* The platform's superadmin is changed by no admin (the server refuses). */}
            <Button
              size="xs"
              variant="light"
              disabled={user.profile === 'superadmin' && session?.profile !== 'superadmin'}
              onClick={() => setEditing(user)}
              data-testid={`user-edit-${user.id}`}
            >
              {t('common.edit')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={user.id === session?.userId || (user.profile === 'superadmin' && session?.profile !== 'superadmin')}
              onClick={() => removal.ask(user)}
              data-testid={`user-delete-${user.id}`}
            >
              {t('common.delete')}
            </Button>
          </>
        )}
      />

      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="users-count">
          {t('users.count', { count: users.data?.count ?? 0 })}
        </Text>
        <PageControls page={page} hasMore={Boolean(users.data?.hasMore)} onChange={setPage} testId="users" />
      </Group>

      {editing !== undefined && <UserFormModal user={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('users.deleteTitle')}
        message={t('users.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </Stack>
  );
}
