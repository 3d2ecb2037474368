import { formatBirthday } from '@conversa/shared/birthday-format';
import type { Ticket } from '@conversa/shared';
import { Avatar, Badge, Button, CloseButton, Divider, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../components/on-demand';
import { formatDateTime } from '../../../lib/format';
import { useContact } from '../../contacts/api';
import { ContactTagsField } from '../../tags/components/ContactTagsField';
import { useTicketLogs } from '../api';
import { initialsOf } from './TicketRow';
import { recordsLogLabelKey, TagsChangedDetail } from '../../notes/components/TagsChangedDetail';

// Opened on demand: downloaded then, not with the chat.
const ContactFormModal = lazyComponent(async () => (await import('../../contacts/components/ContactFormModal')).ContactFormModal);

function Field({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  if (!value) return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The ticket's contact (name, number, e-mail, extra info) with an edit link, and the ticket's history. */
export function ContactPanel({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const contact = useContact(ticket.contactId);
  const logs = useTicketLogs(ticket.id, true);
  const [editing, setEditing] = useState(false);
  const data = contact.data;

  return (
    <Stack gap={0} h="100%" data-testid="contact-panel">
      <Group justify="space-between" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Title order={5}>{t('tickets.contactPanel.title')}</Title>
        <CloseButton onClick={onClose} aria-label={t('common.close')} />
      </Group>
      <ScrollArea style={{ flex: 1 }} p="sm">
        <Stack gap="sm">
          <Stack align="center" gap={4}>
            <Avatar size="lg" radius="xl" color="teal" src={data?.profilePicUrl ?? ticket.contact.profilePicUrl}>
              {initialsOf(data?.name ?? ticket.contact.name)}
            </Avatar>
            <Text fw={600} data-testid="contact-panel-name">
              {data?.name ?? ticket.contact.name}
            </Text>
            <Group gap={4}>
              {data?.blocked && <Badge color="red">{t('contacts.blocked')}</Badge>}
              {data?.chatbotBlocked && <Badge color="orange">{t('contacts.chatbotBlocked')}</Badge>}
            </Group>
            {data && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} />}
                onClick={() => setEditing(true)}
                data-testid="contact-panel-edit"
              >
                {t('common.edit')}
              </Button>
            )}
          </Stack>
          {data && <ContactTagsField contact={data} />}
          <Field label={t('contacts.number')} value={data?.number ?? ticket.contact.number} testId="contact-panel-number" />
          <Field label={t('contacts.email')} value={data?.email ?? ticket.contact.email} testId="contact-panel-email" />
          <Field label={t('contacts.identity')} value={data?.identity} />
          <Field label={t('contacts.birthday')} value={data?.birthday ? formatBirthday(data.birthday) : null} />
          {data && data.extraInfo.length > 0 && (
            <>
              <Divider label={t('contacts.extraInfo')} labelPosition="left" />
              {data.extraInfo.map((item, index) => (
                <Field key={`${item.name}-${index}`} label={item.name} value={item.value} />
              ))}
            </>
          )}
          <Divider label={t('tickets.contactPanel.history')} labelPosition="left" />
          {(logs.data ?? []).length === 0 && (
            <Text size="xs" c="dimmed">
              {t('common.noRecords')}
            </Text>
          )}
          {(logs.data ?? []).map((log, index) => (
            <Stack key={`${log.createdAt}-${index}`} gap={0}>
              <Text size="xs" fw={500}>
                {t(recordsLogLabelKey(log.type) ?? `tickets.logs.${log.type}`, { defaultValue: log.type })}
              </Text>
              {log.type === 'tagsChanged' && <TagsChangedDetail payload={log.payload} />}
              <Text size="xs" c="dimmed">
                {formatDateTime(log.createdAt)}
                {log.username ? ` · ${log.username}` : ''}
              </Text>
            </Stack>
          ))}
        </Stack>
      </ScrollArea>
      {editing && data && <ContactFormModal contact={data} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
