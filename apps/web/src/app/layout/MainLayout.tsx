import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { BillingNotice } from '../../features/billing/components/BillingNotice';
import { useBillingBlocked } from '../../features/billing/billing-state';
import { useCompanyBranding } from '../../features/branding/api';
import { CallDock } from '../../features/calls/components/CallDock';
import { followLanguageForPush, syncPushSubscription } from '../../lib/web-push';
import { PATHS } from '../paths';
import { useContactVariableNames } from '../../features/contact-variables/api';
import { SocketProvider } from '../SocketProvider';
import { useIdleReload } from '../useIdleReload';
import { useProfileRefresh, useUserLanguage } from '../useProfileRefresh';
import { HeaderBar } from './HeaderBar';
import { NavbarLinks } from './NavbarLinks';

/**
 * The screens a company blocked for payment keeps (SPEC §6 "a blocked tenant sees settings only"):
 * /configuracoesbloqueio, where any other screen leads, and those it links to.
 */
const OPEN_WHEN_BLOCKED = [PATHS.blockedSettings, PATHS.subscription, PATHS.settings, PATHS.tenantSettings, PATHS.profile];

function BlockedOutlet() {
  const blocked = useBillingBlocked();
  const { pathname } = useLocation();
  if (blocked && !OPEN_WHEN_BLOCKED.some((path) => pathname === path || pathname.startsWith(`${path}/`))) {
    return <Navigate to={PATHS.blockedSettings} replace />;
  }
  return <Outlet />;
}

/** DESIGN §3 main layout: header, navbar with the menus by role, the page; the session's socket lives here. */
export function MainLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  useProfileRefresh();
  useUserLanguage();
  useIdleReload();
  // The tenant's contact variables: the template checks of every form accept them.
  useContactVariableNames();
  // The company's white-label name, logo, icon and palette while signed in.
  useCompanyBranding();
  // This browser gets the user's pushes while no tab is open, once notifications are allowed, in the app's language.
  useEffect(() => {
    void syncPushSubscription().catch(() => undefined);
    return followLanguageForPush();
  }, []);

  return (
    <SocketProvider>
      <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <HeaderBar navbarOpened={opened} onToggleNavbar={toggle} />
        </AppShell.Header>
        {/* The menus of an admin or the platform superadmin are taller than a screen: the navbar scrolls. */}
        <AppShell.Navbar p="sm" data-testid="navbar" style={{ overflowY: 'auto' }}>
          <NavbarLinks onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <BillingNotice />
          <BlockedOutlet />
        </AppShell.Main>
      </AppShell>
      {/* An incoming call rings, and a call in progress keeps its audio, on every screen. */}
      <CallDock />
    </SocketProvider>
  );
}
