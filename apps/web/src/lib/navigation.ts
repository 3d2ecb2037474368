/**
 * Navigation usable outside React (the HTTP client, timers). The app registers
 * the router's navigate function at start-up; before that, the hash is set.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (path) => {
  window.location.hash = `#${path}`;
};

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  navigator(path, options);
}

/** The absolute URL of a hash route, e.g. for opening it in a new tab. */
export function hashUrl(path: string): string {
  const { origin, pathname, search } = window.location;
  return `${origin}${pathname}${search}#${path}`;
}

/** SPEC §2: ctrl-click (or meta-click) opens the target route in a new browser tab. */
export function openInNewTab(path: string): void {
  window.open(hashUrl(path), '_blank', 'noopener');
}

export function isNewTabClick(event: { ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.ctrlKey || event.metaKey;
}
