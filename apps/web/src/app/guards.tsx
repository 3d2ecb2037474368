import type { Profile } from '@conversa/shared';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { notifyWarning } from '../lib/notify';
import { getToken } from '../lib/session';
import { useSession } from '../lib/useSession';
import { lazyPage } from './lazy-page';
import { isPlatformAdmin, PATHS } from './paths';

// Loaded when shown, as the screens are.
const ForbiddenPage = lazyPage(() => import('./pages/ForbiddenPage'), 'ForbiddenPage', { texts: 'inbox' });

function hasTokenSetup(search: string): boolean {
  return new URLSearchParams(search).has('tokenSetup') || new URLSearchParams(window.location.search).has('tokenSetup');
}

/**
 * SPEC §2: every route but the public ones needs a stored token; otherwise the
 * user sees 'Necessário realizar login' and goes to login. Exceptions: the
 * login path itself, or a tokenSetup query parameter. Checked on navigation.
 */
export function RequireAuth() {
  const location = useLocation();
  const { t } = useTranslation();
  const allowed = Boolean(getToken()) || location.pathname === PATHS.login || hasTokenSetup(location.search);

  useEffect(() => {
    if (!allowed) notifyWarning(t('session.required'), 'login-required');
  }, [allowed, t]);

  if (!allowed) return <Navigate to={PATHS.login} replace />;
  return <Outlet />;
}

interface RequireProfileProps {
  profiles: readonly Profile[];
  /** Platform screens: only the superadmin of the main tenant. */
  platform?: boolean;
  children: ReactNode;
}

/** Shows the no-permission page to profiles a screen is not for (SPEC §6). */
export function RequireProfile({ profiles, platform, children }: RequireProfileProps) {
  const session = useSession();
  const ok = session !== null && profiles.includes(session.profile) && (!platform || isPlatformAdmin(session.profile, session.tenantId));
  return ok ? children : <ForbiddenPage />;
}

/** SPEC §2: every navigation scrolls to the top. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
