import { HISTORY_SYNC_MAX_MESSAGES, type Queue } from '@conversa/shared';
import { Fieldset, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistorySwitch } from '../channel-types';

interface HistoryImportFieldsProps {
  settings: Record<string, unknown>;
  /** Per settings key: an already translated message (the client's check or the server's). */
  errors: Record<string, string>;
  queues: readonly Queue[];
  /** undefined removes the key from the settings. */
  onChange: (key: string, value: unknown) => void;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The history sync and group block of the channel form (see HISTORY_TYPES): the date range, limit,
 * queue and close options only apply (and are only shown) when importOldMessages is on.
 */
export function HistoryImportFields({ settings, errors, queues, onChange }: HistoryImportFieldsProps) {
  const { t } = useTranslation();
  const importing = settings.importOldMessages === true;
  const limit = settings.historySyncLimit;
  const queueId = settings.importQueueId;

  const toggle = (key: HistorySwitch, description?: string) => (
    <Switch
      label={t(`channels.history.${key}`)}
      description={description}
      checked={settings[key] === true}
      error={errors[key]}
      data-testid={`channel-history-${key}`}
      onChange={(event) => onChange(key, event.currentTarget.checked)}
    />
  );

  return (
    <Fieldset legend={t('channels.history.title')} data-testid="channel-history">
      <Stack gap="sm">
        {toggle('importOldMessages', t('channels.history.importOldMessagesHint'))}
        {importing && (
          <Stack gap="sm" pl="lg" data-testid="channel-history-import">
            <Group grow align="flex-start">
              <TextInput
                type="date"
                label={t('channels.history.importFrom')}
                value={text(settings.importFrom)}
                max={text(settings.importTo) || undefined}
                error={errors.importFrom}
                data-testid="channel-history-importFrom"
                onChange={(event) => onChange('importFrom', event.currentTarget.value || null)}
              />
              <TextInput
                type="date"
                label={t('channels.history.importTo')}
                value={text(settings.importTo)}
                min={text(settings.importFrom) || undefined}
                error={errors.importTo}
                data-testid="channel-history-importTo"
                onChange={(event) => onChange('importTo', event.currentTarget.value || null)}
              />
            </Group>
            <Text size="xs" c="dimmed">
              {t('channels.history.rangeHint')}
            </Text>
            <Group grow align="flex-start">
              <NumberInput
                label={t('channels.history.historySyncLimit')}
                description={t('channels.history.historySyncLimitHint', { max: HISTORY_SYNC_MAX_MESSAGES })}
                placeholder={t('channels.history.noLimit')}
                value={typeof limit === 'number' || typeof limit === 'string' ? limit : ''}
                allowDecimal={false}
                clampBehavior="none"
                min={1}
                max={HISTORY_SYNC_MAX_MESSAGES}
                error={errors.historySyncLimit}
                data-testid="channel-history-historySyncLimit"
                onChange={(value) => onChange('historySyncLimit', value === '' ? null : value)}
              />
              <Select
                label={t('channels.history.importQueueId')}
                placeholder={t('channels.noQueue')}
                data={queues.map((q) => ({ value: String(q.id), label: q.name }))}
                clearable
                value={typeof queueId === 'number' ? String(queueId) : null}
                error={errors.importQueueId}
                data-testid="channel-history-importQueueId"
                onChange={(value) => onChange('importQueueId', value ? Number(value) : null)}
              />
            </Group>
            {toggle('closeImportedTickets')}
          </Stack>
        )}
        {toggle('importGroups', t('channels.history.importGroupsHint'))}
      </Stack>
    </Fieldset>
  );
}
