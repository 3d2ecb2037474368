import {
  FLOW_CONDITION_TYPES,
  FLOW_LIMITS,
  type FlowCondition,
  type FlowDraft,
  type FlowInteraction,
  type FlowStep,
} from '@conversa/shared/chatbot';
import { AI_LIMITS, AI_PROVIDER_INFO, AI_PROVIDERS } from '@conversa/shared';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Menu,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { useContactVariableNames } from '../../contact-variables/api';
import { useLanes } from '../../lanes/api';
import { useTags } from '../../tags/api';
import { useAvailableAiBots } from '../../ai-bots/api';
import { useFlows } from '../api';
import { moveItem, newCondition, newInteraction, updateStep } from './edit';
import { issuesUnder, type DraftIssue } from './issues';
import { MediaInteractionFields } from './MediaInteraction';
import { RoutePicker } from './RoutePicker';

interface StepPanelProps {
  definition: FlowDraft;
  stepId: string;
  issues: DraftIssue[];
  edit: (change: (definition: FlowDraft) => FlowDraft, key?: string) => void;
  onDelete: () => void;
}

/** Shown as written in the hints (not interpolated by i18next). */
const VARIABLE_EXAMPLES = { example: '{{name}}, {{greeting}}', webhook: '{{webhook.field}}', interpolation: { escapeValue: false } };

const ADDABLE = ['text', 'media', 'delay', 'webhook', 'ai', 'typebot', 'startFlow', 'tag', 'kanban'] as const;

const numberOrNull = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? null : Number(value));

