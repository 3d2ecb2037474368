import type { Channel } from '@conversa/shared';
import { AUTO_DISTRIBUTION } from '@conversa/shared';
import { Alert, Button, ColorInput, Group, Modal, NativeSelect, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors, hasErrorCode } from '../../../lib/errors';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useQueues } from '../../queues/api';
import { useSaveChannel, type AutoDistribution } from '../api';

interface ChannelFormValues {
  name: string;
  type: 'webchat';
  queueId: string | null;
  isDefault: boolean;
  farewellMessage: string;
  autoDistribution: AutoDistribution;
  title: string;
  welcomeMessage: string;
  color: string;
  /** One origin per line; empty allows every site. */
  allowedOrigins: string;
}

function text(settings: Record<string, unknown> | undefined, key: string, fallback = ''): string {
  const value = settings?.[key];
  return typeof value === 'string' ? value : fallback;
}

/** Create or edit a channel; this version creates web-chat channels (other types come with their adapters). */
export function ChannelFormModal({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveChannel();
  const queues = useQueues();
  const [formError, setFormError] = useState<string | null>(null);
  const origins = channel?.settings.allowedOrigins;

  const form = useForm<ChannelFormValues>({
    initialValues: {
      name: channel?.name ?? '',
      type: 'webchat',
      queueId: channel?.queueId ? String(channel.queueId) : null,
      isDefault: channel?.isDefault ?? false,
      farewellMessage: channel?.farewellMessage ?? '',
      autoDistribution: channel?.autoDistribution ?? 'none',
      title: text(channel?.settings, 'title'),
      welcomeMessage: text(channel?.settings, 'welcomeMessage'),
      color: text(channel?.settings, 'color', '#228be6'),
      allowedOrigins: Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string').join('\n') : '',
    },
    validate: {
      name: (value) => (value.trim() ? null : t('validation.required')),
      color: (value) => (/^#[0-9a-fA-F]{6}$/.test(value) ? null : t('queues.invalidColor')),
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const allowedOrigins = values.allowedOrigins
      .split(/[\s,]+/)
      .map((o) => o.trim())
      .filter(Boolean);
    save.mutate(
      {
        id: channel?.id ?? null,
        input: {
          name: values.name.trim(),
          type: values.type,
          queueId: values.queueId ? Number(values.queueId) : null,
          isDefault: values.isDefault,
          farewellMessage: values.farewellMessage.trim() ? values.farewellMessage : null,
          autoDistribution: values.autoDistribution,
          settings: {
            ...(values.title.trim() ? { title: values.title.trim() } : {}),
            ...(values.welcomeMessage.trim() ? { welcomeMessage: values.welcomeMessage.trim() } : {}),
            color: values.color,
            allowedOrigins,
          },
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('channels.saved'));
          onClose();
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          form.setErrors({
            ...fields,
            ...(fields['settings.title'] ? { title: fields['settings.title'] } : {}),
            ...(fields['settings.welcomeMessage'] ? { welcomeMessage: fields['settings.welcomeMessage'] } : {}),
            ...(fields['settings.color'] ? { color: fields['settings.color'] } : {}),
          });
          setFormError(hasErrorCode(error, 'ERR_CONNECTION_LIMIT') ? t('channels.limitReached') : errorMessage(error));
          notifyApiError(error, 'channel-save-error');
        },
      },
    );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={channel ? t('channels.editTitle') : t('channels.createTitle')}
      centered
      size="lg"
      data-testid="channel-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group grow align="flex-start">
            <TextInput label={t('channels.name')} required data-autofocus {...form.getInputProps('name')} />
            <NativeSelect
              label={t('channels.type')}
              data={[{ value: 'webchat', label: t('channels.types.webchat') }]}
              disabled={channel !== null}
              {...form.getInputProps('type')}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('channels.queue')}
              placeholder={t('channels.noQueue')}
              data={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
              clearable
              {...form.getInputProps('queueId')}
            />
            <NativeSelect
              label={t('channels.autoDistribution')}
              data={AUTO_DISTRIBUTION.map((value) => ({ value, label: t(`channels.distribution.${value}`) }))}
              {...form.getInputProps('autoDistribution')}
            />
          </Group>
          <Switch label={t('channels.isDefault')} {...form.getInputProps('isDefault', { type: 'checkbox' })} />
          <Textarea
            label={t('channels.farewell')}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={4096}
            {...form.getInputProps('farewellMessage')}
          />
          <Group grow align="flex-start">
            <TextInput label={t('channels.widgetTitle')} placeholder="Chat with us" maxLength={60} {...form.getInputProps('title')} />
            <ColorInput label={t('channels.widgetColor')} format="hex" {...form.getInputProps('color')} />
          </Group>
          <Textarea
            label={t('channels.welcome')}
            autosize
            minRows={2}
            maxRows={4}
            maxLength={500}
            {...form.getInputProps('welcomeMessage')}
          />
          <Textarea
            label={t('channels.allowedOrigins')}
            description={t('channels.allowedOriginsHint')}
            placeholder="https://www.example.com"
            autosize
            minRows={1}
            maxRows={4}
            {...form.getInputProps('allowedOrigins')}
          />
          {formError && (
            <Alert color="red" data-testid="channel-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="channel-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
