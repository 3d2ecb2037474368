import { MAX_WALLETS } from '@conversa/shared';
import { MultiSelect } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllUsers } from '../../users/api';

/** The users whose wallet holds a contact (with DirectTicketsToWallets, its tickets go to them). */
export function WalletUsersField({
  value,
  onChange,
  error,
  label,
  testId = 'contact-wallets',
}: {
  value: number[];
  onChange: (userIds: number[]) => void;
  error?: ReactNode;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const users = useAllUsers();
  return (
    <MultiSelect
      label={label ?? t('wallets.field')}
      description={t('wallets.fieldHint')}
      placeholder={value.length ? undefined : t('wallets.nobody')}
      data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
      value={value.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      maxValues={MAX_WALLETS}
      searchable
      clearable
      error={error}
      data-testid={testId}
    />
  );
}
