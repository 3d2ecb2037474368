import { ActionIcon, Avatar, Center, Group, Loader, ScrollArea, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconMessagePlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { QueryError } from '../../../components/QueryError';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/constants';
import { useContacts } from '../../contacts/api';
import type { PickedContact } from '../components/ContactPicker';
import { NewTicketModal } from '../components/NewTicketModal';
import { initialsOf } from '../components/TicketRow';
import { PageControls } from '../../../components/PageControls';

/** /atendimento/contatos: the contact list in chat mode, to start a conversation. */
export function ChatContactsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [searchParam] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const contacts = useContacts(searchParam, page);
  const [starting, setStarting] = useState<PickedContact | null>(null);

  return (
    <Stack gap={0} h="100%" data-testid="chat-contacts">
      <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="xs">
          <ActionIcon variant="subtle" component={Link} to={PATHS.atendimentoChats} aria-label={t('common.back')}>
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Title order={4}>{t('contacts.title')}</Title>
        </Group>
        <TextInput
          placeholder={t('contacts.searchPlaceholder')}
          aria-label={t('contacts.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Stack>
      {contacts.isError && <QueryError error={contacts.error} onRetry={() => void contacts.refetch()} />}
      <ScrollArea style={{ flex: 1 }}>
        {contacts.isPending && (
          <Center p="md">
            <Loader size="sm" />
          </Center>
        )}
        {contacts.data?.contacts.map((contact) => (
          <Group
            key={contact.id}
            justify="space-between"
            wrap="nowrap"
            px="sm"
            py={8}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar radius="xl" color="teal" src={contact.profilePicUrl}>
                {initialsOf(contact.name)}
              </Avatar>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  {contact.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {contact.number}
                </Text>
              </Stack>
            </Group>
            <Tooltip label={t('contacts.newTicket')}>
              <ActionIcon
                variant="light"
                onClick={() => setStarting({ id: contact.id, name: contact.name, number: contact.number })}
                aria-label={t('contacts.newTicket')}
                data-testid={`chat-contact-start-${contact.id}`}
              >
                <IconMessagePlus size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {contacts.isSuccess && contacts.data.contacts.length === 0 && (
          <Text c="dimmed" ta="center" p="md" size="sm">
            {t('common.noRecords')}
          </Text>
        )}
      </ScrollArea>
      <Group justify="center" p="xs">
        <PageControls page={page} hasMore={Boolean(contacts.data?.hasMore)} onChange={setPage} />
      </Group>
      {starting && <NewTicketModal contact={starting} onClose={() => setStarting(null)} />}
    </Stack>
  );
}
