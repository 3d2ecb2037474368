import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { i18nReady } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
// pt and en are bundled (ready at once); another stored language is fetched before the first render.
await i18nReady;

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
