import type { QuickMessage } from '@conversa/shared';
import { Group, Paper, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { IconMicrophone, IconPaperclip } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface QuickMessageListProps {
  items: QuickMessage[];
  /** Index of the highlighted item (-1: none). */
  highlight: number;
  onHighlight: (index: number) => void;
  onPick: (quick: QuickMessage) => void;
  /** The list is still loading. */
  loading?: boolean;
}

/** The composer's `/` list: the active quick messages whose key holds what follows the slash. */
export function QuickMessageList({ items, highlight, onHighlight, onPick, loading }: QuickMessageListProps) {
  const { t } = useTranslation();
  const active = useRef<HTMLButtonElement>(null);
  // Braces: scrollIntoView returns a promise in recent browsers, and an effect may return only its cleanup.
  useEffect(() => {
    void active.current?.scrollIntoView?.({ block: 'nearest' });
  }, [highlight]);

  return (
    <Paper withBorder shadow="sm" mb={6} data-testid="quick-message-list">
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" p="xs" data-testid="quick-message-list-empty">
          {loading ? t('common.loading') : t('tickets.quickMessages.none')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={220} type="auto">
          <div role="listbox" aria-label={t('tickets.quickMessages.title')}>
            {items.map((quick, index) => (
              <UnstyledButton
                key={quick.id}
                ref={index === highlight ? active : undefined}
                role="option"
                aria-selected={index === highlight}
                display="block"
                w="100%"
                px="xs"
                py={6}
                bg={index === highlight ? 'var(--mantine-primary-color-light)' : undefined}
                // Keeps the focus in the composer's input.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => onHighlight(index)}
                onClick={() => onPick(quick)}
                data-testid={`quick-message-option-${quick.key}`}
              >
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} ff="monospace">
                    /{quick.key}
                  </Text>
                  {quick.media && (quick.sendAsAudio ? <IconMicrophone size={14} /> : <IconPaperclip size={14} />)}
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {quick.message || quick.media?.name}
                </Text>
              </UnstyledButton>
            ))}
          </div>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
