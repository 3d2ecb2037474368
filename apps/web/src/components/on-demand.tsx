import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A component whose code is downloaded the first time it is rendered (a dialog that shows only on
 * demand): `const EditMessageModal = lazyComponent(async () => (await import('./EditMessageModal')).EditMessageModal)`.
 * Nothing shows while the code arrives (a few ms: a dialog opens on a click).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
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
