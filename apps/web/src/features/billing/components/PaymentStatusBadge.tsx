import type { PaymentStatus } from '@conversa/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PaymentStatus, string> = { pending: 'yellow', received: 'green', overdue: 'red' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid={`payment-status-${status}`}>
      {t(`billing.paymentStatus.${status}`)}
    </Badge>
  );
}

/** A due date (yyyy-MM-dd, a calendar day) as dd/MM/yyyy, never shifted by the browser's time zone. */
export function formatDueDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
