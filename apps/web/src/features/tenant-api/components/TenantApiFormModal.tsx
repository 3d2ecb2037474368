import { tenantApiBodySchema, type TenantApi, type TenantApiBody, type TenantApiWithToken } from '@conversa/shared';
import { Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { useSaveTenantApi } from '../api';

/** Creates (the token is then shown once) or edits a Tenant API token: its name and whether it is active. */
export function TenantApiFormModal({
  api,
  onClose,
  onCreated,
}: {
  api: TenantApi | null;
  onClose: () => void;
  onCreated: (created: TenantApiWithToken) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<TenantApiBody>({
    initialValues: { name: api?.name ?? '', active: api?.active ?? true },
    validate: schemaValidator(tenantApiBodySchema, (values: TenantApiBody) => values),
  });
  const mutation = useSaveTenantApi(api?.id ?? null);
  const saving = useFormSave(
    form,
    {
      isPending: mutation.isPending,
      mutate: (input: TenantApiBody, options) =>
        mutation.mutate(input, {
          onError: options.onError,
          onSuccess: (saved) => {
            options.onSuccess();
            if ('token' in saved) onCreated(saved);
          },
        }),
    },
    { errorId: 'tenant-api-save-error', onClose },
  );
  return (
    <FormModal
      title={api ? t('tenantApi.edit') : t('tenantApi.new')}
      testId="tenant-api"
      onSubmit={form.onSubmit((values) => saving.save(values))}
      saving={saving}
    >
      <TextInput
        label={t('tenantApi.name')}
        description={t('tenantApi.nameHint')}
        withAsterisk
        data-testid="tenant-api-name"
        {...form.getInputProps('name')}
      />
      <Switch label={t('tenantApi.active')} data-testid="tenant-api-active" {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
