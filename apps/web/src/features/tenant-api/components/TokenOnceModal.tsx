import type { TenantApiWithToken } from '@conversa/shared';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/useIsMobile';

/** The token in full, this once (after creation or regeneration), with a copy button and the base URL. */
export function TokenOnceModal({ api, onClose }: { api: TenantApiWithToken; onClose: () => void }) {
  const { t } = useTranslation();
  const baseUrl = `${window.location.origin}${api.basePath}`;
  return (
    <Modal opened onClose={onClose} title={t('tenantApi.tokenTitle', { name: api.name })} fullScreen={useIsMobile()} size="lg">
      <Stack>
        <Alert color="yellow" data-testid="tenant-api-token-warning">
          {t('tenantApi.tokenOnce')}
        </Alert>
        <Group wrap="nowrap" align="center">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="tenant-api-token">
            {api.token}
          </Code>
          <CopyButton value={api.token}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-testid="tenant-api-token-copy"
              >
                {copied ? t('tenantApi.copied') : t('tenantApi.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">{t('tenantApi.baseUrl')}</Text>
        <Code block style={{ wordBreak: 'break-all' }} data-testid="tenant-api-base-url">
          {baseUrl}
        </Code>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="tenant-api-token-done">
            {t('tenantApi.tokenCopiedDone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
