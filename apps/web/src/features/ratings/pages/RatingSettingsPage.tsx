import { MAX_RATING_ATTEMPTS, ratingSettingsSchema, type RatingSettings } from '@conversa/shared';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { QueryError } from '../../../components/QueryError';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { numberValue, schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useRatingSettings, useSaveRatingSettings } from '../api';

interface SettingsFormValues {
  requestMessage: string;
  invalidMessage: string;
  thanksMessage: string;
  maxAttempts: number | string;
}

const settingsBody = (values: SettingsFormValues) => ({
  requestMessage: values.requestMessage.trim(),
  invalidMessage: values.invalidMessage.trim(),
  thanksMessage: values.thanksMessage.trim(),
  maxAttempts: numberValue(values.maxAttempts),
});

/** /avaliacoes/configurar: what the customer is asked, told on an answer out of 0–5, and thanked with; and how many answers are accepted. */
export function RatingSettingsPage() {
  const { t } = useTranslation();
  const settings = useRatingSettings();
  const save = useSaveRatingSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SettingsFormValues>({
    initialValues: { requestMessage: '', invalidMessage: '', thanksMessage: '', maxAttempts: 3 },
    validate: schemaValidator(ratingSettingsSchema, settingsBody),
  });
  const { setValues, resetDirty } = form;

  useEffect(() => {
    if (!settings.data) return;
    setValues(settings.data);
    resetDirty(settings.data);
    // Once loaded: a refetch must not overwrite what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.data === undefined]);

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(settingsBody(values) as RatingSettings, {
      onSuccess: () => notifySuccess(t('common.saved')),
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        setFormError(errorMessage(error));
        notifyApiError(error, 'rating-settings-error');
      },
    });
  });

  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;

  return (
    <Paper withBorder p="md" maw={720}>
      <form onSubmit={submit} noValidate data-testid="rating-settings-form">
        <Stack>
          <Text size="sm" c="dimmed">
            {t('ratings.settingsHint')}
          </Text>
          <TemplateTextarea
            label={t('ratings.requestMessage')}
            description={t('ratings.requestMessageHint')}
            required
            minRows={4}
            maxRows={12}
            disabled={!settings.data}
            data-testid="rating-request-message"
            {...form.getInputProps('requestMessage')}
          />
          <TemplateTextarea
            label={t('ratings.invalidMessage')}
            required
            minRows={2}
            disabled={!settings.data}
            data-testid="rating-invalid-message"
            {...form.getInputProps('invalidMessage')}
          />
          <TemplateTextarea
            label={t('ratings.thanksMessage')}
            required
            minRows={2}
            disabled={!settings.data}
            data-testid="rating-thanks-message"
            {...form.getInputProps('thanksMessage')}
          />
          <NumberInput
            label={t('ratings.maxAttempts')}
            description={t('ratings.maxAttemptsHint')}
            min={1}
            max={MAX_RATING_ATTEMPTS}
            allowDecimal={false}
            maw={240}
            disabled={!settings.data}
            data-testid="rating-max-attempts"
            {...form.getInputProps('maxAttempts')}
          />
          {formError && (
            <Alert color="red" data-testid="rating-settings-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!settings.data} data-testid="rating-settings-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
