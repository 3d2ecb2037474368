import {
  CHANNEL_DEFAULT_KINDS,
  CHANNEL_DEFAULT_SECRET_MASK,
  CHANNEL_DEFAULTS_SCHEMAS,
  CHANNEL_TYPE_OF_DEFAULTS,
  type ChannelDefaultKind,
} from '@conversa/shared';
import { Alert, Badge, Button, Card, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { QueryError } from '../../../components/QueryError';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { TYPE_FIELDS } from '../../channels/channel-types';
import { useChannelDefaults, useSaveChannelDefaults } from '../api';

/** The fields of a kind (named as the channel type's settings), and which of them are secrets. */
function fieldsOf(kind: ChannelDefaultKind): { key: string; secret: boolean; placeholder?: string }[] {
  const typeFields = TYPE_FIELDS[CHANNEL_TYPE_OF_DEFAULTS[kind]];
  return Object.keys(CHANNEL_DEFAULTS_SCHEMAS[kind].shape).map((key) => {
    const field = typeFields.find((candidate) => candidate.key === key);
    return { key, secret: field?.kind === 'secret', placeholder: field?.defaultValue ?? field?.placeholder };
  });
}

/** The body the save sends: every field trimmed (an empty one has no default). */
function defaultsBody(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]));
}

/**
 * /configuracoes/meta, hub, wuzapi and evolution: the gateway address and keys that new channels of
 * that kind are created with (the channel form comes filled in; the server fills what it leaves out).
 */
export function ChannelDefaultsPage() {
  const { pathname } = useLocation();
  const kind = CHANNEL_DEFAULT_KINDS.find((name) => name === pathname.split('/')[2]);
  const defaults = useChannelDefaults();
  if (!kind) return null;
  if (defaults.isPending) return <Loader />;
  if (defaults.isError) return <QueryError error={defaults.error} onRetry={() => void defaults.refetch()} />;
  return <ChannelDefaultsForm key={kind} kind={kind} stored={defaults.data[kind]} />;
}

function ChannelDefaultsForm({ kind, stored }: { kind: ChannelDefaultKind; stored: Record<string, string> }) {
  const { t } = useTranslation();
  const save = useSaveChannelDefaults(kind);
  const fields = fieldsOf(kind);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Record<string, string>>({
    initialValues: Object.fromEntries(fields.map(({ key }) => [key, stored[key] ?? ''])),
    validate: schemaValidator(CHANNEL_DEFAULTS_SCHEMAS[kind], defaultsBody),
  });
  const configured = Object.keys(stored).length > 0;

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(defaultsBody(values), {
      onSuccess: (saved) => {
        form.setValues(Object.fromEntries(fields.map(({ key }) => [key, saved[key] ?? ''])));
        form.resetDirty();
        notifySuccess(t('common.saved'));
      },
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        setFormError(errorMessage(error));
      },
    });
  });

  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate data-testid={`channel-defaults-${kind}`}>
        <Stack>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={3}>{t(`channelDefaults.titles.${kind}`)}</Title>
            <Badge color={configured ? 'teal' : 'gray'} data-testid="channel-defaults-status">
              {t(configured ? 'channelDefaults.configured' : 'channelDefaults.notConfigured')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('channelDefaults.intro', { type: t(`channels.types.${CHANNEL_TYPE_OF_DEFAULTS[kind]}`) })}
          </Text>
          {fields.map(({ key, secret, placeholder }) =>
            secret ? (
              <PasswordInput
                key={key}
                label={t(`channels.settings.${key}`)}
                description={stored[key] === CHANNEL_DEFAULT_SECRET_MASK ? t('channelDefaults.secretKept') : undefined}
                autoComplete="new-password"
                data-testid={`channel-default-${key}`}
                {...form.getInputProps(key)}
                // A stored secret shows masked; typing replaces the whole mask; left empty it keeps it.
                onFocus={() => {
                  if (form.values[key] === CHANNEL_DEFAULT_SECRET_MASK) form.setFieldValue(key, '');
                }}
                onBlur={() => {
                  if (stored[key] && form.values[key] === '') form.setFieldValue(key, CHANNEL_DEFAULT_SECRET_MASK);
                }}
              />
            ) : (
              <TextInput
                key={key}
                label={t(`channels.settings.${key}`)}
                placeholder={placeholder}
                data-testid={`channel-default-${key}`}
                {...form.getInputProps(key)}
              />
            ),
          )}
          {formError && (
            <Alert color="red" data-testid="channel-defaults-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="channel-defaults-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
