import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { loadAllTexts } from '../lib/i18n';

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
   * The screen (or a screen under it) is part of the app beyond the login and password-reset pages:
   * TanStack Query's provider (app/QueryScope) and all the texts (lib/i18n loadAllTexts) are loaded
   * with it. Neither is in the first download, so that the login page does without them.
   */
  app?: boolean;
}

/**
 * A route's screen loaded on demand (DESIGN §6): `lazyPage(() => import('…/LoginPage'), 'LoginPage')`.
 * Its module, and the code only it uses, becomes a chunk of its own that the browser fetches the
 * first time the route is shown; meanwhile the screen's place shows PageLoader.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  options: LazyPageOptions = {},
): ComponentType {
  const Screen = lazy<ComponentType>(async () => {
    if (!options.app) return { default: (await load())[name] };
    const [module, { QueryScope }] = await Promise.all([load(), import('./QueryScope'), loadAllTexts()]);
    const Page: ComponentType = module[name];
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
      <Suspense fallback={<PageLoader />}>
        <Screen />
      </Suspense>
    );
  }
  LazyPage.displayName = `LazyPage(${name})`;
  return LazyPage;
}
