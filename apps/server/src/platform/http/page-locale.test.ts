import { acceptedLanguages, localeChain, LOCALES, localeOf, pickLocale } from '@conversa/shared';
import { checkLocales, type LocaleTable } from '@conversa/shared/locale-check';
import { describe, expect, it } from 'vitest';
import { DEMO_PAGE_TEXTS } from '../../modules/channels/adapters/webchat/demo-page.js';
import { DEMO_PHONE_TEXTS } from '../../modules/demo/demo-page.js';

describe('the language of public pages', () => {
  it('reads Accept-Language by weight, then order, without * and q=0', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('en;q=0.3, ru;q=0.8, pl')).toEqual(['pl', 'ru', 'en']);
    expect(acceptedLanguages('de;q=0, it')).toEqual(['it']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('maps language tags to the 12 locales: regions to regional locales, other regions to the base language', () => {
    expect(['pt-BR', 'pt_br', 'pt-PT', 'pt'].map(localeOf)).toEqual(['pt-br', 'pt-br', 'pt', 'pt']);
    expect(['es-MX', 'es-AR', 'es-419', 'es-ES', 'es'].map(localeOf)).toEqual(['es-419', 'es-419', 'es-419', 'es', 'es']);
    expect(['en-US', 'en-GB', 'en-AU', 'en-CA', 'en'].map(localeOf)).toEqual(['en-us', 'en-gb', 'en-gb', 'en', 'en']);
    expect(['de-AT', 'fr-CA', 'it-CH', 'pl-PL', 'ru-RU', 'zh-Hant-TW', 'ja'].map(localeOf)).toEqual([
      'de',
      'fr',
      'it',
      'pl',
      'ru',
      undefined,
      undefined,
    ]);
    expect(pickLocale(['ja', 'ko'])).toBe('pt');
    expect(pickLocale(['ja', 'it-IT'])).toBe('it');
  });

  it.each([
    ['the web-chat demo page', DEMO_PAGE_TEXTS],
    ['the demo WhatsApp phone', DEMO_PHONE_TEXTS],
  ])('%s has every text in the 12 locales, with the same {{variables}}', (_name, table) => {
    expect(Object.keys(table).sort()).toEqual([...LOCALES].sort());
    expect(checkLocales(table as Record<string, LocaleTable>, { reference: 'en', chain: localeChain })).toEqual([]);
  });
});
