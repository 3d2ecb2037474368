import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors, hasErrorCode } from '../lib/errors';
import { notifyApiError, notifySuccess } from '../lib/notify';
import { useIsMobile } from '../lib/useIsMobile';

interface SaveMutation<I> {
  mutate: (input: I, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

export interface FormSaveOptions {
  /** Id of the error notification (a second failure replaces the first). */
  errorId: string;
  /** Closes the modal: once saved (after saying so), and on Cancel. */
  onClose: () => void;
  /** An error code about one field (a duplicate name or key): its message shows under that field too. */
  duplicate?: { code: string; field: string };
  /** The API's field names that are another field on the form (e.g. mediaToken → file). */
  fieldAliases?: Record<string, string>;
}

export interface FormSave<I> {
  /**
   * Sends the input: saved, it says so and closes; refused, the API's field errors go on the form
   * and its message above the buttons, until the values change.
   */
  save: (input: I) => void;
  formError: string | null;
  pending: boolean;
  onClose: () => void;
}

/**
 * The save of a form modal: one mutation call whose refusal maps the API's field errors onto the
 * form (the shared error codes' fields), shows the message in the modal and notifies it.
 */
export function useFormSave<V, I>(form: UseFormReturnType<V>, mutation: SaveMutation<I>, options: FormSaveOptions): FormSave<I> {
  const { t } = useTranslation();
  // The refusal's message, shown until the form's values change (a duplicate name, now fixed).
  const [refused, setRefused] = useState<{ message: string; values: V } | null>(null);
  const formError = refused && refused.values === form.values ? refused.message : null;
  const save = (input: I) => {
    setRefused(null);
    mutation.mutate(input, {
      onSuccess: () => {
        notifySuccess(t('common.saved'));
        options.onClose();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        for (const [from, to] of Object.entries(options.fieldAliases ?? {})) if (fields[from]) fields[to] = fields[from];
        form.setErrors(fields);
        if (options.duplicate && hasErrorCode(error, options.duplicate.code))
          form.setFieldError(options.duplicate.field, errorMessage(error));
        setRefused({ message: errorMessage(error), values: form.values });
        notifyApiError(error, options.errorId);
      },
    });
  };
  return { save, formError, pending: mutation.isPending, onClose: options.onClose };
}

/**
 * The shell of a create/edit modal: full screen on a phone, the form's fields, the save's error and
 * Cancel / Save. Test ids: `${testId}-modal`, `${testId}-form-error`, `${testId}-save`.
 */
export function FormModal({
  title,
  testId,
  onSubmit,
  saving,
  size,
  children,
}: {
  title: string;
  testId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: Pick<FormSave<never>, 'formError' | 'pending' | 'onClose'>;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <Modal opened onClose={saving.onClose} fullScreen={mobile} size={size} title={title} centered data-testid={`${testId}-modal`}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          {saving.formError && (
            <Alert color="red" data-testid={`${testId}-form-error`}>
              {saving.formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={saving.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving.pending} data-testid={`${testId}-save`}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
