import type { Locale } from '@conversa/shared/enums';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale, isLocale, LOCALE_OPTIONS } from '../lib/i18n';

/**
 * A labelled select (public pages, the phone's user menu; the header's menu is LanguageMenu, apart
 * so that these pages load no popover code). `onChoose`: how a choice is applied (signed in: kept in
 * the user's configs too).
 */
export function LanguageSelect({ onChoose = (language) => void changeLocale(language) }: { onChoose?: (language: Locale) => void }) {
  const { t, i18n } = useTranslation();
  const value = isLocale(i18n.language) ? i18n.language : currentLocale();
  return (
    <NativeSelect
      label={t('common.language')}
      data={LOCALE_OPTIONS}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) onChoose(next);
      }}
      data-testid="language-select"
      size="xs"
      w={200}
    />
  );
}
