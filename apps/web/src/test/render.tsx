import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { useAppTheme } from '../app/theme';
import i18n from '../lib/i18n';

export interface RenderWithAppOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Start URL of the in-memory router. */
  route?: string;
  queryClient?: QueryClient;
}

/** A query client for one test: no retries, nothing kept between tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Mantine with the app's theme (as Providers sets it up, minus the stored colour scheme). */
function ThemedMantine({ children }: { children: ReactNode }) {
  return <MantineProvider theme={useAppTheme()}>{children}</MantineProvider>;
}

/** Renders inside the app's providers (Mantine, notifications, TanStack Query, i18next in pt, a router). */
export function renderWithApp(ui: ReactElement, { route = '/', queryClient = testQueryClient(), ...options }: RenderWithAppOptions = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ThemedMantine>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </ThemedMantine>
    </I18nextProvider>
  );
  return { user: userEvent.setup(), queryClient, ...render(ui, { wrapper, ...options }) };
}
