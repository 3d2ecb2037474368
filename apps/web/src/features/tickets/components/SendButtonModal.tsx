import type { Message, Ticket } from '@conversa/shared';
import { ActionIcon, Alert, Button, Group, Modal, SegmentedControl, Stack, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, formErrorMessage, isApiError } from '../../../lib/errors';
import { notifyApiError } from '../../../lib/notify';
import { useSendButton, type SendButtonInput } from '../api';

/** SPEC §5: text 1 to 60 characters, button text at most 20, unique values; Meta allows 3 reply buttons. */
const TEXT_MAX = 60;
const BUTTON_MAX = 20;
const BUTTONS_MAX = 3;

type Kind = 'button' | 'template';

/** Reply buttons or an approved template (with its {{1}}, {{2}}… values) for a waba ticket, sent through POST /sendButton. */
export function SendButtonModal({
  ticket,
  replyTo,
  onClose,
  onSent,
}: {
  ticket: Ticket;
  replyTo: Message | null;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendButton();
  const [kind, setKind] = useState<Kind>('button');
  const [text, setText] = useState('');
  const [buttons, setButtons] = useState<string[]>(['', '']);
  const [name, setName] = useState('');
  const [language, setLanguage] = useState('pt_BR');
  const [variables, setVariables] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** The same rules as the server, so most mistakes are shown before sending. */
  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (kind === 'button') {
      const trimmed = text.trim();
      if (trimmed.length < 1 || trimmed.length > TEXT_MAX) found.text = t('tickets.sendButton.textRule', { max: TEXT_MAX });
      const titles = buttons.map((b) => b.trim());
      titles.forEach((title, i) => {
        if (title.length < 1 || title.length > BUTTON_MAX)
          found[`buttons.${i}.title`] = t('tickets.sendButton.buttonRule', { max: BUTTON_MAX });
      });
      if (new Set(titles.map((title) => title.toLowerCase())).size !== titles.length) found.buttons = t('tickets.sendButton.unique');
    } else {
      if (!/^[a-z0-9_]{1,512}$/.test(name.trim())) found.name = t('tickets.sendButton.nameRule');
      if (!/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language.trim())) found.language = t('tickets.sendButton.languageRule');
    }
    return found;
  };

  const submit = () => {
    setFormError(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const target = { ticketId: ticket.id, ...(replyTo ? { quotedMsgId: replyTo.id } : {}) };
    const values = variables
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const input: SendButtonInput =
      kind === 'button'
        ? {
            ...target,
            type: 'button',
            text: text.trim(),
            buttons: buttons.map((title, i) => ({ id: `option_${i + 1}`, title: title.trim() })),
          }
        : {
            ...target,
            type: 'template',
            name: name.trim(),
            language: language.trim(),
            ...(values.length
              ? { components: [{ type: 'body' as const, parameters: values.map((value) => ({ type: 'text' as const, text: value })) }] }
              : {}),
          };
    send.mutate(input, {
      onSuccess: () => {
        onSent();
        onClose();
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        // The field errors show under their inputs; the message says the rest (e.g. not a waba channel).
        if (isApiError(error) && error.message) setFormError(formErrorMessage(error));
        else notifyApiError(error, 'send-button-error');
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('tickets.sendButton.title')} centered data-testid="send-button-modal">
      <Stack>
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value);
            setErrors({});
            setFormError(null);
          }}
          data={[
            { value: 'button', label: t('tickets.sendButton.kindButtons') },
            { value: 'template', label: t('tickets.sendButton.kindTemplate') },
          ]}
        />
        {kind === 'button' ? (
          <>
            <Textarea
              label={t('tickets.sendButton.text')}
              description={t('tickets.sendButton.textRule', { max: TEXT_MAX })}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={TEXT_MAX}
              autosize
              minRows={2}
              required
              error={errors.text}
              data-autofocus
              data-testid="send-button-text"
            />
            {buttons.map((title, i) => (
              <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('tickets.sendButton.button', { n: i + 1 })}
                  value={title}
                  maxLength={BUTTON_MAX}
                  required
                  error={errors[`buttons.${i}.title`] ?? errors[`buttons.${i}.id`]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setButtons((current) => current.map((b, j) => (j === i ? value : b)));
                  }}
                  data-testid={`send-button-title-${i}`}
                />
                {buttons.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    aria-label={t('tickets.sendButton.removeButton')}
                    onClick={() => setButtons((current) => current.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {errors.buttons && (
              <Alert color="red" p="xs">
                {errors.buttons}
              </Alert>
            )}
            {buttons.length < BUTTONS_MAX && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setButtons((current) => [...current, ''])}>
                {t('tickets.sendButton.addButton')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Group grow align="flex-start">
              <TextInput
                label={t('tickets.sendButton.templateName')}
                placeholder="order_update"
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                required
                error={errors.name}
                data-testid="send-button-template-name"
              />
              <TextInput
                label={t('tickets.sendButton.language')}
                value={language}
                onChange={(event) => setLanguage(event.currentTarget.value)}
                required
                error={errors.language}
              />
            </Group>
            <Textarea
              label={t('tickets.sendButton.variables')}
              description={t('tickets.sendButton.variablesHint')}
              value={variables}
              onChange={(event) => setVariables(event.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={8}
              error={errors.components ?? errors['components.0.parameters']}
              data-testid="send-button-template-variables"
            />
          </>
        )}
        {formError && (
          <Alert color="red" data-testid="send-button-error">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={send.isPending} data-testid="send-button-submit">
            {t('tickets.composer.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
