import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { TicketListPanel } from '../components/TicketListPanel';
import classes from './AtendimentoLayout.module.css';

/** /atendimento: the ticket list beside the chat (or the empty chat, or the contacts in chat mode). */
export function AtendimentoLayout() {
  const { ticketId } = useParams();
  const { pathname } = useLocation();
  const selectedId = ticketId && /^\d+$/.test(ticketId) ? Number(ticketId) : null;
  // On small screens one column at a time: the list, or the chosen chat / contacts.
  const childActive = selectedId !== null || pathname.endsWith('/contatos');
  return (
    <Paper withBorder className={classes.frame} data-testid="atendimento" data-view={childActive ? 'chat' : 'list'}>
      <Group h="100%" gap={0} wrap="nowrap" align="stretch">
        <Box
          w={{ base: '100%', md: 340 }}
          display={{ base: childActive ? 'none' : 'block', md: 'block' }}
          style={{ borderRight: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
        >
          <TicketListPanel selectedId={selectedId} />
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }} display={{ base: childActive ? 'block' : 'none', md: 'block' }}>
          <Outlet />
        </Box>
      </Group>
    </Paper>
  );
}

/** /atendimento/chats: no chat chosen yet. */
export function EmptyChatPage() {
  const { t } = useTranslation();
  return (
    <Center h="100%" data-testid="chat-empty">
      <Stack align="center" gap="xs">
        <IconMessages size={48} stroke={1.2} color="var(--mantine-color-dimmed)" />
        <Text c="dimmed">{t('tickets.emptyChat')}</Text>
      </Stack>
    </Center>
  );
}
