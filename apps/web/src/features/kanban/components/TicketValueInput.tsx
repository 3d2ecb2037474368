import type { Ticket } from '@conversa/shared';
import { TICKET_VALUE_MAX } from '@conversa/shared/kanban-limits';
import { NumberInput } from '@mantine/core';
import { IconCurrencyReal } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { useSetTicketValue } from '../api';

/**
 * The ticket's monetary value in the chat header: typed in the pt-BR format (1.234,56), saved when
 * the field is left or Enter is pressed (empty clears it), checked by the API's own schema first.
 * A value changed elsewhere (the socket) shows at once.
 */
export function TicketValueInput({ ticket }: { ticket: Ticket }) {
  // A new value from elsewhere starts the field over with it.
  return <ValueField key={`${ticket.id}:${ticket.value ?? ''}`} ticket={ticket} />;
}

function ValueField({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const setValue = useSetTicketValue();
  const [draft, setDraft] = useState<string | number>(ticket.value ?? '');

  const save = async () => {
    const value = draft === '' ? null : Number(draft);
    if (value === ticket.value) return;
    // The API's own schema (the contracts are not in the inbox's first download: loaded on the first save).
    const { ticketValueSchema } = await import('@conversa/shared');
    if (value !== null && !ticketValueSchema.safeParse(value).success) {
      notifyError(t('tickets.value.invalid'), 'ticket-value-invalid');
      setDraft(ticket.value ?? '');
      return;
    }
    setValue.mutate(
      { ticketId: ticket.id, value },
      {
        onSuccess: () => notifySuccess(t('tickets.value.saved'), 'ticket-value-saved'),
        onError: (error) => {
          setDraft(ticket.value ?? '');
          notifyApiError(error, 'ticket-value-error');
        },
      },
    );
  };

  return (
    <NumberInput
      size="xs"
      w={150}
      aria-label={t('tickets.value.label')}
      placeholder={t('tickets.value.placeholder')}
      leftSection={<IconCurrencyReal size={14} />}
      prefix="R$ "
      thousandSeparator="."
      decimalSeparator=","
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      min={0}
      max={TICKET_VALUE_MAX}
      clampBehavior="strict"
      hideControls
      value={draft}
      onChange={setDraft}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      disabled={setValue.isPending}
      data-testid="ticket-value"
    />
  );
}
