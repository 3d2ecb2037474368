import { Badge, Group, Text, Title } from '@mantine/core';

/**
 * The head of a provider's settings card (AI providers, bot integrations, SMS, SMTP): its name, a
 * badge that says whether it is set up (found as `statusTestId`), and what setting it up does.
 */
export function SettingsCardHeader({
  title,
  configured,
  status,
  statusTestId,
  intro,
}: {
  title: string;
  configured: boolean;
  /** The badge's texts, set up or not. */
  status: { configured: string; notConfigured: string };
  statusTestId: string;
  intro: string;
}) {
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3}>{title}</Title>
        <Badge color={configured ? 'teal' : 'gray'} data-testid={statusTestId}>
          {configured ? status.configured : status.notConfigured}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
    </>
  );
}
