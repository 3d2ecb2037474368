import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@conversa/shared/enums';
import { changeLocale, currentLocale, isLocale, LOCALE_OPTIONS } from '../lib/i18n';

/** A compact menu (header). `onChoose`: how a choice is applied (signed in: kept in the user's configs too). */
export function LanguageMenu({ onChoose = (language) => void changeLocale(language) }: { onChoose?: (language: Locale) => void }) {
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
            onClick={() => onChoose(option.value)}
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
