import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Mantine's AppShell parts, which use only `RemoveScroll.classNames` (src/lib/remove-scroll-classes.test.ts). */
export const CLASS_NAME_ONLY_IMPORTERS = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;

/** Resolves their 'react-remove-scroll' to src/lib/remove-scroll-classes.ts (see there). */
export function removeScrollClasses(): Plugin {
  const target = fileURLToPath(new URL('./src/lib/remove-scroll-classes.ts', import.meta.url));
  return {
    name: 'conversa:remove-scroll-classes',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-remove-scroll' && importer && CLASS_NAME_ONLY_IMPORTERS.test(importer)) return target;
      return null;
    },
  };
}
