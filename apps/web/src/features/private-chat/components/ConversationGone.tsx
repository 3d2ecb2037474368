import { ActionIcon, Alert, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A conversation's title bar: its name, and on a phone the way back to the list. */
export function ConversationHeader({ name, onBack }: { name: string; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" p="xs" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {onBack && (
        <ActionIcon variant="subtle" onClick={onBack} aria-label={t('privateChat.back')} data-testid="private-back">
          <IconArrowLeft size={18} />
        </ActionIcon>
      )}
      <Title order={4} lineClamp={1} data-testid="private-conversation-name">
        {name}
      </Title>
    </Group>
  );
}

/**
 * A team conversation that was open when the user lost it (removed from the team, the team deleted
 * or deactivated): no history and no composer any more, and it says why.
 */
export function ConversationGone({ name, onBack }: { name: string; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} h="100%" data-testid="private-conversation-gone">
      <ConversationHeader name={name} onBack={onBack} />
      <Alert m="md" color="yellow" variant="light" icon={<IconLock size={18} />} title={t('privateChat.teamGone.title')}>
        {t('privateChat.teamGone.message', { name })}
      </Alert>
    </Stack>
  );
}
