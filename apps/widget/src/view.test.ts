import { afterEach, describe, expect, it, vi } from 'vitest';
import { strings } from './i18n';
import { NARROW_QUERY, View, type ViewHandlers } from './view';

type Listener = (event: { matches: boolean }) => void;

/** A screen whose NARROW_QUERY answer the test sets and changes (jsdom has no matchMedia). */
function screen(narrow: boolean) {
  const listeners: Listener[] = [];
  const media = {
    matches: narrow,
    media: NARROW_QUERY,
    addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
    removeEventListener: () => undefined,
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: vi.fn((query: string) => (query === NARROW_QUERY ? media : { ...media, matches: false })),
  });
  return {
    resize(next: boolean) {
      media.matches = next;
      for (const listener of listeners) listener({ matches: next });
    },
  };
}

function mount(): { view: View; handlers: ViewHandlers; part: (selector: string) => HTMLElement } {
  const handlers: ViewHandlers = {
    onToggle: vi.fn(),
    onStart: vi.fn(),
    onSend: vi.fn(),
    onAttach: vi.fn(),
    onRetry: vi.fn(),
    resolveUrl: (path) => path,
  };
  const view = new View(strings('pt'), handlers);
  document.body.appendChild(view.host);
  const part = (selector: string) => {
    const found = view.host.shadowRoot?.querySelector<HTMLElement>(selector);
    if (!found) throw new Error(`no ${selector}`);
    return found;
  };
  return { view, handlers, part };
}

afterEach(() => {
  document.body.innerHTML = '';
  Reflect.deleteProperty(window, 'matchMedia');
});

describe("the widget's layout on phones", () => {
  it('on a narrow screen the open panel is full-screen and the launcher is out of the way of Send', () => {
    screen(true);
    const { view, handlers, part } = mount();
    const root = part('.root');
    const launcher = part('.launcher');
    expect(root.classList.contains('narrow')).toBe(true);
    expect(launcher.hidden).toBe(false);

    view.toggle(true);
    expect(root.classList.contains('open')).toBe(true);
    expect(launcher.hidden).toBe(true);
    expect(part('.panel').hidden).toBe(false);

    // Send sends (nothing lies on top of it any more) and the chat stays open.
    view.showChat();
    const textarea = part('textarea') as HTMLTextAreaElement;
    textarea.value = 'Oi, preciso de ajuda';
    part('button.send').click();
    expect(handlers.onSend).toHaveBeenCalledWith('Oi, preciso de ajuda');
    expect(view.isOpen).toBe(true);

    // The panel's own × closes it; the launcher comes back and takes the focus.
    part('button.close').click();
    expect(view.isOpen).toBe(false);
    expect(launcher.hidden).toBe(false);
    expect(root.classList.contains('open')).toBe(false);
    expect(view.host.shadowRoot?.activeElement).toBe(launcher);
  });

  it('on a wide screen the panel floats above the launcher, which stays to close it', () => {
    screen(false);
    const { view, part } = mount();
    view.toggle(true);
    expect(part('.root').classList.contains('narrow')).toBe(false);
    expect(part('.launcher').hidden).toBe(false);
    expect(part('.launcher').getAttribute('aria-expanded')).toBe('true');
    part('.launcher').click();
    expect(view.isOpen).toBe(false);
  });

  it('follows the screen when it is rotated or resized while open', () => {
    const display = screen(false);
    const { view, part } = mount();
    view.toggle(true);
    expect(part('.launcher').hidden).toBe(false);
    display.resize(true);
    expect(part('.root').classList.contains('narrow')).toBe(true);
    expect(part('.launcher').hidden).toBe(true);
    display.resize(false);
    expect(part('.launcher').hidden).toBe(false);
  });

  it('styles the narrow layout: a full-viewport panel and a hidden launcher', () => {
    screen(true);
    const { part } = mount();
    const css = part('style').textContent ?? '';
    expect(css).toMatch(/\.root\.narrow \.panel \{[^}]*position: fixed; inset: 0;/);
    expect(css).toMatch(/\.launcher\[hidden\] \{ display: none; \}/);
  });
});
