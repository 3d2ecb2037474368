import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A ticket's protocol, as the chat header shows it: the number and a button that copies it (to paste to the customer). */
export function ProtocolBadge({ protocol }: { protocol: string | null }) {
  const { t } = useTranslation();
  if (!protocol) return null;
  return (
    <Group gap={2} wrap="nowrap" data-testid="chat-protocol">
      <Text size="xs" c="dimmed" ff="monospace">
        {t('records.protocols.label', { protocol })}
      </Text>
      <CopyButton value={protocol} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('records.protocols.copied') : t('records.protocols.copy')} withArrow>
            <ActionIcon
              size="xs"
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={t('records.protocols.copy')}
              data-testid="chat-protocol-copy"
            >
              {copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
