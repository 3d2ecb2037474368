import { TEMPLATE_VARIABLES } from '@conversa/shared/template-variable-names';
import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { useContactVariables } from '../features/contact-variables/api';
import { IconBraces } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface VariablePickerProps {
  /** Called with the variable's name (e.g. `name`); the caller inserts `{{name}}`. */
  onPick: (variable: string) => void;
  /** The variables offered (default: every template variable of SPEC §3). */
  allowed?: readonly string[];
  /** Also offer `webhook` (chatbot messages: `{{webhook.path}}`, a value of the last webhook answer). */
  webhook?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** A button that lists the template variables (SPEC §3) and the tenant's contact variables with their meaning; choosing one inserts it. */
export function VariablePicker({
  onPick,
  allowed = TEMPLATE_VARIABLES,
  webhook = false,
  disabled,
  testId = 'variable-picker',
}: VariablePickerProps) {
  const { t } = useTranslation();
  const custom = useContactVariables().data ?? [];
  return (
    <Menu position="top-start" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <Tooltip label={t('templates.insertVariable')}>
          <ActionIcon variant="subtle" size="lg" aria-label={t('templates.insertVariable')} disabled={disabled} data-testid={testId}>
            <IconBraces size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {allowed.map((name) => (
          <Menu.Item key={name} onClick={() => onPick(name)} data-testid={`${testId}-${name}`}>
            <Text size="sm">{t(`templates.variables.${name}`)}</Text>
            <Text size="xs" c="dimmed" ff="monospace">{`{{${name}}}`}</Text>
          </Menu.Item>
        ))}
        {custom.length > 0 && <Menu.Label>{t('templates.contactVariables')}</Menu.Label>}
        {custom.map((variable) => (
          <Menu.Item key={`custom-${variable.id}`} onClick={() => onPick(variable.name)} data-testid={`${testId}-${variable.name}`}>
            <Text size="sm">{variable.description ?? variable.name}</Text>
            <Text size="xs" c="dimmed" ff="monospace">{`{{${variable.name}}}`}</Text>
          </Menu.Item>
        ))}
        {webhook && (
          <Menu.Item onClick={() => onPick('webhook')} data-testid={`${testId}-webhook`}>
            <Text size="sm">{t('templates.webhook')}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {'{{webhook.path}}'}
            </Text>
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** `text` with `inserted` put in place of the selection of `input` (the end of the text without one); and where the caret goes. */
export function insertAtSelection(
  input: HTMLTextAreaElement | HTMLInputElement | null,
  text: string,
  inserted: string,
): { value: string; caret: number } {
  const start = input?.selectionStart ?? text.length;
  const end = input?.selectionEnd ?? text.length;
  return { value: text.slice(0, start) + inserted + text.slice(end), caret: start + inserted.length };
}
