import { LOCALES, type Locale } from './enums.js';

/** A translation table as the locale files hold it: nested objects of texts. */
export interface LocaleTable {
  [key: string]: string | LocaleTable;
}

const PLURAL_SUFFIX = /^(.*)_(zero|one|two|few|many|other)$/;
const VARIABLE = /{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g;

/**
 * Languages whose CLDR rule puts 0 in "one" but whose speakers write 0 with the plural noun
 * ("0 contatos", not "0 contato"): their plural keys also need a `_zero` form (i18next uses it for 0).
 */
export const ZERO_AS_PLURAL: readonly string[] = ['pt'];

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
export function flatten(table: LocaleTable, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(table)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

function variablesOf(text: string): string[] {
  const names = new Set<string>();
  text.replace(VARIABLE, (_match, name: string) => (names.add(name), ''));
  return [...names].sort();
}

/** The plural categories a locale's texts need (Intl.PluralRules, plus `zero` where ZERO_AS_PLURAL says so). */
export function pluralCategories(locale: Locale): string[] {
  const categories: string[] = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  return ZERO_AS_PLURAL.includes(locale.split('-')[0]) ? ['zero', ...categories] : categories;
}

/**
 * Problems of a set of locale tables against the reference one (English), each locale resolved
 * through `chain` (itself, then its base language): a missing key, a missing plural form of the
 * locale's language, a text whose {{variables}} differ from the reference's, an empty text, a key
 * the reference lacks, a regional text that only repeats its base language. No problem: an empty list.
 */
export function checkLocales(
  tables: Partial<Record<Locale, LocaleTable>>,
  options: { reference: Locale; chain: (locale: Locale) => Locale[]; locales?: readonly Locale[] },
): string[] {
  const reference = flatten(tables[options.reference] ?? {});
  const pluralBases = new Set(
    Object.keys(reference)
      .map((key) => PLURAL_SUFFIX.exec(key))
      .filter((match): match is RegExpExecArray => !!match && `${match[1]}_other` in reference)
      .map((match) => match[1]),
  );
  const baseOf = (key: string) => {
    const match = PLURAL_SUFFIX.exec(key);
    return match && pluralBases.has(match[1]) ? { base: match[1], category: match[2] } : undefined;
  };
  const plainKeys = Object.keys(reference).filter((key) => !baseOf(key));
  const problems: string[] = [];

  for (const locale of options.locales ?? LOCALES) {
    const chain = options.chain(locale).map((code) => flatten(tables[code] ?? {}));
    const resolve = (key: string) => chain.map((table) => table[key]).find((text) => text !== undefined);
    const categories = pluralCategories(locale);
    const check = (key: string, expected: string, subset: boolean) => {
      const text = resolve(key);
      if (text === undefined) return void problems.push(`${locale}: missing ${key}`);
      if (text.trim() === '') return void problems.push(`${locale}: empty ${key}`);
      const want = variablesOf(expected);
      const have = variablesOf(text);
      const ok = subset ? have.every((name) => want.includes(name)) : have.join() === want.join();
      if (!ok)
        problems.push(
          `${locale}: ${key} has ${have.map((n) => `{{${n}}}`).join(' ') || 'no variable'} instead of ${want.map((n) => `{{${n}}}`).join(' ')}`,
        );
    };
    for (const key of plainKeys) check(key, reference[key], false);
    for (const base of pluralBases) {
      // A `_zero` text may say "none" instead of the number.
      for (const category of categories) check(`${base}_${category}`, reference[`${base}_other`], category === 'zero');
    }
    const own = flatten(tables[locale] ?? {});
    // What the locale would say without its own table (its base language, for a regional one).
    const inherited = chain.slice(1);
    for (const [key, text] of Object.entries(own)) {
      const plural = baseOf(key);
      const known = plural ? categories.includes(plural.category) : key in reference;
      if (!known) problems.push(`${locale}: extra key ${key}`);
      else if (inherited.map((table) => table[key]).find((base) => base !== undefined) === text) {
        problems.push(`${locale}: ${key} repeats its base language (a regional table holds only what differs)`);
      }
    }
  }
  return problems;
}
