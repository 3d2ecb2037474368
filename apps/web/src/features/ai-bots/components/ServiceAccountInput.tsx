import { AI_SECRET_MASK, BOT_INTEGRATION_LIMITS } from '@conversa/shared';
import { Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconFileUpload, IconKey } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A Google service account's key file (Dialogflow): pasted or uploaded (.json, 20 KiB at most).
 * A stored one is never sent to the browser: the field holds the mask (AI_SECRET_MASK, sent back to
 * keep it) and shows the account's e-mail; "replace" empties it for a new file, "keep" brings the mask back.
 */
export function ServiceAccountInput({
  value,
  onValue,
  onError,
  clientEmail,
  stored,
  label,
  description,
  error,
}: {
  value: string;
  onValue: (value: string) => void;
  onError: (message: string) => void;
  clientEmail: string;
  stored: boolean;
  label: string;
  description: string;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  if (value === AI_SECRET_MASK)
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs" wrap="wrap">
          <IconKey size={16} />
          <Text size="sm" data-testid="bot-credentials-stored" style={{ wordBreak: 'break-all' }}>
            {t('aiBots.integrations.dialogflow.credentialsStored', { email: clientEmail })}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => onValue('')} data-testid="bot-credentials-replace">
            {t('aiBots.integrations.dialogflow.credentialsReplace')}
          </Button>
        </Group>
      </Stack>
    );

  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > BOT_INTEGRATION_LIMITS.credentialsMaxBytes) {
      onError(t('aiBots.integrations.dialogflow.credentialsTooLarge'));
      return;
    }
    onValue(await file.text());
  };

  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        description={description}
        required
        autosize
        minRows={3}
        maxRows={8}
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        placeholder='{ "type": "service_account", … }'
        value={value}
        error={error}
        onChange={(event) => onValue(event.currentTarget.value)}
        data-testid="bot-credentials"
      />
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={(file) => void upload(file)} accept="application/json,.json">
          {(props) => (
            <Button
              {...props}
              size="compact-sm"
              variant="default"
              leftSection={<IconFileUpload size={14} />}
              data-testid="bot-credentials-upload"
            >
              {t('aiBots.integrations.dialogflow.credentialsUpload')}
            </Button>
          )}
        </FileButton>
        {stored && (
          <Button size="compact-sm" variant="subtle" onClick={() => onValue(AI_SECRET_MASK)} data-testid="bot-credentials-keep">
            {t('aiBots.integrations.dialogflow.credentialsKeep', { email: clientEmail })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
