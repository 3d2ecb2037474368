import { createHashRouter, Navigate, Outlet } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { RequireAuth, RequireProfile, ScrollToTop } from './guards';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './pages/NotFoundPage';
import { RootRedirect } from './pages/RootRedirect';
import { PATHS } from './paths';

// Every screen is loaded on demand: the login page does not download the inbox, nor the inbox the admin screens.
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'), 'LoginPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/ResetPasswordPage'), 'ResetPasswordPage');
const SignupPage = lazyPage(() => import('../features/signup/pages/SignupPage'), 'SignupPage');
const MainLayout = lazyPage(() => import('./layout/MainLayout'), 'MainLayout');
const HomePage = lazyPage(() => import('../features/home/pages/HomePage'), 'HomePage');
const AtendimentoLayout = lazyPage(() => import('../features/tickets/pages/AtendimentoLayout'), 'AtendimentoLayout');
const EmptyChatPage = lazyPage(() => import('../features/tickets/pages/AtendimentoLayout'), 'EmptyChatPage');
const ChatContactsPage = lazyPage(() => import('../features/tickets/pages/ChatContactsPage'), 'ChatContactsPage');
const ChatPage = lazyPage(() => import('../features/tickets/pages/ChatPage'), 'ChatPage');
const ContactsPage = lazyPage(() => import('../features/contacts/pages/ContactsPage'), 'ContactsPage');
const QueuesPage = lazyPage(() => import('../features/queues/pages/QueuesPage'), 'QueuesPage');
const ChannelsPage = lazyPage(() => import('../features/channels/pages/ChannelsPage'), 'ChannelsPage');
const TenantsPage = lazyPage(() => import('../features/tenants/pages/TenantsPage'), 'TenantsPage');
const PlansPage = lazyPage(() => import('../features/plans/pages/PlansPage'), 'PlansPage');
const UsersPage = lazyPage(() => import('../features/users/pages/UsersPage'), 'UsersPage');
const SettingsLayout = lazyPage(() => import('../features/settings/pages/SettingsLayout'), 'SettingsLayout');
const GeneralSettingsPage = lazyPage(() => import('../features/settings/pages/GeneralSettingsPage'), 'GeneralSettingsPage');
const ProfilePage = lazyPage(() => import('../features/profile/pages/ProfilePage'), 'ProfilePage');
const ConfirmEmailPage = lazyPage(() => import('../features/profile/pages/ConfirmEmailPage'), 'ConfirmEmailPage');

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