/** The selected step's fields, checked as you type by the schema that publishing uses. */
export function StepPanel({ definition, stepId, issues, edit, onDelete }: StepPanelProps) {
  const { t } = useTranslation();
  const variableNames = useContactVariableNames();
  const flows = useFlows();
  const lanes = useLanes();
  const tags = useTags();
  const aiBots = useAvailableAiBots();
  const index = definition.steps.findIndex((s) => s.id === stepId);
  const step = definition.steps[index];
  if (!step) return null;
  const errors = issuesUnder(issues, `steps.${index}.`);
  const sub = (prefix: string) => issuesUnder(issues, `steps.${index}.${prefix}.`);
  const change = (patch: Partial<FlowStep> | ((s: FlowStep) => FlowStep), key: string) =>
    edit((d) => updateStep(d, stepId, typeof patch === 'function' ? patch : (s) => ({ ...s, ...patch })), `${stepId}.${key}`);
  const setInteraction = (i: number, value: FlowInteraction, key: string) =>
    change((s) => ({ ...s, interactions: s.interactions.map((it, j) => (j === i ? value : it)) }), `interactions.${value.id}.${key}`);
  const setCondition = (i: number, value: FlowCondition, key: string) =>
    change((s) => ({ ...s, conditions: s.conditions.map((c, j) => (j === i ? value : c)) }), `conditions.${value.id}.${key}`);
  const waits = step.conditions.length > 0;

  return (
    <Stack gap="sm" data-testid="step-panel">
      <Group justify="space-between" wrap="nowrap">
        <Title order={4}>{t('chatFlow.step.title')}</Title>
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
          disabled={definition.steps.length <= 1}
          data-testid="step-delete"
        >
          {t('chatFlow.step.delete')}
        </Button>
      </Group>
      <TextInput
        label={t('chatFlow.step.name')}
        value={step.name}
        onChange={(e) => change({ name: e.currentTarget.value }, 'name')}
        error={errors['name']}
        maxLength={100}
        data-testid="step-name"
      />
      <TextInput
        label={t('chatFlow.step.keyword')}
        description={t('chatFlow.step.keywordHint')}
        value={step.keyword ?? ''}
        onChange={(e) => change({ keyword: e.currentTarget.value === '' ? null : e.currentTarget.value }, 'keyword')}
        error={errors['keyword']}
        maxLength={100}
        data-testid="step-keyword"
      />

      <Divider label={t('chatFlow.step.interactions')} labelPosition="left" />
      {errors['interactions'] && (
        <Text c="red" size="sm">
          {errors['interactions']}
        </Text>
      )}
      {step.interactions.map((interaction, i) => {
        const e = sub(`interactions.${i}`);
        return (
          <Paper key={interaction.id} withBorder p="xs" data-testid={`interaction-${i}`}>
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Text size="sm" fw={500}>
                {t(`chatFlow.interaction.kinds.${interaction.kind}`)}
              </Text>
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('chatFlow.moveUp')}
                  disabled={i === 0}
                  onClick={() => change((s) => ({ ...s, interactions: moveItem(s.interactions, i, -1) }), 'order')}
                  data-testid={`interaction-${i}-up`}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('chatFlow.moveDown')}
                  disabled={i === step.interactions.length - 1}
                  onClick={() => change((s) => ({ ...s, interactions: moveItem(s.interactions, i, 1) }), 'order')}
                  data-testid={`interaction-${i}-down`}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('common.delete')}
                  onClick={() => change((s) => ({ ...s, interactions: s.interactions.filter((_, j) => j !== i) }), 'remove')}
                  data-testid={`interaction-${i}-remove`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            {interaction.kind === 'text' && (
              <TemplateTextarea
                aria-label={t('chatFlow.interaction.kinds.text')}
                description={t('chatFlow.interaction.textHint', VARIABLE_EXAMPLES)}
                webhook
                minRows={2}
                maxRows={8}
                maxLength={FLOW_LIMITS.maxMessageChars}
                value={interaction.text}
                onChange={(text) => setInteraction(i, { ...interaction, text }, 'text')}
                error={e['text']}
                data-testid={`interaction-${i}-text`}
              />
            )}
            {interaction.kind === 'delay' && (
              <NumberInput
                label={t('chatFlow.interaction.seconds')}
                min={1}
                max={FLOW_LIMITS.maxDelaySeconds}
                allowDecimal={false}
                value={interaction.seconds}
                onChange={(v) => setInteraction(i, { ...interaction, seconds: numberOrNull(v) ?? 0 }, 'seconds')}
                error={e['seconds']}
                data-testid={`interaction-${i}-seconds`}
              />
            )}
            {interaction.kind === 'webhook' && (
              <Stack gap={4}>
                <TextInput
                  label={t('chatFlow.interaction.url')}
                  description={t('chatFlow.interaction.webhookHint', VARIABLE_EXAMPLES)}
                  value={interaction.url}
                  onChange={(ev) => setInteraction(i, { ...interaction, url: ev.currentTarget.value }, 'url')}
                  error={e['url']}
                  data-testid={`interaction-${i}-url`}
                />
                <NumberInput
                  label={t('chatFlow.interaction.timeoutMs')}
                  min={FLOW_LIMITS.webhookTimeoutMs.min}
                  max={FLOW_LIMITS.webhookTimeoutMs.max}
                  allowDecimal={false}
                  value={interaction.timeoutMs}
                  onChange={(v) => setInteraction(i, { ...interaction, timeoutMs: numberOrNull(v) ?? 0 }, 'timeout')}
                  error={e['timeoutMs']}
                />
              </Stack>
            )}
            {interaction.kind === 'ai' && (
              <Stack gap={4}>
                <Select
                  label={t('chatFlow.interaction.aiProvider')}
                  description={t('chatFlow.interaction.aiProviderHint')}
                  data={AI_PROVIDERS.map((provider) => ({
                    value: provider,
                    label: aiBots.data?.some((bot) => bot.provider === provider)
                      ? AI_PROVIDER_INFO[provider].label
                      : `${AI_PROVIDER_INFO[provider].label} (${t('chatFlow.interaction.aiNotConfigured')})`,
                  }))}
                  value={interaction.provider}
                  onChange={(provider) => {
                    const chosen = AI_PROVIDERS.find((name) => name === provider);
                    if (chosen) setInteraction(i, { ...interaction, provider: chosen }, 'provider');
                  }}
                  allowDeselect={false}
                  error={e['provider']}
                  data-testid={`interaction-${i}-ai-provider`}
                />
                <Textarea
                  label={t('chatFlow.interaction.aiPrompt')}
                  description={t('chatFlow.interaction.aiPromptHint')}
                  autosize
                  minRows={2}
                  maxRows={8}
                  maxLength={AI_LIMITS.promptMax}
                  value={interaction.prompt}
                  onChange={(ev) => setInteraction(i, { ...interaction, prompt: ev.currentTarget.value }, 'prompt')}
                  error={e['prompt']}
                  data-testid={`interaction-${i}-ai-prompt`}
                />
              </Stack>
            )}
            {interaction.kind === 'typebot' && (
              <Text
                size="xs"
                c={aiBots.data?.some((bot) => bot.provider === 'typebot') ? 'dimmed' : 'orange'}
                data-testid={`interaction-${i}-typebot`}
              >
                {t(
                  aiBots.data?.some((bot) => bot.provider === 'typebot')
                    ? 'chatFlow.interaction.typebotHint'
                    : 'chatFlow.interaction.typebotNotConfigured',
                )}
              </Text>
            )}
            {interaction.kind === 'startFlow' && (
              <Select
                label={t('chatFlow.interaction.flow')}
                data={(flows.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
                value={interaction.flowId ? String(interaction.flowId) : null}
                onChange={(id) => id && setInteraction(i, { ...interaction, flowId: Number(id) }, 'flow')}
                allowDeselect={false}
                error={e['flowId']}
                data-testid={`interaction-${i}-flow`}
              />
            )}
            {interaction.kind === 'kanban' && (
              <Select
                label={t('chatFlow.interaction.lane')}
                description={t('chatFlow.interaction.laneHint')}
                placeholder={lanes.data?.length === 0 ? t('chatFlow.interaction.noLanes') : undefined}
                data={(lanes.data ?? []).map((lane) => ({ value: String(lane.id), label: lane.name }))}
                value={interaction.laneId ? String(interaction.laneId) : null}
                onChange={(id) => id && setInteraction(i, { ...interaction, laneId: Number(id) }, 'lane')}
                allowDeselect={false}
                error={e['laneId']}
                data-testid={`interaction-${i}-lane`}
              />
            )}
            {interaction.kind === 'tag' && (
              <Select
                label={t('chatFlow.interaction.tag')}
                placeholder={t('chatFlow.interaction.tagPlaceholder')}
                data={(tags.data ?? [])
                  .filter((tag) => tag.isActive || tag.id === interaction.tagId)
                  .map((tag) => ({ value: String(tag.id), label: tag.isActive ? tag.name : `${tag.name} (${t('tags.inactive')})` }))}
                value={interaction.tagId ? String(interaction.tagId) : null}
                onChange={(id) => id && setInteraction(i, { ...interaction, tagId: Number(id) }, 'tag')}
                allowDeselect={false}
                searchable
                nothingFoundMessage={t('chatFlow.interaction.noTags')}
                error={e['tagId']}
                data-testid={`interaction-${i}-tag`}
              />
            )}
            {interaction.kind === 'media' && (
              <MediaInteractionFields
                interaction={interaction}
                index={i}
                errors={e}
                onUploaded={(media) =>
                  change(
                    (s) => ({
                      ...s,
                      interactions: s.interactions.map((it) => (it.id === interaction.id && it.kind === 'media' ? { ...it, media } : it)),
                    }),
                    `interactions.${interaction.id}.media.${media.key}`,
                  )
                }
                onCaption={(caption) => setInteraction(i, { ...interaction, caption }, 'caption')}
              />
            )}
          </Paper>
        );
      })}
      <Menu position="bottom-start">
        <Menu.Target>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} data-testid="interaction-add">
            {t('chatFlow.interaction.add')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {ADDABLE.map((kind) => (
            <Menu.Item
              key={kind}
              onClick={() => change((s) => ({ ...s, interactions: [...s.interactions, newInteraction(kind)] }), 'add')}
              data-testid={`interaction-add-${kind}`}
            >
              {t(`chatFlow.interaction.kinds.${kind}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>

      <Divider label={t('chatFlow.step.options')} labelPosition="left" />
      <Text size="xs" c="dimmed">
        {t('chatFlow.step.optionsHint')}
      </Text>
      {errors['conditions'] && (
        <Text c="red" size="sm" data-testid="step-conditions-error">
          {errors['conditions']}
        </Text>
      )}
      {step.conditions.map((condition, i) => {
        const e = sub(`conditions.${i}`);
        return (
          <Paper key={condition.id} withBorder p="xs" data-testid={`condition-${i}`}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Select
                label={t('chatFlow.condition.type')}
                data={FLOW_CONDITION_TYPES.map((type) => ({ value: type, label: t(`chatFlow.condition.types.${type}`) }))}
                value={condition.type}
                onChange={(type) => type && setCondition(i, { ...condition, type: type }, 'type')}
                allowDeselect={false}
                style={{ flex: 1 }}
                data-testid={`condition-${i}-type`}
              />
              {condition.type !== 'any' && (
                <TextInput
                  label={t('chatFlow.condition.value')}
                  value={condition.value}
                  onChange={(ev) => setCondition(i, { ...condition, value: ev.currentTarget.value }, 'value')}
                  error={e['value']}
                  style={{ flex: 1 }}
                  data-testid={`condition-${i}-value`}
                />
              )}
              <ActionIcon
                variant="subtle"
                aria-label={t('chatFlow.moveUp')}
                disabled={i === 0}
                onClick={() => change((s) => ({ ...s, conditions: moveItem(s.conditions, i, -1) }), 'order')}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('common.delete')}
                onClick={() => change((s) => ({ ...s, conditions: s.conditions.filter((_, j) => j !== i) }), 'remove')}
                data-testid={`condition-${i}-remove`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <RoutePicker
              label={t('chatFlow.condition.route')}
              value={condition.route}
              onChange={(route) => route && setCondition(i, { ...condition, route }, 'route')}
              steps={definition.steps}
              fromStepId={stepId}
              errors={sub(`conditions.${i}.route`)}
              testId={`condition-${i}-route`}
            />
          </Paper>
        );
      })}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => change((s) => ({ ...s, conditions: [...s.conditions, newCondition(s.conditions.length)] }), 'add')}
        data-testid="condition-add"
      >
        {t('chatFlow.condition.add')}
      </Button>

      {!waits && (
        <RoutePicker
          label={t('chatFlow.step.next')}
          value={step.next}
          onChange={(next) => change({ next }, 'next')}
          steps={definition.steps}
          fromStepId={stepId}
          nullable
          noneLabel={t('chatFlow.route.leave')}
          errors={sub('next')}
          testId="step-next"
        />
      )}
      {waits && (
        <>
          <Select
            label={t('chatFlow.step.saveAnswer')}
            description={variableNames.length > 0 ? t('chatFlow.step.saveAnswerHint') : t('chatFlow.step.saveAnswerNone')}
            placeholder={t('chatFlow.step.saveAnswerOff')}
            data={[...new Set([...variableNames, ...(step.saveAnswerAs ? [step.saveAnswerAs] : [])])].map((name) => ({
              value: name,
              label: `{{${name}}}`,
            }))}
            value={step.saveAnswerAs}
            onChange={(saveAnswerAs) => change({ saveAnswerAs }, 'saveAnswer')}
            clearable
            disabled={variableNames.length === 0 && !step.saveAnswerAs}
            error={errors['saveAnswerAs']}
            data-testid="step-save-answer"
          />
          <Divider label={t('chatFlow.step.unmatched')} labelPosition="left" />
          <NumberInput
            label={t('chatFlow.step.maxAttempts')}
            min={1}
            max={FLOW_LIMITS.maxAttempts}
            allowDecimal={false}
            value={step.maxAttempts}
            onChange={(v) => change({ maxAttempts: numberOrNull(v) ?? 0 }, 'maxAttempts')}
            error={errors['maxAttempts']}
            data-testid="step-max-attempts"
          />
          <TemplateTextarea
            label={t('chatFlow.step.fallback')}
            description={t('chatFlow.step.fallbackHint')}
            webhook
            minRows={2}
            maxLength={FLOW_LIMITS.maxMessageChars}
            value={step.fallbackMessage ?? ''}
            onChange={(value) => change({ fallbackMessage: value === '' ? null : value }, 'fallback')}
            error={errors['fallbackMessage']}
            data-testid="step-fallback"
          />
          <RoutePicker
            label={t('chatFlow.step.attemptsRoute')}
            value={step.maxAttemptsRoute}
            onChange={(maxAttemptsRoute) => change({ maxAttemptsRoute }, 'attemptsRoute')}
            steps={definition.steps}
            fromStepId={stepId}
            nullable
            noneLabel={t('chatFlow.route.leave')}
            errors={sub('maxAttemptsRoute')}
            testId="step-attempts-route"
          />
          <NumberInput
            label={t('chatFlow.step.noAnswerMinutes')}
            description={t('chatFlow.step.noAnswerHint')}
            min={1}
            max={FLOW_LIMITS.maxNoAnswerMinutes}
            allowDecimal={false}
            value={step.noAnswerMinutes ?? ''}
            onChange={(v) => change({ noAnswerMinutes: numberOrNull(v) }, 'noAnswerMinutes')}
            error={errors['noAnswerMinutes']}
            data-testid="step-no-answer-minutes"
          />
          <RoutePicker
            label={t('chatFlow.step.noAnswerRoute')}
            value={step.noAnswerRoute}
            onChange={(noAnswerRoute) => change({ noAnswerRoute }, 'noAnswerRoute')}
            steps={definition.steps}
            fromStepId={stepId}
            nullable
            errors={sub('noAnswerRoute')}
            testId="step-no-answer-route"
          />
        </>
      )}
    </Stack>
  );
}
