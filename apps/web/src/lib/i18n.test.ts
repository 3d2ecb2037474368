import { afterEach, describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import es from '../locales/es.json';
import es419 from '../locales/es-419.json';
import pt from '../locales/pt.json';
import i18n, { changeLocale, i18nReady } from './i18n';

// The language files: pt comes with the app, the others (English too) are fetched when chosen.

afterEach(async () => {
  await changeLocale('pt');
});

describe('languages', () => {
  it('starts in pt with only pt at hand: no other language loaded, not even English', async () => {
    await i18nReady;
    expect(i18n.language).toBe('pt');
    expect(i18n.hasResourceBundle('pt', 'translation')).toBe(true);
    for (const lazy of ['en', 'de', 'es', 'pt-br', 'ru']) expect(i18n.hasResourceBundle(lazy, 'translation')).toBe(false);
  });

  it('switches only once the chosen language file has arrived', async () => {
    const switching = changeLocale('de');
    // Still Portuguese while the file is on its way: no half-translated screen.
    expect(i18n.language).toBe('pt');
    await switching;
    expect(i18n.language).toBe('de');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(true);
    expect(i18n.t('common.language')).toBe(de.common.language);
    expect(document.documentElement.lang).toBe('de');
  });

  it('keeps the fallback chain: a regional variant → its base language → English', async () => {
    // pt-br holds no text of its own (pt is Brazilian Portuguese): everything comes from pt, then
    // English, whose file is fetched with pt-br's.
    await changeLocale('pt-br');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    i18n.addResource('pt', 'translation', 'test.onlyInPortuguese', 'Só em português');
    i18n.addResource('en', 'translation', 'test.onlyInEnglish', 'Only in English');
    expect(i18n.t('login.subtitle')).toBe(pt.login.subtitle);
    expect(i18n.t('test.onlyInPortuguese')).toBe('Só em português');
    expect(i18n.t('test.onlyInEnglish')).toBe('Only in English');

    // es-419 needs es too: both files are fetched before the switch.
    await changeLocale('es-419');
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(true);
    expect(i18n.t('common.language')).toBe(es.common.language);
    expect(i18n.t('common.add')).toBe(es419.common.add);
    expect(es419.common.add).not.toBe(es.common.add);
    expect(i18n.t('test.onlyInEnglish')).toBe('Only in English');

    await changeLocale('ru');
    expect(i18n.t('test.onlyInEnglish')).toBe('Only in English');
  });
});
