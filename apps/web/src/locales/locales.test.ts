import { ERROR_CODES, LOCALES, type Locale } from '@conversa/shared';
import { describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { checkLocales, flatten, ZERO_AS_PLURAL, type LocaleTable } from '@conversa/shared/locale-check';

/**
 * Every text of the web app exists in every locale of SPEC §1, in that locale's own language: a
 * regional locale (pt-br, en-gb, en-us, es-419) holds only what differs and resolves the rest from
 * its base language, never from English (the runtime's last resort).
 */
const files = import.meta.glob<{ default: LocaleTable }>('./*.json', { eager: true });
const tables = Object.fromEntries(
  Object.entries(files).map(([path, module]) => [path.replace(/^\.\/(.*)\.json$/, '$1'), module.default]),
) as Record<string, LocaleTable>;

/** The locales i18next tries for `locale`, cut where they leave its language. */
function sameLanguageChain(locale: Locale): Locale[] {
  const language = locale.split('-')[0];
  const chain = i18n.services.languageUtils.toResolveHierarchy(locale) as string[];
  return chain.filter((code) => code.split('-')[0] === language) as Locale[];
}

describe('the locale files', () => {
  it('are exactly the 12 locales of SPEC §1', () => {
    expect(Object.keys(tables).sort()).toEqual([...LOCALES].sort());
  });

  it("a regional locale falls back to its base language first (the app's i18next configuration)", () => {
    for (const locale of LOCALES) {
      const base = locale.split('-')[0] as Locale;
      expect(sameLanguageChain(locale), locale).toEqual(locale === base ? [locale] : [locale, base]);
    }
  });

  it('every locale has every key of en.json, plural forms per language, the same {{variables}}, no extra key', () => {
    const problems = checkLocales(tables, { reference: 'en', chain: sameLanguageChain });
    expect(problems).toEqual([]);
  });

  it('every error code of the API has a translation in every locale', () => {
    const missing: string[] = [];
    for (const locale of LOCALES) {
      const chain = sameLanguageChain(locale).map((code) => flatten(tables[code]));
      for (const code of ERROR_CODES) {
        if (!chain.some((table) => typeof table[`errors.${code}`] === 'string')) missing.push(`${locale}: errors.${code}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('Portuguese counts read "0 contatos" (CLDR puts 0 in "one"; Brazilians write it plural)', async () => {
    expect(ZERO_AS_PLURAL).toContain('pt');
    await i18n.changeLanguage('pt');
    expect(i18n.t('contacts.count', { count: 0 })).toBe('0 contatos');
    expect(i18n.t('contacts.count', { count: 1 })).toBe('1 contato');
    expect(i18n.t('contacts.count', { count: 2 })).toBe('2 contatos');
    await i18n.changeLanguage('pl');
    expect([1, 2, 5, 22, 25].map((count) => i18n.t('contacts.count', { count }))).toEqual([
      '1 kontakt',
      '2 kontakty',
      '5 kontaktów',
      '22 kontakty',
      '25 kontaktów',
    ]);
    await i18n.changeLanguage('pt');
  });
});

describe('the locale check itself', () => {
  const en: LocaleTable = { a: { hello: 'Hello {{name}}', count_one: '{{count}} item', count_other: '{{count}} items' } };
  const chain = (locale: Locale): Locale[] => (locale === 'pt-br' ? ['pt-br', 'pt'] : [locale]);

  it('finds a missing key, a missing plural form, a changed variable, an extra key and a regional copy of its base', () => {
    const tables = {
      en,
      pt: { a: { count_one: '{{count}} item', count_many: '{{count}} de itens', count_other: '{{count}} itens', extra: 'x' } },
      'pt-br': { a: { hello: 'Olá {{nome}}', count_one: '{{count}} item' } },
    } satisfies Partial<Record<Locale, LocaleTable>>;
    const problems = checkLocales(tables, { reference: 'en', chain, locales: ['en', 'pt', 'pt-br'] });
    expect(problems.sort()).toEqual(
      [
        'pt: missing a.hello',
        'pt: missing a.count_zero',
        'pt: extra key a.extra',
        'pt-br: missing a.count_zero',
        'pt-br: a.hello has {{nome}} instead of {{name}}',
        'pt-br: a.count_one repeats its base language (a regional table holds only what differs)',
      ].sort(),
    );
  });

  it('accepts a complete set', () => {
    const tables = {
      en,
      pt: {
        a: {
          hello: 'Olá {{name}}',
          count_zero: 'Nenhum item',
          count_one: '{{count}} item',
          count_many: '{{count}} de itens',
          count_other: '{{count}} itens',
        },
      },
      'pt-br': {},
    } satisfies Partial<Record<Locale, LocaleTable>>;
    expect(checkLocales(tables, { reference: 'en', chain, locales: ['en', 'pt', 'pt-br'] })).toEqual([]);
  });
});
