import { LOCALES } from '@conversa/shared';
import { localeChain } from '@conversa/shared/locales';
import { checkLocales, type LocaleTable } from '@conversa/shared/locale-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { strings, widgetLocale, WIDGET_STRINGS } from './i18n';
import { View } from './view';

describe("the widget's languages", () => {
  it('has every text in the 12 locales of SPEC §1 (regional ones through their base language)', () => {
    expect(Object.keys(WIDGET_STRINGS).sort()).toEqual([...LOCALES].sort());
    expect(checkLocales(WIDGET_STRINGS as Record<string, LocaleTable>, { reference: 'en', chain: localeChain })).toEqual([]);
    expect(strings('es-419').contact).toBe('Correo o celular (opcional)');
    expect(strings('es-419').send).toBe('Enviar');
    expect(strings('pt-br')).toEqual(strings('pt'));
  });

  it("speaks the script's data-lang, else the browser's language, else the page's, else Portuguese", () => {
    expect(widgetLocale({ dataLang: 'de', browser: ['pt-BR', 'pt'], page: 'en' })).toBe('de');
    expect(widgetLocale({ dataLang: 'xx', browser: ['it-IT', 'it'], page: 'en' })).toBe('it');
    expect(widgetLocale({ browser: ['es-AR', 'es'], page: 'en' })).toBe('es-419');
    expect(widgetLocale({ browser: ['ja-JP', 'ja'], page: 'fr-FR' })).toBe('fr');
    expect(widgetLocale({ browser: ['ja-JP'], page: '' })).toBe('pt');
    expect(widgetLocale({})).toBe('pt');
  });

  it("shows its own title and welcome, in the visitor's language, for a channel without its own", () => {
    const handlers = {
      onToggle: vi.fn(),
      onStart: vi.fn(),
      onSend: vi.fn(),
      onAttach: vi.fn(),
      onRetry: vi.fn(),
      resolveUrl: (path: string) => path,
    };
    const view = new View(strings('ru'), handlers);
    view.applyConfig({ color: '#228be6' });
    const shadow = view.host.shadowRoot!;
    expect(shadow.querySelector('.title')?.textContent).toBe('Напишите нам');
    expect(shadow.querySelector('.msg.agent')?.textContent).toBe('Здравствуйте! Чем мы можем помочь?');
    view.applyConfig({ color: '#228be6', title: 'Loja Acme', welcomeMessage: '' });
    expect(shadow.querySelector('.title')?.textContent).toBe('Loja Acme');
    expect(shadow.querySelector<HTMLElement>('.msg.agent')?.hidden).toBe(true);
  });
});

describe('the embed snippet', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete window.__conversaWebchat;
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('data-lang on the script tag chooses the language of the mounted widget', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ color: '#228be6' }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const script = document.createElement('script');
    script.src = 'https://help.example.com/widget.js';
    script.setAttribute('data-channel', 'channel-key-1');
    script.setAttribute('data-lang', 'pl');
    document.body.appendChild(script);
    await import('./main');
    await vi.waitFor(() => expect(document.querySelector('[data-conversa-webchat]')).not.toBeNull());
    const shadow = document.querySelector('[data-conversa-webchat]')!.shadowRoot!;
    expect(shadow.querySelector('.launcher')?.getAttribute('aria-label')).toBe('Otwórz czat');
    expect(shadow.querySelector('.title')?.textContent).toBe('Napisz do nas');
    expect(fetchMock).toHaveBeenCalledWith('https://help.example.com/webchat/channel-key-1/config', expect.anything());
  });
});
