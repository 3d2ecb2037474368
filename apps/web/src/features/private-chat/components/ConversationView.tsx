import { isAcceptedUploadMime, MEDIA_UPLOAD, PRIVATE_MESSAGE_MAX, type PrivateMessage } from '@conversa/shared';
import {
  ActionIcon,
  Box,
  Button,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/QueryError';
import { useDraft } from '../../../lib/drafts';
import { dayKey, formatDate, formatTime } from '../../../lib/format';
import { hasErrorCode } from '../../../lib/errors';
import { notifyApiError, notifyError } from '../../../lib/notify';
import { flattenMessages, useConversationMessages, useMarkConversationRead, useSendPrivateMessage, type Conversation } from '../api';
import { ConversationHeader } from './ConversationGone';
import { PrivateFile } from './PrivateFile';

/** Within this distance of the end, the conversation follows its newest message. */
const END_SLACK_PX = 80;
/** From this share of PRIVATE_MESSAGE_MAX on, the composer shows how many characters are used. */
const COUNTER_FROM = 0.9;

function Bubble({ message, mine, showSender }: { message: PrivateMessage; mine: boolean; showSender: boolean }) {
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} data-testid={`private-message-${message.id}`}>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="80%"
        bg={mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default)'}
        withBorder={!mine}
      >
        {showSender && !mine && (
          <Text size="xs" fw={700} c="blue">
            {message.senderName}
          </Text>
        )}
        {message.media && <PrivateFile message={message} />}
        {message.body && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
        )}
        <Text size="xs" c="dimmed" ta="right">
          {formatTime(message.createdAt)}
        </Text>
      </Paper>
    </Group>
  );
}

