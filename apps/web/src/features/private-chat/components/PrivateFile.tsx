import type { PrivateMessage } from '@conversa/shared';
import { Anchor, Button, Group, Image, Loader, Text } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/http';
import { notifyApiError } from '../../../lib/notify';
import { downloadPrivateFile, usePrivateFile } from '../api';

/** An object URL for a downloaded blob, revoked when it changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/**
 * A message's file: fetched with the session's token from the members-only route (never a public
 * URL). Images and audio are shown as they load; other files are downloaded on demand.
 */
export function PrivateFile({ message }: { message: PrivateMessage }) {
  const { t } = useTranslation();
  const media = message.media;
  const preview = media?.type === 'image' || media?.type === 'audio' || media?.type === 'video';
  const [downloading, setDownloading] = useState(false);
  const file = usePrivateFile(message.id, Boolean(media) && preview);
  const url = useObjectUrl(file.data?.blob);

  if (!media) return null;
  if (preview) {
    if (file.isError)
      return (
        <Text size="xs" c="red">
          {t('privateChat.fileError')}
        </Text>
      );
    if (!url) return <Loader size="xs" />;
    if (media.type === 'image')
      return (
        <Anchor href={url} target="_blank" rel="noreferrer" data-testid={`private-file-${message.id}`}>
          <Image src={url} alt={media.name} maw={240} mah={240} fit="contain" radius="sm" />
        </Anchor>
      );
    if (media.type === 'audio') return <audio controls src={url} data-testid={`private-file-${message.id}`} style={{ maxWidth: 240 }} />;
    return <video controls src={url} data-testid={`private-file-${message.id}`} style={{ maxWidth: 240 }} />;
  }
  return (
    <Group gap={6} wrap="nowrap">
      <IconFile size={16} />
      <Text size="sm" truncate maw={180}>
        {media.name}
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconDownload size={12} />}
        loading={downloading}
        onClick={() => {
          setDownloading(true);
          downloadPrivateFile(message.id)
            .then((downloaded) => saveFile(downloaded, media.name))
            .catch((error: unknown) => notifyApiError(error, 'private-file-error'))
            .finally(() => setDownloading(false));
        }}
        data-testid={`private-file-${message.id}`}
      >
        {t('privateChat.download')}
      </Button>
    </Group>
  );
}
