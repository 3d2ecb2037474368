import { apiConfigBodySchema, type ApiConfig, type ApiConfigWithToken } from '@conversa/shared';
import { Select, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { useChannels } from '../../channels/api';
import { useSaveApiConfig, type SaveApiConfigInput } from '../api';

interface ApiConfigFormValues {
  name: string;
  channelId: string | null;
  webhookUrl: string;
  active: boolean;
}

const apiConfigBody = (values: ApiConfigFormValues) => ({
  name: values.name.trim(),
  channelId: values.channelId === null ? null : Number(values.channelId),
  webhookUrl: values.webhookUrl.trim() === '' ? null : values.webhookUrl.trim(),
  active: values.active,
});

/**
 * Create or edit an API configuration: name, the channel its messages are sent by, the webhook URL
 * that receives the company's events, active. A new one's token and webhook secret go to `onCreated`
 * (the server answers them in full this once).
 */
export function ApiConfigFormModal({
  config,
  onClose,
  onCreated,
}: {
  config: ApiConfig | null;
  onClose: () => void;
  onCreated: (created: ApiConfigWithToken) => void;
}) {
  const { t } = useTranslation();
  const channels = useChannels();
  const form = useForm<ApiConfigFormValues>({
    initialValues: {
      name: config?.name ?? '',
      channelId: config ? String(config.channelId) : null,
      webhookUrl: config?.webhookUrl ?? '',
      active: config?.active ?? true,
    },
    validate: schemaValidator(apiConfigBodySchema, apiConfigBody),
  });
  // A new configuration starts on the company's default channel (or its only one), as sends without one do.
  const preselected = config
    ? undefined
    : (channels.data?.find((c) => c.isDefault) ?? (channels.data?.length === 1 ? channels.data[0] : undefined));
  useEffect(() => {
    if (preselected && form.getValues().channelId === null) form.setFieldValue('channelId', String(preselected.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the channels arrive
  }, [preselected?.id]);
  const mutation = useSaveApiConfig();
  // The created configuration's answer carries the token and secret: handed on before the modal closes.
  const saving = useFormSave(
    form,
    {
      isPending: mutation.isPending,
      mutate: (input: SaveApiConfigInput, options) =>
        mutation.mutate(input, {
          onSuccess: (saved) => {
            if ('token' in saved) onCreated(saved);
            options.onSuccess();
          },
          onError: options.onError,
        }),
    },
    { errorId: 'api-config-save-error', onClose },
  );
  const submit = form.onSubmit((values) => {
    const body = apiConfigBodySchema.parse(apiConfigBody(values));
    saving.save(config ? { id: config.id, body } : { id: null, body });
  });

  const channelOptions = (channels.data ?? []).map((channel) => ({
    value: String(channel.id),
    label: channel.isDefault ? `${channel.name} (${t('apiService.defaultChannel')})` : channel.name,
  }));
  return (
    <FormModal
      title={config ? t('apiService.editTitle') : t('apiService.createTitle')}
      testId="api-config"
      onSubmit={submit}
      saving={saving}
    >
      <TextInput
        label={t('apiService.name')}
        required
        data-autofocus
        maxLength={120}
        data-testid="api-config-name"
        {...form.getInputProps('name')}
      />
      <Select
        label={t('apiService.channel')}
        description={t('apiService.channelHint')}
        required
        data={channelOptions}
        // Picking the chosen channel again keeps it (the default comes chosen): never left empty by a click.
        allowDeselect={false}
        data-testid="api-config-channel"
        {...form.getInputProps('channelId')}
      />
      <TextInput
        label={t('apiService.webhookUrl')}
        description={t('apiService.webhookUrlHint')}
        placeholder="https://"
        inputMode="url"
        maxLength={2048}
        data-testid="api-config-webhook"
        {...form.getInputProps('webhookUrl')}
      />
      <Switch label={t('apiService.active')} data-testid="api-config-active" {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
