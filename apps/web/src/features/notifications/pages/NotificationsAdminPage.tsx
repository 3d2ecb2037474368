import { createBroadcastBodySchema, NOTIFICATION_MESSAGE_MAX, type Broadcast } from '@conversa/shared';
import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useTenants } from '../../tenants/api';
import { useBroadcasts, useSendBroadcast } from '../api';

const ALL = 'all';

interface BroadcastFormValues {
  message: string;
  target: string;
}

const broadcastBody = (values: BroadcastFormValues) => ({
  message: values.message.trim(),
  tenantId: values.target === ALL ? null : Number(values.target),
});

/** /notificacao (platform superadmin of tenant 1): notify every user of all tenants or of one; what was sent. */
export function NotificationsAdminPage() {
  const { t } = useTranslation();
  const tenants = useTenants();
  const broadcasts = useBroadcasts();
  const send = useSendBroadcast();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BroadcastFormValues>({
    initialValues: { message: '', target: ALL },
    validate: schemaValidator(createBroadcastBodySchema, broadcastBody),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    send.mutate(broadcastBody(values), {
      onSuccess: (sent) => {
        notifySuccess(t('notifications.admin.sent', { count: sent.recipients }));
        form.reset();
      },
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        setFormError(errorMessage(error));
        notifyApiError(error, 'broadcast-error');
      },
    });
  });

  const columns: DataColumn<Broadcast>[] = [
    {
      key: 'message',
      header: t('notifications.admin.message'),
      primary: true,
      render: (b) => (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {b.message}
        </Text>
      ),
    },
    {
      key: 'target',
      header: t('notifications.admin.target'),
      render: (b) => b.tenantName ?? (b.tenantId === null ? t('notifications.admin.allTenants') : `#${b.tenantId}`),
    },
    { key: 'recipients', header: t('notifications.admin.recipients'), render: (b) => b.recipients },
    { key: 'sender', header: t('notifications.admin.sender'), render: (b) => b.sender?.name ?? '' },
    { key: 'date', header: t('notifications.admin.date'), render: (b) => formatDateTime(b.createdAt) },
  ];

  return (
    <Stack data-testid="notifications-admin-page">
      <Title order={2}>{t('notifications.admin.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('notifications.admin.help')}
      </Text>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Select
              label={t('notifications.admin.target')}
              data={[
                { value: ALL, label: t('notifications.admin.allTenants') },
                ...(tenants.data ?? []).map((tenant) => ({ value: String(tenant.id), label: tenant.name })),
              ]}
              allowDeselect={false}
              searchable
              data-testid="broadcast-target"
              {...form.getInputProps('target')}
            />
            <Textarea
              label={t('notifications.admin.message')}
              required
              autosize
              minRows={3}
              maxLength={NOTIFICATION_MESSAGE_MAX}
              data-testid="broadcast-message"
              {...form.getInputProps('message')}
            />
            {formError && (
              <Alert color="red" data-testid="broadcast-error">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending} data-testid="broadcast-send">
                {t('notifications.admin.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Title order={4}>{t('notifications.admin.sentList')}</Title>
      {broadcasts.isError && <QueryError error={broadcasts.error} onRetry={() => void broadcasts.refetch()} />}
      <DataTable
        testId="broadcasts-table"
        rows={broadcasts.data}
        rowKey={(b) => b.id}
        rowTestId={(b) => `broadcast-${b.id}`}
        columns={columns}
      />
    </Stack>
  );
}
