import { LoadingOverlay } from '@mantine/core';
import { useLoadingOverlay } from '../lib/loading';

/**
 * SPEC §7 loading overlay over the whole page (see lib/loading.ts for when it
 * shows). It only signals loading: it lets clicks through, so a page that has
 * already rendered stays usable while it fades.
 */
export function GlobalLoadingOverlay() {
  const visible = useLoadingOverlay();
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1000}
      style={{ pointerEvents: 'none' }}
      overlayProps={{ backgroundOpacity: 0.15, style: { pointerEvents: 'none' } }}
      data-testid="loading-overlay"
    />
  );
}
