import { createHashRouter, Navigate, Outlet } from 'react-router';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { ChannelsPage } from '../features/channels/pages/ChannelsPage';
import { ContactsPage } from '../features/contacts/pages/ContactsPage';
import { QueuesPage } from '../features/queues/pages/QueuesPage';
import { AtendimentoLayout, EmptyChatPage } from '../features/tickets/pages/AtendimentoLayout';
import { ChatContactsPage } from '../features/tickets/pages/ChatContactsPage';
import { ChatPage } from '../features/tickets/pages/ChatPage';
import { ResetPasswordPage } from '../features/auth/pages/ResetPasswordPage';
import { HomePage } from '../features/home/pages/HomePage';
import { PlansPage } from '../features/plans/pages/PlansPage';
import { ConfirmEmailPage } from '../features/profile/pages/ConfirmEmailPage';
import { ProfilePage } from '../features/profile/pages/ProfilePage';
import { GeneralSettingsPage } from '../features/settings/pages/GeneralSettingsPage';
import { SettingsLayout } from '../features/settings/pages/SettingsLayout';
import { SignupPage } from '../features/signup/pages/SignupPage';
import { TenantsPage } from '../features/tenants/pages/TenantsPage';
import { UsersPage } from '../features/users/pages/UsersPage';
import { registerNavigator } from '../lib/navigation';
import { RequireAuth, RequireProfile, ScrollToTop } from './guards';
import { MainLayout } from './layout/MainLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { RootRedirect } from './pages/RootRedirect';
import { PATHS } from './paths';

const ADMINS = ['admin', 'superadmin'] as const;
const SUPERADMIN = ['superadmin'] as const;
const SUPERVISORS = ['super', 'admin', 'superadmin'] as const;

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

/** Hash routing (SPEC §2). */
export const router = createHashRouter([
  {
    element: <Root />,
    children: [
      { path: PATHS.login, element: <LoginPage /> },
      { path: PATHS.signup, element: <SignupPage /> },
      { path: PATHS.reset, element: <ResetPasswordPage /> },
      { path: PATHS.confirmEmail, element: <ConfirmEmailPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <MainLayout />,
            children: [
              { path: '/', element: <RootRedirect /> },
              { path: PATHS.home, element: <HomePage /> },
              {
                path: PATHS.atendimento,
                element: <AtendimentoLayout />,
                children: [
                  { index: true, element: <Navigate to="chats" replace /> },
                  { path: 'chats', element: <EmptyChatPage /> },
                  { path: 'contatos', element: <ChatContactsPage /> },
                  { path: ':ticketId', element: <ChatPage /> },
                ],
              },
              { path: PATHS.contacts, element: <ContactsPage /> },
              { path: PATHS.profile, element: <ProfilePage /> },
              {
                path: PATHS.queues,
                element: (
                  <RequireProfile profiles={SUPERVISORS}>
                    <QueuesPage />
                  </RequireProfile>
                ),
              },
              {
                path: PATHS.channels,
                element: (
                  <RequireProfile profiles={SUPERVISORS}>
                    <ChannelsPage />
                  </RequireProfile>
                ),
              },
              {
                path: PATHS.tenants,
                element: (
                  <RequireProfile profiles={SUPERADMIN} platform>
                    <TenantsPage />
                  </RequireProfile>
                ),
              },
              {
                path: PATHS.plans,
                element: (
                  <RequireProfile profiles={SUPERADMIN} platform>
                    <PlansPage />
                  </RequireProfile>
                ),
              },
              {
                path: PATHS.users,
                element: (
                  <RequireProfile profiles={ADMINS}>
                    <UsersPage />
                  </RequireProfile>
                ),
              },
              {
                path: PATHS.settings,
                element: (
                  <RequireProfile profiles={ADMINS}>
                    <SettingsLayout />
                  </RequireProfile>
                ),
                children: [
                  { index: true, element: <Navigate to="geral" replace /> },
                  { path: 'geral', element: <GeneralSettingsPage /> },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);

registerNavigator((path, options) => void router.navigate(path, options));
