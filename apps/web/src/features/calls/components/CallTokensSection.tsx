import { Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { useChannelCallTokens, useSaveChannelCallTokens } from '../api';

/**
 * The channel's voice-call tokens (SPEC §3 Channel "voice-call tokens (comma-separated)"), in the
 * channel form of an existing channel, for admins, opened on demand: shown masked, saved on their own
 * (a mask kept as it is keeps the stored token).
 */
export function CallTokensSection({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const isAdmin = session?.profile === 'admin' || session?.profile === 'superadmin';
  if (!isAdmin) return null;
  if (open) return <CallTokensFields channelId={channelId} />;
  return (
    <Button variant="subtle" size="xs" mt="md" onClick={() => setOpen(true)} data-testid="channel-call-tokens-open">
      {t('calls.tokensTitle')}
    </Button>
  );
}

function CallTokensFields({ channelId }: { channelId: number }) {
  const stored = useChannelCallTokens(channelId);
  if (!stored.data) return null;
  // Saved tokens come back masked: the field starts again from them.
  return <CallTokensForm key={stored.data.updatedAt ?? 'none'} channelId={channelId} initial={stored.data.tokens.join(', ')} />;
}

function CallTokensForm({ channelId, initial }: { channelId: number; initial: string }) {
  const { t } = useTranslation();
  const save = useSaveChannelCallTokens(channelId);
  const [value, setValue] = useState(initial);

  const submit = () =>
    save.mutate(value, {
      onSuccess: () => notifySuccess(t('calls.tokensSaved')),
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    <Stack gap="xs" mt="md" data-testid="channel-call-tokens">
      <Divider label={t('calls.tokensTitle')} labelPosition="left" />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: 1, minWidth: 200 }}
          label={t('calls.tokens')}
          description={t('calls.tokensHint')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          data-testid="channel-call-tokens-input"
        />
        <Button variant="light" loading={save.isPending} onClick={submit} data-testid="channel-call-tokens-save">
          {t('calls.saveTokens')}
        </Button>
      </Group>
    </Stack>
  );
}
