import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createSessionColorSchemeManager } from '../lib/color-scheme';
import i18n from '../lib/i18n';
import { getConfigs } from '../lib/session';
import { GlobalLoadingOverlay } from './GlobalLoadingOverlay';
import { NotificationsOnDemand } from './NotificationsOnDemand';
import { useAppTheme } from './theme';

const colorSchemeManager = createSessionColorSchemeManager();

export function Providers({ children }: { children: ReactNode }) {
  const theme = useAppTheme();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme={getConfigs().isDark ? 'dark' : 'light'}>
        <NotificationsOnDemand position="top-right" limit={5} />
        {/* TanStack Query's provider is not here: see app/QueryScope.tsx. */}
        <GlobalLoadingOverlay />
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
