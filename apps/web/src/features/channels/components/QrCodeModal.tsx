import type { Channel } from '@conversa/shared';
import { Badge, Code, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isImageDataUrl } from '../channel-types';

/**
 * The channel's QR code (or pairing code), live: the channel comes from the channel list, which
 * 'whatsappSession' socket events keep current. Closes by itself once the channel is connected.
 */
export function QrCodeModal({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const { t } = useTranslation();
  const connected = channel.status === 'connected';

  useEffect(() => {
    if (connected) onClose();
  }, [connected, onClose]);

  const code = channel.qrcode;
  return (
    <Modal opened onClose={onClose} title={t('channels.qrTitle', { name: channel.name })} centered data-testid="qrcode-modal">
      <Stack align="center">
        <Group gap="xs">
          <Text size="sm">{t('channels.statusLabel')}</Text>
          <Badge data-testid="qrcode-status" data-status={channel.status}>
            {t(`channels.status.${channel.status}`)}
          </Badge>
        </Group>
        {!code ? (
          <Stack align="center" gap="xs" data-testid="qrcode-waiting">
            <Loader />
            <Text size="sm" c="dimmed">
              {t('channels.qrWaiting')}
            </Text>
          </Stack>
        ) : isImageDataUrl(code) ? (
          <>
            <Image
              src={code}
              alt={t('channels.qrAlt')}
              w={264}
              h={264}
              fit="contain"
              style={{ imageRendering: 'pixelated' }}
              data-testid="qrcode-image"
            />
            <Text size="sm" c="dimmed" ta="center">
              {t('channels.qrScanHint')}
            </Text>
          </>
        ) : (
          <>
            <Code block fz="lg" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', maxWidth: '100%' }} data-testid="qrcode-text">
              {code}
            </Code>
            <Text size="sm" c="dimmed" ta="center">
              {t('channels.pairingHint')}
            </Text>
          </>
        )}
      </Stack>
    </Modal>
  );
}
