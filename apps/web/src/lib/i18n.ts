import { LOCALES, type Locale } from '@conversa/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de.json';
import enGb from '../locales/en-gb.json';
import enUs from '../locales/en-us.json';
import en from '../locales/en.json';
import es419 from '../locales/es-419.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import it from '../locales/it.json';
import pl from '../locales/pl.json';
import ptBr from '../locales/pt-br.json';
import pt from '../locales/pt.json';
import ru from '../locales/ru.json';
import { LANGUAGE_KEY } from './session';

export const DEFAULT_LOCALE: Locale = 'pt';

/** Names shown in the language pickers, each in its own language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  pt: 'Português',
  'pt-br': 'Português (Brasil)',
  en: 'English',
  'en-us': 'English (US)',
  'en-gb': 'English (UK)',
  es: 'Español',
  'es-419': 'Español (Latinoamérica)',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  pl: 'Polski',
  ru: 'Русский',
};

const resources = {
  pt: { translation: pt },
  'pt-br': { translation: ptBr },
  en: { translation: en },
  'en-us': { translation: enUs },
  'en-gb': { translation: enGb },
  es: { translation: es },
  'es-419': { translation: es419 },
  de: { translation: de },
  fr: { translation: fr },
  it: { translation: it },
  pl: { translation: pl },
  ru: { translation: ru },
} satisfies Record<Locale, unknown>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function storedLocale(): Locale {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY)?.toLowerCase();
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  load: 'currentOnly',
  // Locale files (SPEC §1): pt is Brazilian Portuguese, the default; en is American English. A
  // regional file holds only what differs from its base language and resolves the rest there
  // first: pt-br and en-us are empty (pt and en already are those variants); en-gb has British
  // spellings (colour, initialised, authorised); es-419 Latin American usage (ingresar, celular,
  // agregar, Enter) over es, written for Spain. English is only the runtime's last resort:
  // src/locales/locales.test.ts fails when any locale would need it, or repeats its base language.
  fallbackLng: {
    'pt-br': ['pt', 'en'],
    'en-us': ['en'],
    'en-gb': ['en'],
    'es-419': ['es', 'en'],
    default: ['en'],
  },
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

function applyDocumentLanguage(lng: string): void {
  document.documentElement.lang = lng;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

export async function changeLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    /* storage unavailable */
  }
  await i18n.changeLanguage(locale);
}

export default i18n;
