import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../components/on-demand';
import { notifyApiError } from '../../../lib/notify';
import type { ContactDetails } from '../../contacts/api';
import { useSetContactTags } from '../api';

// A MultiSelect: downloaded when a contact's panel first shows, not with the chat.
const TagPicker = lazyComponent(async () => (await import('./TagPicker')).TagPicker, <Loader size="xs" />);

/** A contact's tags, set from its panel; each change is saved at once. */
export function ContactTagsField({ contact }: { contact: ContactDetails }) {
  const { t } = useTranslation();
  const setTags = useSetContactTags();
  return (
    <TagPicker
      label={t('tickets.tags.contactLabel')}
      value={contact.tags ?? []}
      onChange={(tagIds) => setTags.mutate({ contact, tagIds }, { onError: (error) => notifyApiError(error, 'contact-tags-error') })}
      testId="contact-tags-picker"
    />
  );
}
