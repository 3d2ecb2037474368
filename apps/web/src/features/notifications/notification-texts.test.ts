/**
 * The words the server pushes a transfer with (@conversa/shared notification-texts, in the
 * subscription's language) are the app's own transfer toast (tickets.transferredToYou), in each of
 * the 8 languages: one cannot be reworded without the other.
 */
import { LANGUAGES, NOTIFICATION_TEXTS, type Language } from '@conversa/shared/notification-texts';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import it_ from '../../locales/it.json';
import pl from '../../locales/pl.json';
import pt from '../../locales/pt.json';
import ru from '../../locales/ru.json';

const LOCALE_FILES: Record<Language, { tickets: { transferredToYou: { title: string; message: string } } }> = {
  pt,
  en,
  es,
  de,
  fr,
  it: it_,
  pl,
  ru,
};

const interpolate = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name]));

describe("the transfer push's words", () => {
  it.each(LANGUAGES.map((language) => [language]))('%s: the same as the toast', (language) => {
    const toast = LOCALE_FILES[language].tickets.transferredToYou;
    expect(NOTIFICATION_TEXTS[language].transferTitle).toBe(toast.title);
    expect(NOTIFICATION_TEXTS[language].transferBody(42, 'Maria Souza')).toBe(interpolate(toast.message, { id: 42, name: 'Maria Souza' }));
  });
});
