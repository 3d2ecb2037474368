import { Box, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ComposerMode = 'message' | 'note';

/** Above the composer: write to the customer, or an internal note the customer never sees. */
export function ComposerModeSwitch({ mode, onChange }: { mode: ComposerMode; onChange: (mode: ComposerMode) => void }) {
  const { t } = useTranslation();
  return (
    <Box px="xs" pt={6} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(value) => onChange(value)}
        color={mode === 'note' ? 'yellow' : undefined}
        data={[
          { value: 'message', label: t('records.notes.messageMode') },
          { value: 'note', label: t('records.notes.mode') },
        ]}
        data-testid="composer-mode"
      />
    </Box>
  );
}
