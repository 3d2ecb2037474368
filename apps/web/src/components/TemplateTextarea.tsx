import { TEMPLATE_VARIABLES, unknownTemplateVariables } from '@conversa/shared/template-variable-names';
import { useContactVariableNames } from '../features/contact-variables/api';
import { WEBHOOK_VARIABLE_PATTERN } from '@conversa/shared/chatbot';
import { Group, Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { insertAtSelection, VariablePicker } from './VariablePicker';

export interface TemplateTextareaProps extends Omit<TextareaProps, 'value' | 'onChange' | 'error' | 'label'> {
  label?: ReactNode;
  /** Optional only so that `{...form.getInputProps(path)}` (whose value is untyped) can be spread. */
  value?: string;
  onChange: (value: string) => void;
  /** The form's own error (e.g. from the shared schema or the server); shown instead of the live check. */
  error?: ReactNode;
  /** The fixed variables this text may use (default: every one of SPEC §3; birthdays use BIRTHDAY_TEMPLATE_VARIABLES); the tenant's contact variables are always offered. */
  allowed?: readonly string[];
  /** Chatbot messages: also accept and offer `{{webhook.path}}` (the last webhook answer; flowMessageSchema). */
  webhook?: boolean;
  'data-testid'?: string;
}

const WEBHOOK_VARIABLE = 'webhook';

/**
 * A text that Conversa sends for someone (quick messages, greetings, farewells, absence, bot
 * messages…): a button inserts a `{{variable}}` at the caret, and an unknown variable is shown as
 * an error while typing (the same rule as the server's `templateText()`).
 */
export function TemplateTextarea({
  label,
  value = '',
  onChange,
  error,
  allowed = TEMPLATE_VARIABLES,
  webhook = false,
  'data-testid': testId = 'template-textarea',
  ...rest
}: TemplateTextareaProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const custom = useContactVariableNames();
  const unknown = unknownTemplateVariables(webhook ? value.replace(WEBHOOK_VARIABLE_PATTERN, '') : value, allowed, custom);
  const live = unknown.length > 0 ? t('templates.unknown', { names: unknown.map((name) => `{{${name}}}`).join(', ') }) : null;

  const insert = (variable: string) => {
    const { value: next, caret: after } = insertAtSelection(inputRef.current, value, `{{${variable}}}`);
    // `{{webhook}}` is the whole answer; the caret stays before `}}` so that `.path` can be typed.
    const caret = variable === WEBHOOK_VARIABLE ? after - 2 : after;
    onChange(next);
    requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.setSelectionRange(caret, caret);
    });
  };

  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        {label ? (
          <Text component="label" size="sm" fw={500} htmlFor={`${testId}-input`}>
            {label}
            {rest.required && (
              <Text component="span" c="red" aria-hidden>
                {' *'}
              </Text>
            )}
          </Text>
        ) : (
          <span />
        )}
        <VariablePicker onPick={insert} allowed={allowed} webhook={webhook} disabled={rest.disabled} testId={`${testId}-variables`} />
      </Group>
      <Textarea
        autosize
        minRows={3}
        maxRows={10}
        {...rest}
        id={`${testId}-input`}
        ref={inputRef}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error ?? live}
        data-testid={testId}
      />
    </Stack>
  );
}
