import { Paper, Text } from '@mantine/core';

interface StatCardProps {
  /** data-testid="dashboard-card-<key>". */
  cardKey: string;
  label: string;
  value: string;
  hint?: string;
}

/** One figure of the dashboard: its name, its value ("—" when the range has none) and a line under it. */
export function StatCard({ cardKey, label, value, hint }: StatCardProps) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid={`dashboard-card-${cardKey}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz={{ base: 20, sm: 26 }} lh={1.2} mt={4} data-testid={`dashboard-card-${cardKey}-value`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2} data-testid={`dashboard-card-${cardKey}-hint`}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}
