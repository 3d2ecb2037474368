import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTenantUsage } from '../usage';

/**
 * The "new user" / "new channel" button with the company's limit beside it ("3 de 5"): at the
 * limit it is disabled and says why, before anyone fills in the form (the server checks it too).
 */
export function LimitedAddButton({
  resource,
  label,
  onClick,
  testId,
}: {
  resource: 'users' | 'connections';
  label: string;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const usage = useTenantUsage().data;
  const used = usage ? (resource === 'users' ? usage.users : usage.connections) : undefined;
  const max = usage ? (resource === 'users' ? usage.maxUsers : usage.maxConnections) : undefined;
  const full = used !== undefined && max !== undefined && used >= max;
  const button = (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick} disabled={full} data-testid={testId}>
      {label}
    </Button>
  );
  return (
    <Group gap="xs" wrap="nowrap">
      {used !== undefined && max !== undefined && (
        <Text size="sm" c={full ? 'red' : 'dimmed'} data-testid={`${testId}-usage`}>
          {t(`limits.${resource}Usage`, { used, count: max })}
        </Text>
      )}
      {full ? (
        <Tooltip label={t(`limits.${resource}Full`, { count: max })} multiline w={260}>
          {/* A disabled button takes no pointer events: the wrapper shows the reason. */}
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
    </Group>
  );
}
