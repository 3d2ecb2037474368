import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/useIsMobile';
import { CopyField } from './CopyField';

export interface RevealedSecrets {
  /** The configuration's name, in the title. */
  name: string;
  token?: string;
  webhookSecret?: string;
}

/**
 * The token and/or webhook secret in full, the one time the server answers them (creation,
 * regeneration): copy buttons and the warning that they will not be shown again (only their hash,
 * or sealed copy, is kept; answers mask them after).
 */
export function SecretOnceModal({ secrets, onClose }: { secrets: RevealedSecrets; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={mobile}
      title={t('apiService.secretTitle', { name: secrets.name })}
      centered
      closeOnClickOutside={false}
      data-testid="api-secret-modal"
    >
      <Stack>
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="api-secret-warning">
          {t('apiService.secretWarning')}
        </Alert>
        {secrets.token && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('apiService.token')}
            </Text>
            <CopyField value={secrets.token} testId="api-secret-token" label={t('apiService.copyToken')} />
          </Stack>
        )}
        {secrets.webhookSecret && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('apiService.webhookSecret')}
            </Text>
            <CopyField value={secrets.webhookSecret} testId="api-secret-webhook" label={t('apiService.copyWebhookSecret')} />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="api-secret-done">
            {t('apiService.secretDone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
