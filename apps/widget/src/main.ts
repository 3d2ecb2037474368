import { widgetLocale } from './i18n';
import { Widget } from './widget';

declare global {
  interface Window {
    __conversaWebchat?: Record<string, true>;
  }
}

/**
 * `<script src="https://<conversa>/widget.js" data-channel="<publicKey>"></script>`: the server is
 * the script's own origin; the channel is the data-channel attribute; an optional data-lang
 * (`pt`, `en`, `es`, `de`, `fr`, `it`, `pl`, `ru`, `pt-BR`, `en-GB`, `es-419`…) fixes the language,
 * which is otherwise the visitor's browser language.
 */
(function boot() {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[data-channel][src*="widget.js"]');
  const channel = script?.getAttribute('data-channel');
  if (!script || !channel) {
    console.warn('[conversa] widget.js needs a data-channel attribute');
    return;
  }
  const loaded = (window.__conversaWebchat ??= {});
  if (loaded[channel]) return;
  loaded[channel] = true;
  const base = new URL(script.src, window.location.href).origin;
  const locale = widgetLocale({
    dataLang: script.getAttribute('data-lang'),
    browser: navigator.languages,
    page: document.documentElement.lang,
  });
  const start = () => void new Widget({ base, channel, locale }).mount();
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
