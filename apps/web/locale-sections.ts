import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { FIRST_SECTIONS } from './src/locales/first-sections';

/**
 * `locale.json?first` is the file's FIRST_SECTIONS only, `locale.json?rest` the other sections: one
 * file to write translations in, two modules to download (lib/i18n.ts). Each is JSON, made a module
 * as the whole file would be.
 */
export function localeSections(): Plugin {
  const first = new Set<string>(FIRST_SECTIONS);
  return {
    name: 'conversa:locale-sections',
    enforce: 'pre',
    load(id) {
      const match = /^(.*\.json)\?(first|rest)$/.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, 'first' | 'rest'];
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const sections = Object.fromEntries(Object.entries(texts).filter(([section]) => first.has(section) === (part === 'first')));
      return { code: JSON.stringify(sections), moduleType: 'json' };
    },
  };
}
