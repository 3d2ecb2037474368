import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { getConfigs, saveConfigs, subscribeSession } from './session';

function storedScheme(): MantineColorScheme {
  return getConfigs().isDark ? 'dark' : 'light';
}

/**
 * The colour scheme lives in the stored user configs (configs.isDark, from the
 * login answer and the periodic profile refresh), so Mantine follows the session.
 */
export function createSessionColorSchemeManager(): MantineColorSchemeManager {
  let unsubscribe: (() => void) | undefined;
  return {
    get: () => storedScheme(),
    set: (value) => {
      if (storedScheme() !== value) saveConfigs({ isDark: value === 'dark' });
    },
    subscribe: (onUpdate) => {
      unsubscribe?.();
      unsubscribe = subscribeSession(() => onUpdate(storedScheme()));
    },
    unsubscribe: () => {
      unsubscribe?.();
      unsubscribe = undefined;
    },
    clear: () => undefined,
  };
}
