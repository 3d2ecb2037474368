import {
  flowDefinitionSchema,
  nextFlowActions,
  type FlowAction,
  type FlowDraft,
  type FlowEvent,
  type FlowPosition,
} from '@conversa/shared/chatbot';
import { AI_PROVIDER_INFO, BOT_INTEGRATION_INFO } from '@conversa/shared';
import { Alert, Badge, Button, Checkbox, Group, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanes } from '../../lanes/api';
import { useTags } from '../../tags/api';
import { useRouteLabel } from './RoutePicker';

interface Line {
  id: number;
  from: 'customer' | 'bot' | 'system';
  text: string;
}

/**
 * Runs the draft against typed customer messages with the engine's own decision function
 * (nextFlowActions), without any channel: the bot's replies, what it would do, and the current step.
 * Template variables are shown as written (the server fills them in for a real ticket).
 */
export function TestPanel({ definition }: { definition: FlowDraft }) {
  const { t } = useTranslation();
  const routeLabel = useRouteLabel();
  const lanes = useLanes();
  const tags = useTags();
  const parsed = useMemo(() => flowDefinitionSchema.safeParse(definition), [definition]);
  const [lines, setLines] = useState<Line[]>([]);
  const [position, setPosition] = useState<FlowPosition | null>(null);
  const [running, setRunning] = useState(false);
  const [isOpen, setIsOpen] = useState(true);
  const [text, setText] = useState('');

  if (!parsed.success)
    return (
      <Alert color="yellow" data-testid="test-invalid">
        {t('chatFlow.test.invalid')}
      </Alert>
    );
  const flow = parsed.data;

  const describe = (action: FlowAction): Line['text'] | null => {
    switch (action.type) {
      case 'sendText':
        return action.text;
      case 'sendMedia':
        return `📎 ${action.media.name}${action.caption ? ` — ${action.caption}` : ''}`;
      case 'startDelay':
        return t('chatFlow.test.delay', { seconds: action.seconds });
      case 'runInteraction':
        return t('chatFlow.test.interaction', {
          url:
            action.interaction.kind === 'webhook'
              ? action.interaction.url
              : action.interaction.kind === 'ai'
                ? AI_PROVIDER_INFO[action.interaction.provider].label
                : action.interaction.kind === 'typebot'
                  ? BOT_INTEGRATION_INFO.typebot.label
                  : action.interaction.kind,
        });
      case 'startFlow':
        return t('chatFlow.test.startFlow', { id: action.flowId });
      case 'moveToLane':
        return t('chatFlow.test.moveToLane', { lane: lanes.data?.find((lane) => lane.id === action.laneId)?.name ?? `#${action.laneId}` });
      case 'saveContactInfo':
        return t('chatFlow.test.saveContactInfo', { variable: `{{${action.name}}}`, value: action.value });
      case 'addTag':
        return t('chatFlow.test.addTag', { name: tags.data?.find((tag) => tag.id === action.tagId)?.name ?? `#${action.tagId}` });
      case 'exit':
        return t('chatFlow.test.exit', { route: routeLabel(action.route, flow.steps) });
      case 'waitAnswer':
        return null;
    }
  };

  const fire = (event: FlowEvent, said?: string) => {
    const decision = nextFlowActions(flow, event.type === 'enter' ? null : position, event, new Date());
    setLines((current) => {
      let id = current.length;
      const next = [...current];
      if (said !== undefined) next.push({ id: id++, from: 'customer', text: said });
      if (decision.ignored) next.push({ id: id++, from: 'system', text: t('chatFlow.test.ignored') });
      for (const action of decision.actions) {
        const line = describe(action);
        if (line !== null)
          next.push({ id: id++, from: action.type === 'sendText' || action.type === 'sendMedia' ? 'bot' : 'system', text: line });
      }
      return next;
    });
    if (!decision.ignored) {
      setPosition(decision.position);
      setRunning(decision.position !== null);
    }
  };

  const start = () => {
    setLines([]);
    setPosition(null);
    fire({ type: 'enter', isOpen });
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    const answer = text.trim();
    if (!answer || !running) return;
    setText('');
    fire({ type: 'answer', text: answer }, answer);
  };

  const step = position ? flow.steps.find((s) => s.id === position.stepId) : undefined;

  return (
    <Stack gap="sm" data-testid="test-panel">
      <Group justify="space-between">
        <Checkbox label={t('chatFlow.test.inHours')} checked={isOpen} onChange={(e) => setIsOpen(e.currentTarget.checked)} />
        <Button size="xs" onClick={start} data-testid="test-start">
          {lines.length ? t('chatFlow.test.restart') : t('chatFlow.test.start')}
        </Button>
      </Group>
      <Group gap="xs">
        <Text size="sm">{t('chatFlow.test.currentStep')}</Text>
        <Badge variant="light" data-testid="test-current-step" style={{ textTransform: 'none' }}>
          {step ? step.name : running ? '—' : t('chatFlow.test.outOfFlow')}
        </Badge>
        {position?.waitingFor === 'delay' && (
          <Button size="compact-xs" variant="light" onClick={() => fire({ type: 'delayElapsed' })} data-testid="test-skip-delay">
            {t('chatFlow.test.skipDelay')}
          </Button>
        )}
        {position?.waitingFor === 'interaction' && (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => fire({ type: 'interactionResult', data: null })}
            data-testid="test-skip-interaction"
          >
            {t('chatFlow.test.skipInteraction')}
          </Button>
        )}
        {position?.waitingFor === 'answer' && step?.noAnswerRoute && (
          <Button size="compact-xs" variant="light" onClick={() => fire({ type: 'noAnswer' })} data-testid="test-no-answer">
            {t('chatFlow.test.noAnswer')}
          </Button>
        )}
      </Group>
      <ScrollArea.Autosize mah={360}>
        <Stack gap={6} data-testid="test-transcript" aria-live="polite">
          {lines.map((line) => (
            <Paper
              key={line.id}
              p="xs"
              radius="md"
              withBorder={line.from !== 'system'}
              bg={line.from === 'customer' ? 'var(--mantine-color-blue-light)' : undefined}
              ml={line.from === 'customer' ? 'xl' : 0}
              mr={line.from === 'bot' ? 'xl' : 0}
              data-testid={`test-line-${line.from}`}
            >
              <Text
                size="sm"
                c={line.from === 'system' ? 'dimmed' : undefined}
                fs={line.from === 'system' ? 'italic' : undefined}
                style={{ whiteSpace: 'pre-wrap' }}
              >
                {line.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <form onSubmit={send}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('chatFlow.test.message')}
            placeholder={t('chatFlow.test.message')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            disabled={!running}
            data-testid="test-input"
          />
          <Button type="submit" disabled={!running || !text.trim()} aria-label={t('chatFlow.test.send')} data-testid="test-send">
            <IconSend size={16} />
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
