import { AUTO_DISTRIBUTION } from '@conversa/shared';
import { FLOW_LIMITS, type FlowDraft } from '@conversa/shared/chatbot';
import { Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { issuesUnder, type DraftIssue } from './issues';
import { RoutePicker } from './RoutePicker';

interface FlowSettingsPanelProps {
  definition: FlowDraft;
  issues: DraftIssue[];
  edit: (change: (definition: FlowDraft) => FlowDraft, key?: string) => void;
}

type MessageField = 'welcomeMessage' | 'endMessage' | 'fallbackMessage';
const MESSAGES: MessageField[] = ['welcomeMessage', 'endMessage', 'fallbackMessage'];

/** Flow-level settings of the draft: messages, first interaction, out-of-hours route, distribution. */
export function FlowSettingsPanel({ definition, issues, edit }: FlowSettingsPanelProps) {
  const { t } = useTranslation();
  const errors = issuesUnder(issues, '');
  return (
    <Stack gap="sm" data-testid="flow-settings">
      <Select
        label={t('chatFlow.settings.start')}
        description={t('chatFlow.settings.startHint')}
        data={definition.steps.map((s) => ({ value: s.id, label: s.name || s.id }))}
        value={definition.startStepId}
        onChange={(startStepId) => startStepId && edit((d) => ({ ...d, startStepId }), 'startStepId')}
        allowDeselect={false}
        error={errors['startStepId']}
        data-testid="flow-start"
      />
      {MESSAGES.map((field) => (
        <TemplateTextarea
          key={field}
          label={t(`chatFlow.settings.${field}`)}
          description={t(`chatFlow.settings.${field}Hint`)}
          webhook
          minRows={2}
          maxRows={8}
          maxLength={FLOW_LIMITS.maxMessageChars}
          value={definition[field] ?? ''}
          onChange={(value) => edit((d) => ({ ...d, [field]: value === '' ? null : value }), field)}
          error={errors[field]}
          data-testid={`flow-${field}`}
        />
      ))}
      <RoutePicker
        label={t('chatFlow.settings.outOfHours')}
        value={definition.outOfHoursRoute}
        onChange={(outOfHoursRoute) => edit((d) => ({ ...d, outOfHoursRoute }), 'outOfHoursRoute')}
        steps={definition.steps}
        nullable
        noneLabel={t('chatFlow.settings.outOfHoursNone')}
        errors={issuesUnder(issues, 'outOfHoursRoute.')}
        testId="flow-out-of-hours"
      />
      <Select
        label={t('chatFlow.settings.autoDistribution')}
        description={t('chatFlow.settings.autoDistributionHint')}
        data={AUTO_DISTRIBUTION.map((value) => ({ value, label: t(`chatFlow.settings.distribution.${value}`) }))}
        value={definition.autoDistribution}
        onChange={(value) => value && edit((d) => ({ ...d, autoDistribution: value }), 'autoDistribution')}
        allowDeselect={false}
        data-testid="flow-auto-distribution"
      />
    </Stack>
  );
}
