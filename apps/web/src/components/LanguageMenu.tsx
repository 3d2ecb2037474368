import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale, isLocale, LOCALE_OPTIONS } from '../lib/i18n';

/** A compact menu (header). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const value = isLocale(i18n.language) ? i18n.language : currentLocale();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconLanguage size={16} />}
          title={t('common.language')}
          data-testid="language-menu"
        >
          {value.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('common.language')}</Menu.Label>
        {LOCALE_OPTIONS.map((option) => (
          <Menu.Item
            key={option.value}
            onClick={() => void changeLocale(option.value)}
            fw={option.value === value ? 700 : undefined}
            data-testid={`language-option-${option.value}`}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
