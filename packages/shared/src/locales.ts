import { LOCALES, type Locale } from './enums.js';

export type { Locale };

/** SPEC §1: the default language. */
export const DEFAULT_LOCALE: Locale = 'pt';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).indexOf(value) >= 0;
}

/** The locale, then its base language for a regional one: 'pt-br' → ['pt-br', 'pt']. */
export function localeChain(locale: Locale): Locale[] {
  const base = locale.split('-')[0] as Locale;
  return base === locale ? [locale] : [locale, base];
}

/** Latin American Spanish (es-419): the regions of the Americas; es-ES and the rest are plain es. */
const LATIN_AMERICA = [
  '419',
  'ar',
  'bo',
  'cl',
  'co',
  'cr',
  'cu',
  'do',
  'ec',
  'gt',
  'hn',
  'mx',
  'ni',
  'pa',
  'pe',
  'pr',
  'py',
  'sv',
  'us',
  'uy',
  've',
];
/** English with British spelling (en-gb) beyond the United Kingdom. */
const BRITISH_SPELLING = ['gb', 'uk', 'ie', 'au', 'nz', 'za', 'in'];

/** The supported locale for one language tag ('pt-BR', 'es_MX', 'de-AT'), or undefined. */
export function localeOf(tag: string): Locale | undefined {
  const parts = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  const language = parts[0];
  if (!language) return undefined;
  // The region is the first 2-letter or 3-digit subtag after the language (scripts have 4 letters).
  const region = parts.slice(1).filter((part) => /^([a-z]{2}|\d{3})$/.test(part))[0];
  if (language === 'pt') return region === 'br' ? 'pt-br' : 'pt';
  if (language === 'es') return region && LATIN_AMERICA.indexOf(region) >= 0 ? 'es-419' : 'es';
  if (language === 'en') return region === 'us' ? 'en-us' : region && BRITISH_SPELLING.indexOf(region) >= 0 ? 'en-gb' : 'en';
  return isLocale(language) ? language : undefined;
}

/** The first of the language tags (in order of preference) that a supported locale serves; else the default. */
export function pickLocale(tags: readonly (string | null | undefined)[], fallback: Locale = DEFAULT_LOCALE): Locale {
  for (const tag of tags) {
    const locale = tag ? localeOf(tag) : undefined;
    if (locale) return locale;
  }
  return fallback;
}

/**
 * The language tags of an Accept-Language header, most wanted first ('*' and q=0 left out). A few
 * lines of RFC 9110 §12.5.4 rather than a negotiation library, whose plain prefix matching would not
 * send es-MX to es-419 (localeOf does).
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)).filter(Boolean)[0];
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * A locale's texts from a table that holds, per locale, what it says (a regional locale only what
 * differs from its base language): the base language's, then the locale's own, over `fallback`.
 */
export function localeTexts<T extends Record<string, string>>(table: Record<Locale, Partial<T>>, locale: Locale, fallback: T): T {
  return localeChain(locale)
    .reverse()
    .reduce<T>((texts, code) => ({ ...texts, ...table[code] }), { ...fallback });
}
