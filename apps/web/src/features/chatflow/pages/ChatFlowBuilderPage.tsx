import type { Flow } from '@conversa/shared/chatbot';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  List,
  Loader,
  Paper,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import {
  IconAdjustments,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowLeft,
  IconKeyboard,
  IconPlayerPlay,
  IconPlus,
  IconRocket,
} from '@tabler/icons-react';
import { ReactFlowProvider } from '@xyflow/react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { QueryError } from '../../../components/QueryError';
import { notifySuccess } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useFlow, usePublishFlow } from '../api';
import { addStep, deleteSteps, newStep } from '../builder/edit';
import { FlowCanvas } from '../builder/FlowCanvas';
import { FlowSettingsPanel } from '../builder/FlowSettingsPanel';
import { deletedTargetIssues, draftIssues, issuePlace } from '../builder/issues';
import { useChannels } from '../../channels/api';
import { useContactVariableNames } from '../../contact-variables/api';
import { useQueues } from '../../queues/api';
import { ServerIssues } from '../builder/ServerIssues';
import { StepPanel } from '../builder/StepPanel';
import { TestPanel } from '../builder/TestPanel';
import { initialDraft, useAutosave, type AutosaveStatus } from '../builder/useAutosave';
import { useFlowHistory } from '../builder/useFlowHistory';

const STATUS_COLOR: Record<AutosaveStatus, string> = { saved: 'teal', pending: 'gray', saving: 'blue', invalid: 'yellow', error: 'red' };

/** /chat-flow/builder?id=N: the flow editor (SPEC §2). */
export function ChatFlowBuilderPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const flow = useFlow(id);
  if (id === null)
    return (
      <Alert color="yellow" data-testid="builder-no-flow">
        {t('chatFlow.builder.noFlow')} <Link to={PATHS.chatFlow}>{t('chatFlow.title')}</Link>
      </Alert>
    );
  if (flow.isError) return <QueryError error={flow.error} onRetry={() => void flow.refetch()} />;
  if (!flow.data)
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  return (
    <ReactFlowProvider>
      <FlowBuilder key={flow.data.id} flow={flow.data} />
    </ReactFlowProvider>
  );
}

