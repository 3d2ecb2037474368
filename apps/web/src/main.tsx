import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { Providers } from './app/Providers';
import { LoadFailure } from './components/LoadFailure';
import { AppRouter } from './app/router';
import { startBranding } from './lib/branding';
import { i18nReady } from './lib/i18n';

// The white-label palette, name and icon before the first render (remembered, then refreshed).
startBranding();
// The service worker (web push) and the check for a newly deployed version: not needed for the first
// render, so not in the first download.
void import('./lib/app-updates').then(({ startAppUpdates }) => startAppUpdates());

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
// pt is bundled (ready at once); another stored language is fetched before the first render. (No
// top-level await: it would turn off the bundler's chunk optimizations.)
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <Providers>
        {/* The last net: an error no screen caught leaves a way out, never a blank page. */}
        <ErrorBoundary fallback={<LoadFailure />}>
          <AppRouter />
        </ErrorBoundary>
      </Providers>
    </StrictMode>,
  ),
);
