import { Box, Card, Center, Grid, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useSession } from '../../../lib/useSession';
import { forgetTeamConversation, privateChatKeys, useChatTeams, type Conversation } from '../api';
import { ConversationGone } from '../components/ConversationGone';
import { ConversationList } from '../components/ConversationList';
import { ConversationView } from '../components/ConversationView';

/** /chat-privado: the internal chat between the tenant's users and within teams. On a phone, the list and then the conversation. */
export function PrivateChatPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const session = useSession();
  const mobile = useIsMobile();
  const teams = useChatTeams();
  const [open, setOpen] = useState<{ conversation: Conversation; name: string } | null>(null);
  // A team conversation the user no longer has (removed from the team, the team deleted or
  // deactivated): the teams tab, read again on the `team` event, no longer holds it.
  const gone =
    open?.conversation.type === 'team' && teams.isSuccess && !teams.data.some((team) => team.id === open.conversation.id)
      ? open.conversation.id
      : null;
  useEffect(() => {
    if (gone !== null) qc.removeQueries({ queryKey: privateChatKeys.messages({ type: 'team', id: gone }) });
  }, [gone, qc]);
  if (!session) return null;

  const list = (
    <ConversationList selected={open?.conversation ?? null} onSelect={(conversation, name) => setOpen({ conversation, name })} />
  );
  const back = mobile ? () => setOpen(null) : undefined;
  const view = !open ? (
    <Center h="100%">
      <Box ta="center">
        <IconMessages size={40} stroke={1.2} />
        <Text c="dimmed">{t('privateChat.choose')}</Text>
      </Box>
    </Center>
  ) : gone !== null ? (
    <ConversationGone name={open.name} onBack={back} />
  ) : (
    <ConversationView
      key={`${open.conversation.type}:${open.conversation.id}`}
      conversation={open.conversation}
      name={open.name}
      userId={session.userId}
      onBack={back}
      onTeamGone={(teamId) => forgetTeamConversation(qc, teamId)}
    />
  );

  const height = 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))';
  if (mobile)
    return (
      <Card withBorder p={open ? 0 : 'xs'} h={height} data-testid="private-chat-page">
        {open ? view : list}
      </Card>
    );
  return (
    <Grid gap="md" data-testid="private-chat-page">
      <Grid.Col span={4}>
        <Card withBorder p="xs" h={height}>
          {list}
        </Card>
      </Grid.Col>
      <Grid.Col span={8}>
        <Card withBorder p={0} h={height}>
          {view}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
