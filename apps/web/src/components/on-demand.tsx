import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

/**
 * A component whose code is downloaded the first time it is rendered (a dialog that shows only on
 * demand): `const EditMessageModal = lazyComponent(async () => (await import('./EditMessageModal')).EditMessageModal)`.
 * `loading` shows while the code arrives (nothing by default: a few ms, a dialog opens on a click).
 * If the download fails (offline), it shows nothing — the rest of the page stays as it is — and is
 * tried again when the browser is back online.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, loading: ReactNode = null): ComponentType<P> {
  // React keeps a failed lazy component's error: each attempt after a failure is a new one.
  const attempt = () => lazy(async () => ({ default: await load() }));
  let Lazy = attempt();
  let generation = 0;
  function LazyComponent(props: P) {
    // The attempt this instance shows (the error boundary starts afresh when it changes), and the one that failed.
    const [shown, setShown] = useState(generation);
    const [failed, setFailed] = useState<number | null>(null);
    useEffect(() => {
      if (failed === null) return;
      const retry = () => {
        if (generation === failed) {
          generation += 1;
          Lazy = attempt();
        }
        setFailed(null);
        setShown(generation);
      };
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, [failed]);
    return (
      <ErrorBoundary fallback={null} resetKeys={[shown]} onError={() => setFailed(generation)}>
        <Suspense fallback={loading}>
          <Lazy {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return LazyComponent;
}

/**
 * A dialog that is always rendered with an `opened` prop (a Mantine Modal or Drawer): its code is
 * downloaded the first time `opened` is true, and it stays mounted afterwards, so that it closes and
 * opens again with its transitions. Until then it renders nothing, as the closed dialog would.
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazyComponent(load);
  function LazyDialog(props: P) {
    const [needed, setNeeded] = useState(false);
    if (props.opened && !needed) setNeeded(true);
    return needed ? <Dialog {...props} /> : null;
  }
  return LazyDialog;
}
