import { DEFAULT_PALETTE, type Palette } from '@conversa/shared/palette';
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { useMemo } from 'react';
import { useBranding } from '../lib/branding';
import { shadesOf } from '../lib/palette-shades';
import { useIsMobile } from '../lib/useIsMobile';

/**
 * The white-label palette in Mantine's colours (issue 15): a customised primary colour becomes the
 * theme's primary ('brand'), the status colours replace Mantine's red, green and yellow. Colours left
 * at Conversa's defaults keep Mantine's own scales. Text on filled colours follows their lightness
 * (autoContrast), so a light palette stays readable, in the dark scheme too.
 */
function paletteColors(palette: Palette): { primaryColor: string; colors: Record<string, MantineColorsTuple>; customised: boolean } {
  const colors: Record<string, MantineColorsTuple> = {};
  const custom = (key: keyof Palette) => palette[key] !== DEFAULT_PALETTE[key];
  if (custom('primary')) colors.brand = shadesOf(palette.primary);
  if (custom('negative')) colors.red = shadesOf(palette.negative);
  if (custom('positive')) colors.green = shadesOf(palette.positive);
  if (custom('warning')) colors.yellow = shadesOf(palette.warning);
  colors.accent = shadesOf(palette.accent);
  return { primaryColor: custom('primary') ? 'brand' : 'teal', colors, customised: Object.keys(colors).length > 1 };
}

/** The app's Mantine theme; on phones every modal takes the whole screen. */
export function buildTheme(mobile: boolean, palette: Palette = DEFAULT_PALETTE): MantineThemeOverride {
  const { primaryColor, colors, customised } = paletteColors(palette);
  return createTheme({
    primaryColor,
    colors,
    // Conversa's own colours keep their white text; a customised palette gets the text its lightness needs.
    autoContrast: customised,
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
  const { palette } = useBranding();
  return useMemo(() => buildTheme(mobile, palette), [mobile, palette]);
}
