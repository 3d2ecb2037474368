import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** dayjs's locale of each language of the app (month and weekday names of the date picker). */
const DAYJS_LOCALES: Record<string, { code: string; load: () => Promise<unknown> }> = {
  pt: { code: 'pt-br', load: () => import('dayjs/locale/pt-br') },
  es: { code: 'es', load: () => import('dayjs/locale/es') },
  fr: { code: 'fr', load: () => import('dayjs/locale/fr') },
  de: { code: 'de', load: () => import('dayjs/locale/de') },
  it: { code: 'it', load: () => import('dayjs/locale/it') },
  pl: { code: 'pl', load: () => import('dayjs/locale/pl') },
  ru: { code: 'ru', load: () => import('dayjs/locale/ru') },
};

/** The date picker's locale for the user's language: 'en' (built into dayjs) until its file is loaded. */
export function useDatesLocale(): string {
  const { i18n } = useTranslation();
  const entry = DAYJS_LOCALES[i18n.language.split('-')[0]];
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!entry) return;
    let live = true;
    void entry.load().then(() => {
      if (live) setLoaded(entry.code);
    });
    return () => {
      live = false;
    };
  }, [entry]);
  return entry && loaded === entry.code ? entry.code : 'en';
}
