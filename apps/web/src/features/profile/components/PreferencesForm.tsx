import { LOCALES, type UserConfigs } from '@conversa/shared';
import { NativeSelect, Stack, Switch, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale, isLocale, LOCALE_NAMES } from '../../../lib/i18n';
import { notifyApiError } from '../../../lib/notify';
import { getConfigs, saveConfigs } from '../../../lib/session';
import { useUpdateConfigs } from '../../users/api';
import { useChooseLanguage } from '../language-choice';

/**
 * Language, dark mode and the notification sound: applied at once and kept in the user's configs
 * on the server (PUT /users/{id}/configs), so they follow the user to every device.
 */
export function PreferencesForm({ userId, configs }: { userId: number; configs: UserConfigs }) {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const updateConfigs = useUpdateConfigs();
  // Applied and stored at once; put back if the server refuses.
  const save = (change: Partial<UserConfigs>, undo: () => void = () => undefined) => {
    const before = getConfigs();
    saveConfigs(change);
    updateConfigs.mutate(
      { id: userId, configs: change },
      {
        onError: (error) => {
          saveConfigs(before);
          undo();
          notifyApiError(error);
        },
      },
    );
  };

  const language = configs.language ?? currentLocale();
  const choose = useChooseLanguage();
  const chooseLanguage = (value: string) => {
    if (isLocale(value)) choose(value);
  };
  // The colour scheme manager stores configs.isDark itself (lib/color-scheme.ts).
  const chooseDark = (isDark: boolean) => {
    setColorScheme(isDark ? 'dark' : 'light');
    save({ isDark }, () => setColorScheme(isDark ? 'light' : 'dark'));
  };

  return (
    <Stack data-testid="profile-preferences">
      <NativeSelect
        label={t('common.language')}
        value={language}
        data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
        onChange={(event) => chooseLanguage(event.currentTarget.value)}
        data-testid="profile-language"
      />
      <Switch
        label={t('common.darkMode')}
        checked={configs.isDark}
        onChange={(event) => chooseDark(event.currentTarget.checked)}
        data-testid="profile-dark-mode"
      />
      <Switch
        label={t('profile.notificationSound')}
        description={t('profile.notificationSoundHint')}
        checked={configs.notificationSound}
        onChange={(event) => save({ notificationSound: event.currentTarget.checked })}
        data-testid="profile-sound"
      />
    </Stack>
  );
}
