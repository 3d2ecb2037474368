import { LOCALES, type Locale } from '@conversa/shared/enums';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
// Only the sections of pt that the public pages (login, password reset) and the app's frame use
// (locales/first-sections.ts); the rest: loadAllTexts.
import ptFirst from '../locales/pt.json?first';
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

/** The language pickers' options. */
export const LOCALE_OPTIONS = LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

/**
 * The default language (pt) is in the app's first chunk (its first sections; the rest comes with
 * the screens beyond the login page: loadInboxTexts, loadAllTexts); any other, English included, is
 * fetched when chosen or stored (i18next waits for its file, and for the files of its fallbacks,
 * before switching). pt is complete (src/locales/locales.test.ts), so it needs no fallback and the
 * Portuguese pages never download English.
 */
const BUNDLED_LOCALES = { pt: ptFirst as ResourceKey } satisfies Partial<Record<Locale, ResourceKey>>;

let inboxTexts: Promise<void> | undefined;
let otherTexts: Promise<void> | undefined;

/** The sections of pt that the signed-in app's frame and the inbox show (locales/first-sections.ts). */
export function loadInboxTexts(): Promise<void> {
  inboxTexts ??= import('../locales/pt.json?inbox').then(({ default: texts }) => {
    i18n.addResourceBundle('pt', 'translation', texts, true, true);
  });
  return inboxTexts;
}

/**
 * All of pt (the first download has only its first sections, locales/first-sections.ts): loaded
 * with the screens (lazyPage's `texts` option); pt-br, which has no text of its own, needs it too.
 * Loaded once, whatever the current language.
 */
export function loadAllTexts(): Promise<void> {
  otherTexts ??= import('../locales/pt.json?rest').then(({ default: texts }) => {
    i18n.addResourceBundle('pt', 'translation', texts, true, true);
  });
  return Promise.all([loadInboxTexts(), otherTexts]).then(() => undefined);
}

const LAZY_LOCALES = {
  'pt-br': () => import('../locales/pt-br.json'),
  en: () => import('../locales/en.json'),
  'en-us': () => import('../locales/en-us.json'),
  'en-gb': () => import('../locales/en-gb.json'),
  es: () => import('../locales/es.json'),
  'es-419': () => import('../locales/es-419.json'),
  de: () => import('../locales/de.json'),
  fr: () => import('../locales/fr.json'),
  it: () => import('../locales/it.json'),
  pl: () => import('../locales/pl.json'),
  ru: () => import('../locales/ru.json'),
} satisfies Record<Exclude<Locale, keyof typeof BUNDLED_LOCALES>, () => Promise<{ default: ResourceKey }>>;

async function loadLocale(language: string): Promise<ResourceKey> {
  const load = LAZY_LOCALES[language as keyof typeof LAZY_LOCALES];
  if (!load) throw new Error(`No translation file for '${language}'`);
  return (await load()).default;
}

/** i18next's source of the language files that are not bundled (the only namespace: translation). */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    loadLocale(language).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

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

/** Resolves once the start language and its fallbacks are loaded (at once for pt, which has none). */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .use(lazyLocales)
  .init({
    resources: Object.fromEntries(Object.entries(BUNDLED_LOCALES).map(([language, translation]) => [language, { translation }])),
    partialBundledLanguages: true,
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
      // Complete, as every base language (locales.test.ts): no English to download behind it.
      pt: [],
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