export function FlowBuilder({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const history = useFlowHistory(initialDraft(flow));
  const { definition, edit } = history;
  const autosave = useAutosave(flow, definition);
  const publish = usePublishFlow();
  const [selected, setSelected] = useState<string | null>(null);
  const [panel, setPanel] = useState<'settings' | 'test' | null>(null);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const [publishError, setPublishError] = useState<unknown>(null);
  // The tenant's contact variables ({{CPF}}…) are valid in messages: checked again once their list arrives.
  const variableNames = useContactVariableNames();
  // Routes to a queue or channel deleted since (the route pickers load the same lists).
  const queues = useQueues();
  const channels = useChannels();
  const issues = useMemo(
    () => [
      ...draftIssues(t, definition, variableNames),
      ...deletedTargetIssues(t, definition, {
        queueIds: queues.data && new Set(queues.data.map((queue) => queue.id)),
        channelIds: channels.data && new Set(channels.data.map((channel) => channel.id)),
      }),
    ],
    [t, definition, variableNames, queues.data, channels.data],
  );
  const invalidStepIds = useMemo(
    () =>
      new Set(
        issues
          .map((issue) => /^steps\.(\d+)/.exec(issue.path)?.[1])
          .filter((index): index is string => index !== undefined)
          .map((index) => definition.steps[Number(index)]?.id ?? ''),
      ),
    [issues, definition],
  );
  const published = flow.publishedVersion !== null;

  useHotkeys([
    ['mod+z', history.undo],
    ['mod+shift+z', history.redo],
    ['mod+y', history.redo],
  ]);

  const add = () => {
    const last = definition.steps.at(-1);
    const step = newStep(t('chatFlow.step.newName', { n: definition.steps.length + 1 }), {
      x: (last?.position.x ?? 0) + 40,
      y: (last?.position.y ?? 0) + 180,
    });
    edit((d) => addStep(d, step));
    setSelected(step.id);
  };

  const removeSelected = useCallback(() => {
    if (!selected) return;
    edit((d) => deleteSteps(d, [selected]));
    setSelected(null);
  }, [edit, selected]);

  const doPublish = async () => {
    setPublishError(null);
    if (!(await autosave.flush())) {
      setConfirmPublish(false);
      return;
    }
    publish.mutate(flow.id, {
      onSuccess: () => {
        notifySuccess(t('chatFlow.builder.published'));
        setConfirmPublish(false);
      },
      onError: (error) => {
        setPublishError(error);
        setConfirmPublish(false);
      },
    });
  };

  const stepPanel = selected ? (
    <StepPanel definition={definition} stepId={selected} issues={issues} edit={edit} onDelete={removeSelected} />
  ) : null;

  return (
    <Stack gap="xs" data-testid="flow-builder">
      <Group justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Tooltip label={t('chatFlow.title')}>
            <ActionIcon component={Link} to={PATHS.chatFlow} variant="subtle" aria-label={t('chatFlow.title')}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Title order={3} lineClamp={1}>
            {flow.name}
          </Title>
          <Badge color={STATUS_COLOR[autosave.status]} variant="light" data-testid="autosave-status" data-status={autosave.status}>
            {t(`chatFlow.builder.status.${autosave.status}`)}
          </Badge>
          {published && (
            <Badge variant="outline" color={flow.hasUnpublishedChanges ? 'orange' : 'teal'} data-testid="published-version">
              {t('chatFlow.builder.version', { version: flow.publishedVersion })}
            </Badge>
          )}
        </Group>
        <Group gap={4}>
          <Tooltip label={t('chatFlow.builder.undo')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={history.undo}
              disabled={!history.canUndo}
              aria-label={t('chatFlow.builder.undo')}
              data-testid="builder-undo"
            >
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('chatFlow.builder.redo')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={history.redo}
              disabled={!history.canRedo}
              aria-label={t('chatFlow.builder.redo')}
              data-testid="builder-redo"
            >
              <IconArrowForwardUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={add} data-testid="builder-add-step">
            {t('chatFlow.builder.addStep')}
          </Button>
          <Tooltip label={t('chatFlow.builder.settings')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => setPanel('settings')}
              aria-label={t('chatFlow.builder.settings')}
              data-testid="builder-settings"
            >
              <IconAdjustments size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('chatFlow.builder.test')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => setPanel('test')}
              aria-label={t('chatFlow.builder.test')}
              data-testid="builder-test"
            >
              <IconPlayerPlay size={18} />
            </ActionIcon>
          </Tooltip>
          <Popover width={320} withArrow position="bottom-end">
            <Popover.Target>
              <ActionIcon variant="default" size="lg" aria-label={t('chatFlow.builder.help.title')} data-testid="builder-help">
                <IconKeyboard size={18} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <Text fw={600} size="sm" mb={4}>
                {t('chatFlow.builder.help.title')}
              </Text>
              <List size="sm" spacing={4}>
                <List.Item>{t('chatFlow.builder.help.tab')}</List.Item>
                <List.Item>{t('chatFlow.builder.help.arrows')}</List.Item>
                <List.Item>{t('chatFlow.builder.help.delete')}</List.Item>
                <List.Item>{t('chatFlow.builder.help.connect')}</List.Item>
                <List.Item>{t('chatFlow.builder.help.undo')}</List.Item>
              </List>
            </Popover.Dropdown>
          </Popover>
          <Button
            leftSection={<IconRocket size={16} />}
            onClick={() => setConfirmPublish(true)}
            disabled={issues.length > 0}
            data-testid="builder-publish"
          >
            {t('chatFlow.builder.publish')}
          </Button>
        </Group>
      </Group>

      {issues.length > 0 && (
        <Alert color="yellow" p="xs" data-testid="draft-issues">
          <Text size="sm" fw={500}>
            {t('chatFlow.builder.issues', { total: issues.length })}
          </Text>
          <ScrollArea.Autosize mah={90}>
            <List size="xs">
              {issues.slice(0, 20).map((issue) => (
                <List.Item key={`${issue.path}:${issue.text}`}>
                  {issuePlace(t, issue.path, definition)}: {issue.text}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Alert>
      )}
      {autosave.status === 'error' && (
        <ServerIssues error={autosave.error} definition={definition} title={t('chatFlow.builder.saveError')} />
      )}
      {publishError !== null && <ServerIssues error={publishError} definition={definition} title={t('chatFlow.builder.publishError')} />}

      <Group align="stretch" gap="xs" wrap="nowrap">
        <Paper
          withBorder
          style={{ flex: 1, minWidth: 0 }}
          h={mobile ? 'calc(100dvh - 220px)' : 'calc(100dvh - 200px)'}
          mih={320}
          data-testid="flow-canvas"
        >
          <FlowCanvas
            definition={definition}
            selectedStepId={selected}
            invalidStepIds={invalidStepIds}
            edit={edit}
            onSelect={setSelected}
          />
        </Paper>
        {!mobile && stepPanel && (
          <Paper withBorder p="sm" w={380} style={{ flexShrink: 0 }}>
            <ScrollArea h="calc(100dvh - 225px)" offsetScrollbars>
              {stepPanel}
            </ScrollArea>
          </Paper>
        )}
      </Group>

      {mobile && (
        <Drawer opened={stepPanel !== null} onClose={() => setSelected(null)} position="bottom" size="85%" title={t('chatFlow.step.title')}>
          {stepPanel}
        </Drawer>
      )}
      <Drawer
        opened={panel === 'settings'}
        onClose={() => setPanel(null)}
        position="right"
        size={mobile ? '100%' : 'md'}
        title={t('chatFlow.builder.settings')}
      >
        <FlowSettingsPanel definition={definition} issues={issues} edit={edit} />
      </Drawer>
      <Drawer
        opened={panel === 'test'}
        onClose={() => setPanel(null)}
        position="right"
        size={mobile ? '100%' : 'md'}
        title={t('chatFlow.builder.test')}
      >
        <TestPanel definition={definition} />
      </Drawer>
      <ConfirmModal
        opened={confirmPublish}
        title={t('chatFlow.builder.publishTitle')}
        message={t('chatFlow.builder.publishConfirm', { name: flow.name })}
        confirmLabel={t('chatFlow.builder.publish')}
        confirmColor="blue"
        loading={publish.isPending || autosave.status === 'saving'}
        onConfirm={() => void doPublish()}
        onClose={() => setConfirmPublish(false)}
      />
    </Stack>
  );
}
