import { allowedSettingValues, EXCLUSIVE_VISIBILITY_SETTINGS, SETTING_DEFINITIONS, SETTING_KEYS, type SettingKey } from '@conversa/shared';
import { Alert, Card, Loader, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/QueryError';
import { hasErrorCode } from '../../../lib/errors';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { useSettings, useUpdateSetting } from '../api';

const EXCLUSIVE = new Set<SettingKey>(EXCLUSIVE_VISIBILITY_SETTINGS);
const DESCRIPTION_INDENT = 54;

/** /configuracoes/geral: the general settings (admin): switches and choices. */
export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = useUpdateSetting();
  // Values being saved show at once (in the same event) and give way to the server's answer.
  const [pending, setPending] = useState<Partial<Record<SettingKey, string>>>({});

  if (settings.isPending) return <Loader />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;

  const valueOf = (key: SettingKey): string => {
    const saving = pending[key];
    if (saving !== undefined) return saving;
    const stored = settings.data.find((s) => s.key === key)?.value;
    return stored !== undefined && allowedSettingValues(key).includes(stored) ? stored : SETTING_DEFINITIONS[key].default;
  };
  const enabledExclusive = EXCLUSIVE_VISIBILITY_SETTINGS.find((key) => valueOf(key) === 'enabled');
  // The settings of issue 11 keep their texts in their own section (crmSettings.keys).
  const label = (key: SettingKey) =>
    t(`settings.keys.${key}.label`, { defaultValue: t(`crmSettings.keys.${key}.label`, { defaultValue: key }) });
  const description = (key: SettingKey) =>
    t(`settings.keys.${key}.description`, { defaultValue: t(`crmSettings.keys.${key}.description`, { defaultValue: '' }) });

  const save = (key: SettingKey, value: string) => {
    // SPEC §5: the three visibility settings cannot be combined; the server answers ERR_SETTINGS_CONFLICT too.
    if (value === 'enabled' && EXCLUSIVE.has(key) && enabledExclusive && enabledExclusive !== key) {
      notifyError(t('settings.blockedBy', { other: label(enabledExclusive) }), 'settings-conflict');
      return;
    }
    setPending((current) => ({ ...current, [key]: value }));
    // mutateAsync: each call settles on its own, even when several switches change at once.
    update
      .mutateAsync({ key, value })
      .then(
        () => notifySuccess(t('settings.saved'), 'settings-saved'),
        (error: unknown) =>
          hasErrorCode(error, 'ERR_SETTINGS_CONFLICT')
            ? notifyError(t('errors.ERR_SETTINGS_CONFLICT'), 'settings-conflict')
            : notifyApiError(error),
      )
      .finally(() =>
        setPending((current) => {
          const { [key]: _done, ...rest } = current;
          return rest;
        }),
      );
  };

  // Descriptions sit outside the switch's <label>, so each switch's accessible name is its label alone.
  const renderSwitch = (key: SettingKey) => {
    const checked = valueOf(key) === 'enabled';
    const blockedBy = !checked && EXCLUSIVE.has(key) ? enabledExclusive : undefined;
    const descriptionId = `setting-${key}-description`;
    return (
      <div key={key}>
        <Switch
          label={label(key)}
          checked={checked}
          disabled={blockedBy !== undefined}
          onChange={(event) => save(key, event.currentTarget.checked ? 'enabled' : 'disabled')}
          aria-describedby={descriptionId}
          data-testid={`setting-${key}`}
        />
        <Text id={descriptionId} size="xs" c="dimmed" ml={DESCRIPTION_INDENT}>
          {description(key)}
        </Text>
        {blockedBy && (
          <Text size="xs" c="orange" ml={DESCRIPTION_INDENT} data-testid={`setting-${key}-blocked`}>
            {t('settings.blockedBy', { other: label(blockedBy) })}
          </Text>
        )}
      </div>
    );
  };

  const renderChoice = (key: SettingKey) => (
    <NativeSelect
      key={key}
      label={label(key)}
      description={description(key)}
      data={allowedSettingValues(key).map((value) => ({
        value,
        label: t(`settings.choices.${key}.${value}`, { defaultValue: t(`crmSettings.choices.${key}.${value}`, { defaultValue: value }) }),
      }))}
      value={valueOf(key)}
      onChange={(event) => save(key, event.currentTarget.value)}
      maw={420}
      data-testid={`setting-${key}`}
    />
  );

  const render = (key: SettingKey) => (SETTING_DEFINITIONS[key].kind === 'switch' ? renderSwitch(key) : renderChoice(key));
  // Settings with a screen of their own (e.g. the absence repeats, on /horario-atendimento) are set there.
  const others = SETTING_KEYS.filter((key) => !EXCLUSIVE.has(key) && !('screen' in SETTING_DEFINITIONS[key]));
  return (
    <Stack data-testid="settings-general">
      <Card withBorder>
        <Stack>{others.map(render)}</Stack>
      </Card>
      <Card withBorder>
        <Stack>
          <Title order={4}>{t('settings.exclusiveTitle')}</Title>
          <Alert color="blue" data-testid="settings-exclusive-help">
            <Text size="sm">{t('settings.exclusiveHelp')}</Text>
          </Alert>
          {EXCLUSIVE_VISIBILITY_SETTINGS.map(render)}
        </Stack>
      </Card>
    </Stack>
  );
}
