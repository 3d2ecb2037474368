import { Alert, Button, Center, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * In place of a screen whose code could not be downloaded (offline, or a new version deployed
 * meanwhile: the old files are gone) or that failed to render: the rest of the app stays usable,
 * and a reload fetches the current files. Its texts are in the first download (section `app`).
 */
export function LoadFailure() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" p="md">
      <Alert color="orange" icon={<IconWifiOff size={18} />} title={t('app.loadFailedTitle')} maw={480} data-testid="load-failure">
        <Text size="sm" mb="sm">
          {t('app.loadFailedMessage')}
        </Text>
        <Button size="xs" onClick={() => window.location.reload()} data-testid="load-failure-reload">
          {t('app.reload')}
        </Button>
      </Alert>
    </Center>
  );
}
