import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { FIRST_ERRORS, FIRST_SECTIONS, INBOX_SECTIONS } from './src/locales/first-sections.ts';

/**
 * `locale.json?first` is the file's FIRST_SECTIONS only, `?inbox` its INBOX_SECTIONS, `?rest` the
 * other sections: one file to write translations in, three modules to download (lib/i18n.ts). Each
 * is JSON, made a module as the whole file would be. The `errors` section is split: FIRST_ERRORS in
 * the first part, its other texts in the inbox part (i18next merges the two).
 */
export function localeSections(): Plugin {
  const partOf = (section: string) =>
    (FIRST_SECTIONS as readonly string[]).includes(section)
      ? 'first'
      : (INBOX_SECTIONS as readonly string[]).includes(section)
        ? 'inbox'
        : 'rest';
  return {
    name: 'conversa:locale-sections',
    enforce: 'pre',
    load(id) {
      const match = /^(.*\.json)\?(first|inbox|rest)$/.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, string];
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const sections = Object.fromEntries(Object.entries(texts).filter(([section]) => partOf(section) === part));
      const errors = (texts.errors ?? {}) as Record<string, unknown>;
      const firstError = (code: string) => (FIRST_ERRORS as readonly string[]).includes(code);
      if (part === 'first') sections.errors = Object.fromEntries(Object.entries(errors).filter(([code]) => firstError(code)));
      if (part === 'inbox') sections.errors = Object.fromEntries(Object.entries(errors).filter(([code]) => !firstError(code)));
      return { code: JSON.stringify(sections), moduleType: 'json' };
    },
  };
}
