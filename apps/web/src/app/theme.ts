import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { useMemo } from 'react';
import { useIsMobile } from '../lib/useIsMobile';

/** The app's Mantine theme; on phones every modal takes the whole screen. */
export function buildTheme(mobile: boolean): MantineThemeOverride {
  return createTheme({
    primaryColor: 'teal',
    defaultRadius: 'md',
    components: {
      // Labels stay exactly their text (no ' *'), so "getByLabel('Nome', { exact: true })" finds them; inputs keep `required`.
      InputWrapper: { defaultProps: { withAsterisk: false } },
      // A plain object, not Modal.extend(): importing Modal here would put it (and floating-ui, the
      // scroll lock) in the first download of every page, the login page included.
      Modal: { defaultProps: { fullScreen: mobile } },
    },
  });
}

/** The theme for the current screen size (rebuilt only when crossing the phone breakpoint). */
export function useAppTheme(): MantineThemeOverride {
  const mobile = useIsMobile();
  return useMemo(() => buildTheme(mobile), [mobile]);
}
