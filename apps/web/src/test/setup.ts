import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllTexts } from '../lib/i18n';
import { resetLoadingOverlay } from '../lib/loading';
import { clearDrafts } from '../lib/drafts';

// jsdom lacks what Mantine measures and listens to.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.assign(globalThis, { ResizeObserver: globalThis.ResizeObserver ?? ResizeObserverStub });
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
// Mantine's autosize Textarea listens to font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });
}
Object.assign(window.HTMLElement.prototype, { scrollIntoView: window.HTMLElement.prototype.scrollIntoView ?? (() => undefined) });
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Mantine keeps its toasts in a module-level store, which files that share modules share too
  // (vitest.config.ts): a test starts with none shown and none queued.
  notifications.clean();
  notifications.cleanQueue();
  resetLoadingOverlay();
  // Typed drafts are kept per conversation for the page's life (lib/drafts.ts): none between cases.
  clearDrafts();
});

// Components are tested outside the router's lazy screens, which load the texts beyond the first
// download (lib/i18n.ts loadAllTexts): all of them are at hand, as on any screen but the login page.
await loadAllTexts();

// Dialogs, the ticket filters and the toasts are lazy modules (their code is fetched when they first
// show): the first import in a test worker compiles them, which on a busy machine takes longer than
// Testing Library's 1 s default for findBy/waitFor. `npm test` gives more (TEST_ASYNC_TIMEOUT_MS) when
// the suite runs at a low CPU priority beside the browser tests (scripts/test.mjs): a wait there may
// get no CPU for a few seconds. Only a failing wait takes longer; a passing one ends as soon as it holds.
const testEnv = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
configure({ asyncUtilTimeout: Number(testEnv.TEST_ASYNC_TIMEOUT_MS) || 5000 });
