import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em), where the navbar collapses behind the burger: phones. */
export const MOBILE_QUERY = '(max-width: 47.99em)';

/** True on phone-sized screens; read at the first render (no desktop flash on a phone). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
}
