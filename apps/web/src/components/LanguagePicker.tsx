import { LOCALES } from '@conversa/shared';
import { Button, Menu, NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale, isLocale, LOCALE_NAMES } from '../lib/i18n';

const OPTIONS = LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

/** A labelled select (public pages). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const value = isLocale(i18n.language) ? i18n.language : currentLocale();
  return (
    <NativeSelect
      label={t('common.language')}
      data={OPTIONS}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void changeLocale(next);
      }}
      data-testid="language-select"
      size="xs"
      w={200}
    />
  );
}

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
        {OPTIONS.map((option) => (
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
