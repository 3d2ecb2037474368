import { useEffect } from 'react';
import { HashRouter, Route, Routes, useNavigate } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { RequireAuth, ScrollToTop } from './guards';
import { lazyPage } from './lazy-page';
import { PATHS } from './paths';

// Every screen is loaded on demand: the login page does not download the inbox, nor the inbox the admin screens.
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'), 'LoginPage', { texts: 'first' });
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/ResetPasswordPage'), 'ResetPasswordPage', { texts: 'first' });
const SignupPage = lazyPage(() => import('../features/signup/pages/SignupPage'), 'SignupPage', { queries: true });
// The signed-in frame and every route under it: one chunk, not in the login page's download.
const SignedInApp = lazyPage(() => import('./SignedInApp'), 'SignedInApp', { queries: true, texts: 'inbox' });
const ConfirmEmailPage = lazyPage(() => import('../features/profile/pages/ConfirmEmailPage'), 'ConfirmEmailPage', { queries: true });

/** Lets code outside React (the HTTP client, socket events, timers) navigate (lib/navigation.ts). */
function RegisterNavigator() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((path, options) => void navigate(path, options)), [navigate]);
  return null;
}

/**
 * Hash routing (SPEC §2). The declarative router, not the data router (createHashRouter): the app
 * uses no loaders nor actions, and the data router is ≈ 18 kB gzip more in every page's first download.
 * Navigations are not transitions (as they were with the data router here): the new screen, or its
 * spinner while its code loads, replaces the old one at once.
 */
export function AppRouter() {
  return (
    <HashRouter useTransitions={false}>
      <RegisterNavigator />
      <ScrollToTop />
      <Routes>
        <Route path={PATHS.login} element={<LoginPage />} />
        <Route path={PATHS.signup} element={<SignupPage />} />
        <Route path={PATHS.reset} element={<ResetPasswordPage />} />
        <Route path={PATHS.confirmEmail} element={<ConfirmEmailPage />} />
        <Route element={<RequireAuth />}>
          <Route path="*" element={<SignedInApp />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
