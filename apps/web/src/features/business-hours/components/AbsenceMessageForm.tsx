import { ABSENCE_MESSAGE_MAX_LENGTH, allowedSettingValues, updateAbsenceMessageBodySchema } from '@conversa/shared';
import { Button, Card, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { fieldErrors } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSettings, useUpdateSetting } from '../../settings/api';
import { useSaveAbsenceMessage } from '../api';

const MAX_REPEATS = 'absenceMessageMaxRepeats' as const;

/** The absence message sent out of hours, and how many times one ticket gets it. */
export function AbsenceMessageForm({ message, canChangeSettings }: { message: string; canChangeSettings: boolean }) {
  const { t } = useTranslation();
  const save = useSaveAbsenceMessage();
  const settings = useSettings();
  const updateSetting = useUpdateSetting();
  const form = useForm({
    initialValues: { messageBusinessHours: message },
    validate: schemaValidator(updateAbsenceMessageBodySchema, (values: { messageBusinessHours: string }) => values),
  });
  const maxRepeats = settings.data?.find((s) => s.key === MAX_REPEATS)?.value ?? '1';

  const submit = form.onSubmit((values) =>
    save.mutate(values.messageBusinessHours, {
      onSuccess: () => notifySuccess(t('common.saved')),
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        notifyApiError(error, 'absence-message-save-error');
      },
    }),
  );

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate data-testid="absence-message">
      <Stack>
        <Title order={4}>{t('businessHours.absenceTitle')}</Title>
        <TemplateTextarea
          label={t('businessHours.absenceMessage')}
          description={t('businessHours.absenceHelp')}
          maxLength={ABSENCE_MESSAGE_MAX_LENGTH}
          data-testid="absence-message-text"
          {...form.getInputProps('messageBusinessHours')}
        />
        <NativeSelect
          label={t('businessHours.maxRepeats')}
          description={canChangeSettings ? t('businessHours.maxRepeatsHelp') : t('businessHours.maxRepeatsAdminOnly')}
          data={[...allowedSettingValues(MAX_REPEATS)]}
          value={maxRepeats}
          disabled={!canChangeSettings || settings.isPending}
          onChange={(event) =>
            updateSetting.mutate(
              { key: MAX_REPEATS, value: event.currentTarget.value },
              {
                onSuccess: () => notifySuccess(t('common.saved')),
                onError: (error) => notifyApiError(error, 'absence-repeats-save-error'),
              },
            )
          }
          maw={260}
          data-testid="absence-max-repeats"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="absence-message-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
