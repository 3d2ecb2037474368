import { Button, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdateConfigs } from '../../features/users/api';
import { notifyApiError } from '../../lib/notify';
import { getUserId } from '../../lib/session';

/** Dark mode follows the user's stored configs.isDark and is saved with PUT /users/{id}/configs. */
export function useColorSchemeToggle(): { isDark: boolean; toggle: () => void } {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const updateConfigs = useUpdateConfigs();
  const isDark = colorScheme === 'dark';

  const toggle = () => {
    const next = isDark ? 'light' : 'dark';
    setColorScheme(next);
    const id = getUserId();
    if (id === null) return;
    updateConfigs.mutate(
      { id, configs: { isDark: next === 'dark' } },
      {
        onError: (error) => {
          setColorScheme(isDark ? 'dark' : 'light');
          notifyApiError(error);
        },
      },
    );
  };
  return { isDark, toggle };
}

/** The header's dark-mode switch (wide screens; on phones it is an item of the user menu). */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { isDark, toggle } = useColorSchemeToggle();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={toggle}
      leftSection={isDark ? <IconSun size={16} /> : <IconMoon size={16} />}
      data-testid="color-scheme-toggle"
    >
      {isDark ? t('common.lightMode') : t('common.darkMode')}
    </Button>
  );
}
