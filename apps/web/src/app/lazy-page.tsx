import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { LoadFailure } from '../components/LoadFailure';
import { loadAllTexts, loadInboxTexts } from '../lib/i18n';

/** What a screen shows while its code loads: a spinner in its place, never a blank page. */
export function PageLoader() {
  return (
    <Center mih="40vh" data-testid="page-loader">
      <Loader />
    </Center>
  );
}

export interface LazyPageOptions {
  /**
   * The screen (or a screen under it) uses TanStack Query: its provider (app/QueryScope) is loaded
   * with it. Not in the first download, so that the login page does without it.
   */
  queries?: boolean;
  /**
   * The texts the screen needs beyond the first download's (locales/first-sections.ts), loaded with
   * it: 'first' (login, password reset: none), 'inbox' (the signed-in frame and the inbox), or
   * 'all' (the default).
   */
  texts?: 'first' | 'inbox' | 'all';
}

const TEXTS = { first: () => Promise.resolve(), inbox: loadInboxTexts, all: loadAllTexts };

/**
 * A route's screen loaded on demand (DESIGN §6): `lazyPage(() => import('…/LoginPage'), 'LoginPage')`.
 * Its module, and the code only it uses, becomes a chunk of its own that the browser fetches the
 * first time the route is shown; meanwhile the screen's place shows PageLoader. If it cannot be
 * downloaded (offline, or a newer version deployed meanwhile) its place shows LoadFailure, not a
 * blank page; so does a screen that fails to render.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  options: LazyPageOptions = {},
): ComponentType {
  const Screen = lazy<ComponentType>(async () => {
    const [module, scope] = await Promise.all([
      load(),
      options.queries ? import('./QueryScope') : undefined,
      TEXTS[options.texts ?? 'all'](),
    ]);
    const Page: ComponentType = module[name];
    if (!scope) return { default: Page };
    const { QueryScope } = scope;
    return {
      default: function WithQueries() {
        return (
          <QueryScope>
            <Page />
          </QueryScope>
        );
      },
    };
  });
  function LazyPage() {
    return (
      <ErrorBoundary fallback={<LoadFailure />}>
        <Suspense fallback={<PageLoader />}>
          <Screen />
        </Suspense>
      </ErrorBoundary>
    );
  }
  LazyPage.displayName = `LazyPage(${name})`;
  return LazyPage;
}