/** One conversation: its history (newest last, older pages on demand) and the composer (Enter sends, Shift+Enter breaks the line). */
export function ConversationView({
  conversation,
  name,
  userId,
  onBack,
  onTeamGone,
}: {
  conversation: Conversation;
  name: string;
  userId: number;
  onBack?: () => void;
  /** The server answered that this team conversation is no longer the user's (ERR_NO_TEAM_FOUND). */
  onTeamGone?: (teamId: number) => void;
}) {
  const { t } = useTranslation();
  const history = useConversationMessages(conversation);
  const send = useSendPrivateMessage(conversation);
  const markRead = useMarkConversationRead();
  const key = `${conversation.type}:${conversation.id}`;
  // Kept per conversation: another one opened and this one again finds what was typed.
  const [text, setText] = useDraft(`${userId}:private:${key}`);
  const [file, setFile] = useState<File | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const messages = flattenMessages(history.data);
  const last = messages.at(-1);
  const lastFromOther = [...messages].reverse().find((m) => m.senderId !== userId)?.id ?? 0;

  // A team the user was taken out of meanwhile (its `team` event missed): the page says so instead.
  const teamGone = (error: unknown) => conversation.type === 'team' && hasErrorCode(error, 'ERR_NO_TEAM_FOUND');
  useEffect(() => {
    if (teamGone(history.error)) onTeamGone?.(conversation.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on the error only
  }, [history.error]);

  // Opening the conversation reads it; so does each message of another arriving while it is open.
  const { mutate: read } = markRead;
  useEffect(() => {
    if (history.isSuccess) read(conversation);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the conversation is named by its key
  }, [key, lastFromOther, history.isSuccess, read]);

  // The newest message stays in view, also when a picture above it loads and grows (unless the
  // user has scrolled up meanwhile).
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
    atEnd.current = true;
  }, [key, last?.id]);
  const followEnd = () => {
    const element = viewport.current;
    if (element && atEnd.current) element.scrollTop = element.scrollHeight;
  };
  const trackEnd = () => {
    const element = viewport.current;
    if (element) atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < END_SLACK_PX;
  };

  const pickFile = (picked: File | null) => {
    if (!picked) return;
    if (!isAcceptedUploadMime(picked.type || 'application/octet-stream')) return notifyError(t('privateChat.fileType'));
    if (picked.size > MEDIA_UPLOAD.maxBytes) return notifyError(t('privateChat.fileTooLarge', { mb: MEDIA_UPLOAD.maxBytes / 1024 / 1024 }));
    setFile(picked);
  };

  // The server counts the trimmed text; longer than the limit is refused there too (never cut).
  const used = text.trim().length;
  const tooLong = used > PRIVATE_MESSAGE_MAX;

  const submit = () => {
    const body = text.trim();
    if ((!body && !file) || tooLong || send.isPending) return;
    send.mutate(
      { body, file: file ?? undefined },
      {
        onSuccess: () => {
          setText('');
          setFile(null);
        },
        onError: (error) => (teamGone(error) && onTeamGone ? onTeamGone(conversation.id) : notifyApiError(error, 'private-send-error')),
      },
    );
  };

  return (
    <Stack gap={0} h="100%" data-testid="private-conversation">
      <ConversationHeader name={name} onBack={onBack} />
      <ScrollArea
        viewportRef={viewport}
        viewportProps={{ onLoadCapture: followEnd }}
        onScrollPositionChange={trackEnd}
        style={{ flex: 1 }}
        p="xs"
      >
        {history.isError && <QueryError error={history.error} onRetry={() => void history.refetch()} />}
        {history.isLoading && <Loader size="sm" />}
        {history.hasNextPage && (
          <Group justify="center" mb="xs">
            <Button
              size="xs"
              variant="subtle"
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
              data-testid="private-older"
            >
              {t('privateChat.older')}
            </Button>
          </Group>
        )}
        {history.isSuccess && messages.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" mt="md">
            {t('privateChat.empty')}
          </Text>
        )}
        <Stack gap={6}>
          {messages.map((message, index) => {
            const separator = index === 0 || dayKey(message.createdAt) !== dayKey(messages[index - 1].createdAt);
            return (
              <Box key={message.id}>
                {separator && (
                  <Text size="xs" c="dimmed" ta="center" my={4}>
                    {formatDate(message.createdAt)}
                  </Text>
                )}
                <Bubble message={message} mine={message.senderId === userId} showSender={conversation.type === 'team'} />
              </Box>
            );
          })}
        </Stack>
      </ScrollArea>
      <Stack gap={4} p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {file && (
          <Group gap="xs" data-testid="private-attachment">
            <IconPaperclip size={14} />
            <Text size="xs" truncate style={{ flex: 1 }}>
              {file.name}
            </Text>
            <CloseButton size="sm" aria-label={t('privateChat.removeFile')} onClick={() => setFile(null)} />
          </Group>
        )}
        {used >= PRIVATE_MESSAGE_MAX * COUNTER_FROM && (
          <Text
            id="private-counter"
            size="xs"
            ta="right"
            c={tooLong ? 'red' : 'dimmed'}
            role={tooLong ? 'alert' : undefined}
            data-testid="private-counter"
          >
            {t('privateChat.charCount', { used, max: PRIVATE_MESSAGE_MAX })}
            {tooLong && ` — ${t('privateChat.tooLong', { max: PRIVATE_MESSAGE_MAX })}`}
          </Text>
        )}
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <FileButton onChange={pickFile} accept={MEDIA_UPLOAD.accept}>
            {(props) => (
              <Tooltip label={t('privateChat.attach')}>
                <ActionIcon {...props} variant="subtle" size="lg" aria-label={t('privateChat.attach')} data-testid="private-attach">
                  <IconPaperclip size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <Textarea
            style={{ flex: 1 }}
            autosize
            minRows={1}
            maxRows={5}
            error={tooLong}
            aria-invalid={tooLong}
            aria-describedby={used >= PRIVATE_MESSAGE_MAX * COUNTER_FROM ? 'private-counter' : undefined}
            placeholder={t('privateChat.placeholder')}
            aria-label={t('privateChat.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            data-testid="private-input"
          />
          <ActionIcon
            size="lg"
            onClick={submit}
            loading={send.isPending}
            disabled={(!text.trim() && !file) || tooLong}
            aria-label={t('privateChat.send')}
            data-testid="private-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </Stack>
    </Stack>
  );
}
