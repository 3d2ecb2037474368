import {
  AUTO_REPLY_MATCH_MODES,
  AUTO_REPLY_MAX_LENGTH,
  AUTO_REPLY_TRIGGERS,
  autoReplyBodySchema,
  MAX_AUTO_REPLY_KEYWORDS,
  type AutoReply,
  type AutoReplyMatchMode,
  type AutoReplyTrigger,
} from '@conversa/shared';
import { Select, Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
import { useChannels } from '../../channels/api';
import { useQueues } from '../../queues/api';
import { useSaveAutoReply } from '../api';

interface AutoReplyFormValues {
  name: string;
  active: boolean;
  trigger: AutoReplyTrigger;
  matchMode: AutoReplyMatchMode;
  keywords: string[];
  reply: string;
  queueId: string | null;
  channelId: string | null;
}

/** The request body of the form's values (what the validation checks and the submit sends). */
function autoReplyBody(values: AutoReplyFormValues) {
  return {
    name: values.name.trim(),
    active: values.active,
    trigger: values.trigger,
    matchMode: values.matchMode,
    keywords: values.trigger === 'keyword' ? values.keywords : [],
    reply: values.reply,
    queueId: values.queueId ? Number(values.queueId) : null,
    channelId: values.channelId ? Number(values.channelId) : null,
  };
}

/** Create or edit an auto-reply: trigger (keywords or a new ticket's first message), reply, optional queue and channel. */
export function AutoReplyFormModal({ rule, onClose }: { rule: AutoReply | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queues = useQueues();
  const channels = useChannels();

  const form = useForm<AutoReplyFormValues>({
    initialValues: {
      name: rule?.name ?? '',
      active: rule?.active ?? true,
      trigger: rule?.trigger ?? 'keyword',
      matchMode: rule?.matchMode ?? 'exact',
      keywords: rule?.keywords ?? [],
      reply: rule?.reply ?? '',
      queueId: rule?.queueId ? String(rule.queueId) : null,
      channelId: rule?.channelId ? String(rule.channelId) : null,
    },
    // POST /auto-reply and PUT /auto-reply/:id: the server's own schema; a bad keyword shows under the keywords.
    validate: schemaValidator(autoReplyBodySchema, autoReplyBody, { field: (path) => (path.startsWith('keywords') ? 'keywords' : path) }),
  });
  const values = form.getValues();

  const saving = useFormSave(form, useSaveAutoReply(), {
    errorId: 'auto-reply-save-error',
    onClose,
    duplicate: { code: 'ERR_DUPLICATED_AUTO_REPLY', field: 'name' },
  });
  const submit = form.onSubmit((submitted) => saving.save({ id: rule?.id ?? null, body: autoReplyBody(submitted) }));

  return (
    <FormModal
      title={rule ? t('autoReplies.editTitle') : t('autoReplies.createTitle')}
      testId="auto-reply"
      onSubmit={submit}
      saving={saving}
    >
      <TextInput label={t('autoReplies.name')} required data-autofocus maxLength={100} {...form.getInputProps('name')} />
      <Switch label={t('autoReplies.active')} data-testid="auto-reply-active" {...form.getInputProps('active', { type: 'checkbox' })} />
      <Select
        label={t('autoReplies.trigger')}
        data={AUTO_REPLY_TRIGGERS.map((value) => ({ value, label: t(`autoReplies.triggers.${value}`) }))}
        allowDeselect={false}
        data-testid="auto-reply-trigger"
        {...form.getInputProps('trigger')}
      />
      {values.trigger === 'keyword' && (
        <>
          <Select
            label={t('autoReplies.matchMode')}
            description={t(`autoReplies.matchModeHelp.${values.matchMode}`)}
            data={AUTO_REPLY_MATCH_MODES.map((value) => ({ value, label: t(`autoReplies.matchModes.${value}`) }))}
            allowDeselect={false}
            data-testid="auto-reply-match-mode"
            {...form.getInputProps('matchMode')}
          />
          <TagsInput
            label={t('autoReplies.keywords')}
            description={t('autoReplies.keywordsHelp')}
            maxTags={MAX_AUTO_REPLY_KEYWORDS}
            splitChars={[',']}
            data-testid="auto-reply-keywords"
            {...form.getInputProps('keywords')}
          />
        </>
      )}
      <TemplateTextarea
        label={t('autoReplies.reply')}
        required
        maxRows={8}
        maxLength={AUTO_REPLY_MAX_LENGTH}
        data-testid="auto-reply-reply"
        {...form.getInputProps('reply')}
      />
      <Select
        label={t('autoReplies.queue')}
        description={t('autoReplies.queueHelp')}
        data={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
        clearable
        placeholder={t('autoReplies.noQueue')}
        data-testid="auto-reply-queue"
        {...form.getInputProps('queueId')}
      />
      <Select
        label={t('autoReplies.channel')}
        data={(channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        clearable
        placeholder={t('autoReplies.allChannels')}
        data-testid="auto-reply-channel"
        {...form.getInputProps('channelId')}
      />
    </FormModal>
  );
}
