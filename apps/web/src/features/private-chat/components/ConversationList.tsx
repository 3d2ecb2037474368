import type { PrivateChatTeam, PrivateChatUser, PrivateMessage } from '@conversa/shared';
import { Avatar, Badge, Box, Group, Indicator, Loader, ScrollArea, Stack, Tabs, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/QueryError';
import { formatShortMoment } from '../../../lib/format';
import { useChatTeams, useChatUsers, type Conversation } from '../api';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

function preview(message: PrivateMessage | null, t: (key: string) => string): string {
  if (!message) return '';
  return message.body || (message.media ? `📎 ${message.media.name}` : '') || t('privateChat.file');
}

function Row(props: {
  testId: string;
  name: string;
  online?: boolean;
  last: PrivateMessage | null;
  unread: number;
  selected: boolean;
  onClick: () => void;
  caption?: string;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={props.onClick}
      data-testid={props.testId}
      aria-current={props.selected ? 'true' : undefined}
      p="xs"
      style={(theme) => ({ borderRadius: theme.radius.sm, background: props.selected ? 'var(--mantine-color-default-hover)' : undefined })}
    >
      <Group wrap="nowrap" gap="sm">
        {props.online === undefined ? (
          <Avatar radius="xl" color="indigo">
            <IconUsersGroup size={18} />
          </Avatar>
        ) : (
          <Indicator color={props.online ? 'teal' : 'gray'} position="bottom-end" offset={6} size={10} withBorder>
            <Avatar radius="xl" color="blue" aria-label={props.online ? t('privateChat.online') : t('privateChat.offline')}>
              {initials(props.name)}
            </Avatar>
          </Indicator>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Text size="sm" fw={props.unread ? 700 : 500} truncate>
              {props.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatShortMoment(props.last?.createdAt)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Text size="xs" c="dimmed" truncate>
              {props.last ? preview(props.last, t) : (props.caption ?? '')}
            </Text>
            {props.unread > 0 && (
              <Badge size="sm" circle={props.unread < 10} color="teal" data-testid={`${props.testId}-unread`}>
                {props.unread}
              </Badge>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

/** The two tabs of /chat-privado (Usuários, Equipes), with a search over names. */
export function ConversationList({
  selected,
  onSelect,
}: {
  selected: Conversation | null;
  onSelect: (conversation: Conversation, name: string) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>(selected?.type === 'team' ? 'teams' : 'users');
  const [search, setSearch] = useState('');
  const users = useChatUsers();
  const teams = useChatTeams();
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  const matches = (name: string) => !needle || name.toLocaleLowerCase('pt-BR').includes(needle);
  const sortByRecent = <T extends { name: string; lastMessage: PrivateMessage | null }>(rows: T[]) =>
    [...rows].sort((a, b) => (b.lastMessage?.id ?? 0) - (a.lastMessage?.id ?? 0) || a.name.localeCompare(b.name, 'pt-BR'));
  const unreadUsers = users.data?.reduce((sum, u) => sum + u.unreadCount, 0) ?? 0;
  const unreadTeams = teams.data?.reduce((sum, team) => sum + team.unreadCount, 0) ?? 0;

  const shownUsers = sortByRecent((users.data ?? []).filter((u) => matches(u.name)));
  const shownTeams = sortByRecent((teams.data ?? []).filter((team) => matches(team.name)));
  /** Why a loaded tab shows no row: nothing there at all, or nothing that matches the search. */
  const emptyText = (rows: unknown[] | undefined, shown: unknown[], none: string) => {
    if (!rows || shown.length > 0) return null;
    return (
      <Text size="sm" c="dimmed" ta="center" py="md" data-testid="private-empty">
        {rows.length === 0 ? none : t('privateChat.noResults')}
      </Text>
    );
  };

  const userRows = (rows: PrivateChatUser[]) =>
    rows.map((user) => (
      <Row
        key={user.id}
        testId={`private-user-${user.id}`}
        name={user.name}
        online={user.isOnline}
        last={user.lastMessage}
        unread={user.unreadCount}
        caption={user.isOnline ? t('privateChat.online') : t('privateChat.offline')}
        selected={selected?.type === 'user' && selected.id === user.id}
        onClick={() => onSelect({ type: 'user', id: user.id }, user.name)}
      />
    ));
  const teamRows = (rows: PrivateChatTeam[]) =>
    rows.map((team) => (
      <Row
        key={team.id}
        testId={`private-team-${team.id}`}
        name={team.name}
        last={team.lastMessage}
        unread={team.unreadCount}
        caption={t('privateChat.memberCount', { count: team.memberCount })}
        selected={selected?.type === 'team' && selected.id === team.id}
        onClick={() => onSelect({ type: 'team', id: team.id }, team.name)}
      />
    ));

  return (
    <Stack gap="xs" h="100%" data-testid="private-chat-list">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('privateChat.search')}
        aria-label={t('privateChat.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Tabs value={tab} onChange={setTab} style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <Tabs.List grow>
          <Tabs.Tab
            value="users"
            leftSection={<IconUser size={14} />}
            data-testid="private-tab-users"
            rightSection={
              unreadUsers ? (
                <Badge size="xs" color="teal">
                  {unreadUsers}
                </Badge>
              ) : null
            }
          >
            {t('privateChat.users')}
          </Tabs.Tab>
          <Tabs.Tab
            value="teams"
            leftSection={<IconUsersGroup size={14} />}
            data-testid="private-tab-teams"
            rightSection={
              unreadTeams ? (
                <Badge size="xs" color="teal">
                  {unreadTeams}
                </Badge>
              ) : null
            }
          >
            {t('privateChat.teams')}
          </Tabs.Tab>
        </Tabs.List>
        <ScrollArea style={{ flex: 1 }} mt="xs">
          <Tabs.Panel value="users">
            {users.isError && <QueryError error={users.error} onRetry={() => void users.refetch()} />}
            {users.isLoading && <Loader size="sm" />}
            <Stack gap={2}>{userRows(shownUsers)}</Stack>
            {emptyText(users.data, shownUsers, t('privateChat.noUsers'))}
          </Tabs.Panel>
          <Tabs.Panel value="teams">
            {teams.isError && <QueryError error={teams.error} onRetry={() => void teams.refetch()} />}
            {teams.isLoading && <Loader size="sm" />}
            <Stack gap={2}>{teamRows(shownTeams)}</Stack>
            {emptyText(teams.data, shownTeams, t('privateChat.noTeams'))}
          </Tabs.Panel>
        </ScrollArea>
      </Tabs>
    </Stack>
  );
}
