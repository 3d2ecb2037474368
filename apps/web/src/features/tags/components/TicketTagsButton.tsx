import type { Ticket } from '@conversa/shared';
import { ActionIcon, Loader, Popover, Tooltip } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../components/on-demand';
import { notifyApiError } from '../../../lib/notify';
import { useSetTicketTags } from '../api';

// The picker (a MultiSelect) is downloaded when the button is first used, not with the chat.
const TagPicker = lazyComponent(async () => (await import('./TagPicker')).TagPicker, <Loader size="sm" />);

/** The chat header's tag button: a picker of the tenant's active tags; each change is saved at once. */
export function TicketTagsButton({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const setTags = useSetTicketTags();
  return (
    <Popover position="bottom-end" withinPortal shadow="md" width={300}>
      <Popover.Target>
        <Tooltip label={t('tickets.tags.edit')}>
          <ActionIcon variant="subtle" aria-label={t('tickets.tags.edit')} data-testid="ticket-tags-edit">
            <IconTag size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="ticket-tags-dropdown">
        <TagPicker
          label={t('tickets.tags.label')}
          value={ticket.tags}
          withinPortal={false}
          onChange={(tagIds) => setTags.mutate({ ticket, tagIds }, { onError: (error) => notifyApiError(error, 'ticket-tags-error') })}
          testId="ticket-tags-picker"
        />
      </Popover.Dropdown>
    </Popover>
  );
}
