import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createSessionColorSchemeManager } from '../lib/color-scheme';
import i18n from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { getConfigs } from '../lib/session';
import { GlobalLoadingOverlay } from './GlobalLoadingOverlay';
import { useAppTheme } from './theme';

const colorSchemeManager = createSessionColorSchemeManager();

export function Providers({ children }: { children: ReactNode }) {
  const theme = useAppTheme();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme={getConfigs().isDark ? 'dark' : 'light'}>
        <Notifications position="top-right" limit={5} />
        <QueryClientProvider client={queryClient}>
          <GlobalLoadingOverlay />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
