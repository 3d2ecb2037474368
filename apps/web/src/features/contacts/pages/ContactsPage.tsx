import { formatBirthday } from '@conversa/shared';
import { Badge, Button, Checkbox, Group, Menu, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconMessagePlus, IconPlus, IconSearch, IconUpload, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { QueryError } from '../../../components/QueryError';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/constants';
import { saveFile } from '../../../lib/http';
import { notifyApiError } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import type { PickedContact } from '../../tickets/components/ContactPicker';
import { NewTicketModal } from '../../tickets/components/NewTicketModal';
import { useTags } from '../../tags/api';
import { TagChips } from '../../tags/components/TagChips';
import { exportContacts, useContacts, useDeleteContact, type ContactDetails } from '../api';
import { ContactFormModal } from '../components/ContactFormModal';
import { ContactImportModal } from '../components/ContactImportModal';
import { AssignWalletsModal, type WalletTarget } from '../components/AssignWalletsModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageControls } from '../../../components/PageControls';

/**
 * /contatos: search, pagination, create/edit, delete, import, export and a new ticket per contact;
 * supervisors and admins also pick contacts (or all that match the filter) to put in wallets.
 */
export function ContactsPage() {
  const { t } = useTranslation();
  const session = useSession();
  // The server lets supervisors and admins delete, import and export.
  const manager = session?.profile === 'super' || session?.profile === 'admin' || session?.profile === 'superadmin';
  const [search, setSearch] = useState('');
  const [searchParam] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ContactDetails | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [starting, setStarting] = useState<PickedContact | null>(null);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const tags = useTags({ activeOnly: true });
  const contacts = useContacts(searchParam, page, true, tagIds);
  const remove = useDeleteContact();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [walletTarget, setWalletTarget] = useState<WalletTarget | null>(null);
  const pageIds = contacts.data?.contacts.map((contact) => contact.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of pageIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const runExport = (format: 'csv' | 'xlsx') => {
    setExporting(true);
    exportContacts(format)
      .then((file) => saveFile(file, `contatos.${format}`))
      .catch((error: unknown) => notifyApiError(error, 'contacts-export-error'))
      .finally(() => setExporting(false));
  };

  const removal = useConfirmedDelete<ContactDetails>(remove, 'contact-delete-error', () => {
    if (contacts.data?.contacts.length === 1 && page > 1) setPage(page - 1);
  });

  const selectColumn: DataColumn<ContactDetails> = {
    key: 'select',
    header: t('wallets.select'),
    render: (contact) => (
      <Checkbox
        aria-label={t('wallets.selectContact', { name: contact.name })}
        checked={selected.has(contact.id)}
        onChange={(event) => toggle(contact.id, event.currentTarget.checked)}
        data-testid={`contact-select-${contact.id}`}
      />
    ),
  };

  const columns: DataColumn<ContactDetails>[] = [
    ...(manager ? [selectColumn] : []),
    {
      key: 'name',
      header: t('contacts.name'),
      primary: true,
      render: (contact) => (
        // A long name wraps (at any character when it has no spaces): kept on one line, it pushed every other column behind the actions.
        <Group gap={6} wrap="nowrap" component="span" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          <span style={{ minWidth: 0 }}>{contact.name}</span>
          {contact.blocked && (
            <Badge size="xs" color="red">
              {t('contacts.blocked')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'number', header: t('contacts.number'), render: (contact) => contact.number },
    { key: 'email', header: t('contacts.email'), render: (contact) => contact.email },
    { key: 'birthday', header: t('contacts.birthday'), render: (contact) => formatBirthday(contact.birthday) },
    {
      key: 'tags',
      header: t('tickets.tags.label'),
      render: (contact) => <TagChips tags={contact.tags} testId={`contact-tags-${contact.id}`} />,
    },
  ];

  return (
    <Stack data-testid="contacts-page">
      <Group justify="space-between">
        <Title order={2}>{t('contacts.title')}</Title>
        <Group gap="xs">
          {manager && (
            <>
              <Button
                variant="default"
                leftSection={<IconUpload size={16} />}
                onClick={() => setImporting(true)}
                data-testid="contacts-import"
              >
                {t('contacts.import.button')}
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} data-testid="contacts-export">
                    {t('contacts.export.button')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => runExport('csv')} data-testid="contacts-export-csv">
                    CSV
                  </Menu.Item>
                  <Menu.Item onClick={() => runExport('xlsx')} data-testid="contacts-export-xlsx">
                    XLSX
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="contacts-new">
            {t('contacts.new')}
          </Button>
        </Group>
      </Group>

      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('contacts.searchLabel')}
          placeholder={t('contacts.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={360}
          style={{ flex: '1 1 220px' }}
          data-testid="contacts-search"
        />
        <MultiSelect
          label={t('tickets.filters.tags')}
          placeholder={tagIds.length ? undefined : t('tickets.filters.allTags')}
          data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
          value={tagIds.map(String)}
          onChange={(values) => {
            setTagIds(values.map(Number).sort((a, b) => a - b));
            setPage(1);
          }}
          clearable
          searchable
          maw={360}
          style={{ flex: '1 1 220px' }}
          data-testid="contacts-filter-tags"
        />
      </Group>

      {manager && (
        <Group gap="xs" data-testid="contacts-bulk">
          <Checkbox
            label={t('wallets.selectPage')}
            checked={allOnPage}
            indeterminate={!allOnPage && pageIds.some((id) => selected.has(id))}
            onChange={(event) => togglePage(event.currentTarget.checked)}
            data-testid="contacts-select-page"
          />
          <Text size="sm" c="dimmed" data-testid="contacts-selected-count">
            {t('wallets.selected', { count: selected.size })}
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconWallet size={14} />}
            disabled={selected.size === 0}
            onClick={() => setWalletTarget({ contactIds: [...selected] })}
            data-testid="contacts-assign-wallets"
          >
            {t('wallets.assign')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            disabled={!contacts.data?.count}
            onClick={() =>
              setWalletTarget({
                filter: { ...(searchParam ? { searchParam } : {}), ...(tagIds.length ? { tagIds } : {}) },
                count: contacts.data?.count ?? 0,
              })
            }
            data-testid="contacts-assign-wallets-all"
          >
            {t('wallets.assignAll', { count: contacts.data?.count ?? 0 })}
          </Button>
          {selected.size > 0 && (
            <Button size="xs" variant="subtle" color="gray" onClick={() => setSelected(new Set())} data-testid="contacts-clear-selection">
              {t('wallets.clearSelection')}
            </Button>
          )}
        </Group>
      )}

      {contacts.isError && <QueryError error={contacts.error} onRetry={() => void contacts.refetch()} />}

      <DataTable
        testId="contacts-table"
        minWidth={720}
        rows={contacts.data?.contacts}
        rowKey={(contact) => contact.id}
        rowTestId={(contact) => `contact-row-${contact.id}`}
        columns={columns}
        actions={(contact) => (
          <>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconMessagePlus size={14} />}
              onClick={() => setStarting({ id: contact.id, name: contact.name, number: contact.number })}
              data-testid={`contact-ticket-${contact.id}`}
            >
              {t('contacts.newTicket')}
            </Button>
            <Button size="xs" variant="light" onClick={() => setEditing(contact)} data-testid={`contact-edit-${contact.id}`}>
              {t('common.edit')}
            </Button>
            {manager && (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => removal.ask(contact)}
                data-testid={`contact-delete-${contact.id}`}
              >
                {t('common.delete')}
              </Button>
            )}
          </>
        )}
      />

      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="contacts-count">
          {t('contacts.count', { count: contacts.data?.count ?? 0 })}
        </Text>
        <PageControls page={page} hasMore={Boolean(contacts.data?.hasMore)} onChange={setPage} testId="contacts" />
      </Group>

      {editing !== undefined && <ContactFormModal contact={editing} onClose={() => setEditing(undefined)} />}
      {importing && <ContactImportModal onClose={() => setImporting(false)} />}
      {walletTarget && (
        <AssignWalletsModal
          target={walletTarget}
          onClose={() => {
            setWalletTarget(null);
            setSelected(new Set());
          }}
        />
      )}
      {starting && <NewTicketModal contact={starting} onClose={() => setStarting(null)} />}
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('contacts.deleteTitle')}
        message={t('contacts.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </Stack>
  );
}
