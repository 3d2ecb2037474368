import { AI_SECRET_MASK } from '@conversa/shared';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * An API key field whose stored value shows as the mask (AI_SECRET_MASK, sent back unchanged to
 * keep it): focusing replaces the whole mask, leaving it empty puts the mask back.
 */
export function StoredKeyInput({
  stored,
  value,
  onValue,
  ...props
}: Omit<PasswordInputProps, 'onFocus' | 'onBlur' | 'value'> & { stored: boolean; value: string; onValue: (value: string) => void }) {
  return (
    <PasswordInput
      autoComplete="new-password"
      {...props}
      value={value}
      onFocus={() => {
        if (value === AI_SECRET_MASK) onValue('');
      }}
      onBlur={() => {
        if (stored && value === '') onValue(AI_SECRET_MASK);
      }}
    />
  );
}
