import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../lib/notify';
import type { ContactDetails } from '../../contacts/api';
import { useSetContactTags } from '../api';

// A MultiSelect: downloaded when a contact's panel first shows, not with the chat.
const TagPicker = lazy(async () => ({ default: (await import('./TagPicker')).TagPicker }));

/** A contact's tags, set from its panel; each change is saved at once. */
export function ContactTagsField({ contact }: { contact: ContactDetails }) {
  const { t } = useTranslation();
  const setTags = useSetContactTags();
  return (
    <Suspense fallback={<Loader size="xs" />}>
      <TagPicker
        label={t('tickets.tags.contactLabel')}
        value={contact.tags ?? []}
        onChange={(tagIds) => setTags.mutate({ contact, tagIds }, { onError: (error) => notifyApiError(error, 'contact-tags-error') })}
        testId="contact-tags-picker"
      />
    </Suspense>
  );
}
