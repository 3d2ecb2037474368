import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A value shown in monospace, wrapping anywhere (390 px), with a copy button beside it. */
export function CopyField({ value, testId, label }: { value: string; testId: string; label?: string }) {
  const { t } = useTranslation();
  const copyLabel = label ?? t('apiService.copy');
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Code data-testid={testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'normal', flex: 1 }}>
        {value}
      </Code>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('apiService.copied') : copyLabel}>
            <ActionIcon
              variant="light"
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={copyLabel}
              data-testid={`${testId}-copy`}
              data-copied={copied || undefined}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
