import { ActionIcon, Badge, Box, Group, Indicator, Loader, Popover, Stack, Tabs, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { IconAddressBook, IconCalendarTime, IconFilter, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { lazyComponent } from '../../../components/on-demand';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/constants';
import { loadAllTexts } from '../../../lib/i18n';
import { useSession } from '../../../lib/useSession';
import { useLanes } from '../../lanes/api';
import { useQueues } from '../../queues/api';
import { TICKET_TABS, useTicketList, type TicketListFilters, type TicketTab } from '../api';
import { useTicketTab } from '../ticket-tab';
import type { StoredFilters } from './TicketFilterFields';
import { TicketVirtualList } from './TicketVirtualList';

// Shown on demand (the filter button, the new-ticket button): loaded then, not with the inbox.
const TicketFilterFields = lazyComponent(async () => (await import('./TicketFilterFields')).TicketFilterFields, <Loader size="sm" />);
// The new-ticket dialog also shows texts beyond the inbox's (channels).
const NewTicketModal = lazyComponent(async () => {
  const [{ NewTicketModal: Modal }] = await Promise.all([import('./NewTicketModal'), loadAllTexts()]);
  return Modal;
});

const DEFAULT_FILTERS: StoredFilters = { queuesIds: [], showAll: null, withUnreadMessages: false, tagFiltro: [], kanbanFiltro: [] };

function TabCount({ filters, enabled }: { filters: TicketListFilters; enabled: boolean }) {
  const query = useTicketList(filters, enabled);
  const count = query.data?.pages[0]?.count;
  if (!count) return null;
  return (
    <Badge
      size="xs"
      variant="light"
      ml={4}
      style={{ flexShrink: 0, overflow: 'visible' }}
      data-testid={`tab-count-${filters.status}`}
      data-count={count}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/** The left column of /atendimento: search, filters, the open / pending / closed / scheduled tabs and their lists. */
export function TicketListPanel({ selectedId }: { selectedId: number | null }) {
  const { t } = useTranslation();
  const session = useSession();
  const canShowAll = session?.profile === 'admin' || session?.profile === 'super' || session?.profile === 'superadmin';
  const [currentTab, setTab] = useTicketTab();
  // A new key: the former one holds the old default (showAll false) written for every user.
  const [saved, setStored] = useLocalStorage<StoredFilters>({
    key: `ticketListFilters:${session?.userId ?? 0}`,
    defaultValue: DEFAULT_FILTERS,
    getInitialValueInEffect: false,
  });
  const [search, setSearch] = useState('');
  const [searchParam] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const queues = useQueues();
  // A queue or lane deleted since it was chosen filters nothing out (it would empty every tab).
  const lanes = useLanes((saved.kanbanFiltro?.length ?? 0) > 0);
  const stored = useMemo(
    () => ({
      ...saved,
      queuesIds: queues.data ? saved.queuesIds.filter((id) => queues.data.some((queue) => queue.id === id)) : saved.queuesIds,
      kanbanFiltro: lanes.data ? (saved.kanbanFiltro ?? []).filter((id) => lanes.data.some((lane) => lane.id === id)) : saved.kanbanFiltro,
    }),
    [saved, queues.data, lanes.data],
  );

  const showAll = canShowAll && (stored.showAll ?? true);
  const filtersFor = useMemo(
    () =>
      (status: TicketTab): TicketListFilters => ({
        status,
        searchParam,
        showAll,
        queuesIds: [...stored.queuesIds].sort((a, b) => a - b),
        withUnreadMessages: stored.withUnreadMessages,
        tagIds: [...(stored.tagFiltro ?? [])].sort((a, b) => a - b),
        laneIds: [...(stored.kanbanFiltro ?? [])].sort((a, b) => a - b),
      }),
    [searchParam, showAll, stored],
  );
  // Marked when the list shows less than the default.
  const activeFilters =
    stored.queuesIds.length > 0 ||
    (stored.tagFiltro?.length ?? 0) > 0 ||
    (stored.kanbanFiltro?.length ?? 0) > 0 ||
    stored.withUnreadMessages ||
    (canShowAll && !showAll);

  return (
    <Stack gap={0} h="100%" data-testid="ticket-list-panel">
      <Stack gap="xs" p="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>{t('tickets.title')}</Title>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('tickets.contactsMode')}>
              <ActionIcon
                variant="subtle"
                component={Link}
                to={PATHS.atendimentoContacts}
                aria-label={t('tickets.contactsMode')}
                data-testid="tickets-contacts"
              >
                <IconAddressBook size={18} />
              </ActionIcon>
            </Tooltip>
            <Popover position="bottom-end" withinPortal shadow="md" width={300}>
              <Popover.Target>
                <Indicator disabled={!activeFilters} size={8} offset={4}>
                  <ActionIcon variant="subtle" aria-label={t('tickets.filters.title')} data-testid="tickets-filters">
                    <IconFilter size={18} />
                  </ActionIcon>
                </Indicator>
              </Popover.Target>
              <Popover.Dropdown>
                <TicketFilterFields
                  queues={queues.data ?? []}
                  stored={stored}
                  onChange={setStored}
                  canShowAll={canShowAll}
                  showAll={showAll}
                />
              </Popover.Dropdown>
            </Popover>
            <Tooltip label={t('tickets.new')}>
              <ActionIcon variant="filled" onClick={() => setNewTicketOpen(true)} aria-label={t('tickets.new')} data-testid="tickets-new">
                <IconPlus size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <TextInput
          placeholder={t('tickets.searchPlaceholder')}
          aria-label={t('tickets.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          size="sm"
          data-testid="tickets-search"
        />
      </Stack>
      <Tabs
        value={currentTab}
        onChange={(value) => value && setTab(value as TicketTab)}
        keepMounted={false}
        style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        <Tabs.List grow>
          {TICKET_TABS.map((status) => (
            <Tabs.Tab
              key={status}
              value={status}
              data-testid={`tab-${status}`}
              px={6}
              // The scheduled tab is an icon, so that four tabs fit a phone's width.
              {...(status === 'schedule'
                ? { 'aria-label': t('tickets.tabs.schedule'), title: t('tickets.tabs.schedule'), style: { flexGrow: 0 } }
                : {})}
            >
              <Group gap={0} wrap="nowrap">
                {status === 'schedule' ? <IconCalendarTime size={18} aria-hidden /> : t(`tickets.tabs.${status}`)}
                <TabCount filters={filtersFor(status)} enabled={status !== 'closed' || currentTab === 'closed'} />
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Box style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <TicketVirtualList key={currentTab} filters={filtersFor(currentTab)} selectedId={selectedId} queues={queues.data ?? []} />
        </Box>
      </Tabs>
      {newTicketOpen && <NewTicketModal onClose={() => setNewTicketOpen(false)} />}
    </Stack>
  );
}
