import type { BulkTicketAction, BulkTicketsResult } from '@conversa/shared';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface BulkResultModalProps {
  action: BulkTicketAction;
  result: BulkTicketsResult;
  names: Map<number, string>;
  onClose: () => void;
}

/** What a mass action did: how many done, and each refused ticket with why (the server's code, translated). */
export function BulkResultModal({ action, result, names, onClose }: BulkResultModalProps) {
  const { t } = useTranslation();
  const refused = result.results.filter((r) => !r.ok);
  // SPEC §8: the code's translated text; an unknown code shows the server's text.
  const why = (code: string | undefined, message: string | undefined) =>
    t(`errors.${code ?? 'unknown'}`, { defaultValue: message ?? code ?? '' });
  return (
    <Modal opened onClose={onClose} title={t('ticketPanel.result.title')} centered data-testid="panel-result">
      <Stack>
        <Alert color={refused.length ? 'orange' : 'green'} data-testid="panel-result-summary">
          {t(`ticketPanel.result.${action}`, { count: result.done })}
          {refused.length > 0 && <> · {t('ticketPanel.result.refused', { count: refused.length })}</>}
        </Alert>
        {refused.length > 0 && (
          <List size="sm" spacing={4} data-testid="panel-result-refused">
            {refused.map((r) => (
              <List.Item key={r.ticketId}>
                <Text size="sm" span fw={500}>
                  #{r.ticketId} {names.get(r.ticketId) ?? ''}
                </Text>{' '}
                <Text size="sm" span c="dimmed">
                  — {why(r.error, r.message)}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="panel-result-close">
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
