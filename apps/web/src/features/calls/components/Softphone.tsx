import { CALL_RESET_DELAY_MS, isFinalCallStatus } from '@conversa/shared/calls';
import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBackspace, IconPhone } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannels } from '../../channels/api';
import { formatDuration, resetLiveCall, useLiveCall } from '../api';
import { releaseCallMicrophone } from '../call-media';
import { useCallControls } from '../use-call-controls';
import { CallButtons } from './CallButtons';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/**
 * The softphone (SPEC §7): a dial pad placing calls through a channel's voice-call lines, the ring of
 * an incoming call with accept / reject, the call's status and hang-up. The microphone is asked
 * before a call is placed or answered; refused, the call does not start ('Permissão de microfone negada').
 * A call that ended leaves the screen 3.5 s later (SPEC §4). The call's audio runs in the layout's
 * CallDock, so that it goes on on every screen.
 */
export function Softphone() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const channels = useChannels();
  const live = useLiveCall().data ?? null;
  const { micDenied, starting, acting, dial: place, run } = useCallControls();
  const [channelId, setChannelId] = useState<string | null>(null);
  const [number, setNumber] = useState('');

  const channelOptions = (channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const chosen = channelId ?? channelOptions[0]?.value ?? null;

  // A call that ended is reset after 3.5 s; its microphone is released at once (the layout's
  // CallDock does the same on the other screens).
  useEffect(() => {
    if (!live || !isFinalCallStatus(live.status)) return;
    releaseCallMicrophone();
    const timer = setTimeout(() => resetLiveCall(qc, live.id), CALL_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [live, qc]);

  const dial = () => place(Number(chosen), number);

  const ringing = live?.status === 'offer' && live.direction === 'incoming';
  const ended = live ? isFinalCallStatus(live.status) : false;

  return (
    <Card withBorder padding="md" maw={420} w="100%" data-testid="softphone">
      <Stack gap="sm">
        <Text fw={600}>{t('calls.softphone')}</Text>
        {micDenied && (
          <Alert color="red" data-testid="softphone-mic-denied">
            {t('calls.micDenied')}
          </Alert>
        )}
        {live ? (
          <Stack gap="xs" data-testid="softphone-call">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text fw={600} truncate data-testid="softphone-party">
                  {live.contactName ? `${live.contactName} · ${live.phone}` : live.phone}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`calls.direction.${live.direction}`)}
                  {live.inboxName ? ` · ${live.inboxName}` : ''}
                </Text>
              </Stack>
              <Badge color={ringing ? 'green' : ended ? 'gray' : 'blue'} data-testid="softphone-status">
                {t(`calls.status.${live.status}`)}
              </Badge>
            </Group>
            {ended && live.duration > 0 && <Text size="sm">{t('calls.durationIs', { duration: formatDuration(live.duration) })}</Text>}
            <CallButtons
              call={live}
              acting={acting}
              run={run}
              labels={{ accept: t('calls.accept'), reject: t('calls.reject'), hangup: t('calls.hangup') }}
              testIdPrefix="softphone"
            />
          </Stack>
        ) : (
          <Stack gap="xs">
            <Select
              label={t('calls.channel')}
              data={channelOptions}
              value={chosen}
              onChange={setChannelId}
              allowDeselect={false}
              data-testid="softphone-channel"
            />
            <TextInput
              label={t('calls.number')}
              value={number}
              inputMode="tel"
              onChange={(event) => setNumber(event.currentTarget.value.replace(/[^\d+*#() -]/g, ''))}
              rightSection={
                <Button
                  variant="subtle"
                  size="compact-xs"
                  aria-label={t('calls.erase')}
                  onClick={() => setNumber((n) => n.slice(0, -1))}
                  data-testid="softphone-erase"
                >
                  <IconBackspace size={16} />
                </Button>
              }
              data-testid="softphone-number"
            />
            <SimpleGrid cols={3} spacing="xs">
              {KEYS.map((key) => (
                <Button
                  key={key}
                  variant="default"
                  size="md"
                  onClick={() => setNumber((n) => n + key)}
                  data-testid={`softphone-key-${key}`}
                >
                  {key}
                </Button>
              ))}
            </SimpleGrid>
            <Button
              color="green"
              leftSection={<IconPhone size={16} />}
              disabled={!chosen || number.replace(/\D/g, '').length < 8}
              loading={starting}
              onClick={dial}
              data-testid="softphone-dial"
            >
              {t('calls.call')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
