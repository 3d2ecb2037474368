import { CONSOLE_COMMANDS, type ConsoleCommand, type ConsoleResult } from '@conversa/shared';
import { Alert, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/errors';
import { notifyApiError } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { isPlatformAdmin } from '../../../app/paths';
import { useConsoleCommand } from '../api';

/** SPEC §8: what anyone but the platform superadmin sees on /terminal. */
function Denied() {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconLock size={18} />} data-testid="terminal-denied">
      {t('platformOps.terminal.denied')}
    </Alert>
  );
}

/**
 * /terminal made safe: a read-only diagnostics console with a fixed set of commands (health,
 * versions, database, queues, recent errors), never a shell. Anyone but the platform superadmin of
 * tenant 1 is told 'Usuário não autorizado a acessar o terminal' (and the API refuses them too).
 */
export function TerminalPage() {
  const { t } = useTranslation();
  const session = useSession();
  const run = useConsoleCommand();
  const [results, setResults] = useState<ConsoleResult[]>([]);
  const [denied, setDenied] = useState(false);

  if (!session || !isPlatformAdmin(session.profile, session.tenantId) || denied) {
    return (
      <Stack data-testid="terminal-page">
        <Title order={2}>{t('platformOps.terminal.title')}</Title>
        <Denied />
      </Stack>
    );
  }

  const execute = (command: ConsoleCommand) =>
    run.mutate(command, {
      onSuccess: (result) => setResults((previous) => [result, ...previous].slice(0, 20)),
      onError: (error) => {
        if (isApiError(error) && error.status === 403) setDenied(true);
        else notifyApiError(error, 'console-error');
      },
    });

  return (
    <Stack data-testid="terminal-page">
      <Title order={2}>{t('platformOps.terminal.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('platformOps.terminal.help')}
      </Text>
      <Group>
        {CONSOLE_COMMANDS.map((command) => (
          <Button
            key={command}
            variant="light"
            onClick={() => execute(command)}
            loading={run.isPending && run.variables === command}
            data-testid={`console-${command}`}
          >
            {t(`platformOps.terminal.commands.${command}`)}
          </Button>
        ))}
      </Group>
      {results.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('platformOps.terminal.empty')}
        </Text>
      )}
      {results.map((result) => (
        <Code
          block
          key={`${result.command}-${result.ranAt}`}
          data-testid="console-output"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {`$ ${result.command}   # ${result.ranAt}\n${result.lines.join('\n')}`}
        </Code>
      ))}
    </Stack>
  );
}
