import type { Profile } from '@conversa/shared';
// Values from zod-free subpaths only: the root's would bring zod into the inbox's download.
import { AI_PROVIDERS, BOT_INTEGRATIONS, CHANNEL_DEFAULT_KINDS, REPORT_NAMES } from '@conversa/shared/enums';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireProfile } from './guards';
import { MainLayout } from './layout/MainLayout';
import { lazyPage } from './lazy-page';
import { RootRedirect } from './pages/RootRedirect';
import { PATHS } from './paths';

// The signed-in app: its frame (MainLayout) and its route table, one chunk loaded after signing in
// (router.tsx), so that the login page downloads neither. Each screen is loaded on demand: the inbox
// does not download the admin screens.
const HomePage = lazyPage(() => import('../features/home/pages/HomePage'), 'HomePage');
const AtendimentoLayout = lazyPage(() => import('../features/tickets/pages/AtendimentoLayout'), 'AtendimentoLayout', { texts: 'inbox' });
const EmptyChatPage = lazyPage(() => import('../features/tickets/pages/AtendimentoLayout'), 'EmptyChatPage', { texts: 'inbox' });
const ChatContactsPage = lazyPage(() => import('../features/tickets/pages/ChatContactsPage'), 'ChatContactsPage', { texts: 'inbox' });
const ChatPage = lazyPage(() => import('../features/tickets/pages/ChatPage'), 'ChatPage', { texts: 'inbox' });
const ContactsPage = lazyPage(() => import('../features/contacts/pages/ContactsPage'), 'ContactsPage');
const QueuesPage = lazyPage(() => import('../features/queues/pages/QueuesPage'), 'QueuesPage');
const QuickMessagesPage = lazyPage(() => import('../features/quick-messages/pages/QuickMessagesPage'), 'QuickMessagesPage');
const CampaignsPage = lazyPage(() => import('../features/campaigns/pages/CampaignsPage'), 'CampaignsPage');
const CampaignPage = lazyPage(() => import('../features/campaigns/pages/CampaignPage'), 'CampaignPage');
const GroupToolsLayout = lazyPage(() => import('../features/group-tools/pages/GroupToolsLayout'), 'GroupToolsLayout');
const loadGroupTools = () => import('../features/group-tools/pages/GroupToolPages');
const MassGroupsPage = lazyPage(loadGroupTools, 'MassGroupsPage');
const MassGroups2Page = lazyPage(loadGroupTools, 'MassGroups2Page');
const MassUsersPage = lazyPage(loadGroupTools, 'MassUsersPage');
const BanListPage = lazyPage(loadGroupTools, 'BanListPage');
const WordListPage = lazyPage(loadGroupTools, 'WordListPage');
const GreetingPage = lazyPage(loadGroupTools, 'GreetingPage');
const FarewellPage = lazyPage(loadGroupTools, 'FarewellPage');
const MassSendLayout = lazyPage(() => import('../features/mass-sends/pages/MassSendLayout'), 'MassSendLayout');
const MassSendTab = lazyPage(() => import('../features/mass-sends/pages/MassSendLayout'), 'MassSendTab');
const LanesPage = lazyPage(() => import('../features/lanes/pages/LanesPage'), 'LanesPage');
const TagsPage = lazyPage(() => import('../features/tags/pages/TagsPage'), 'TagsPage');
const NotesPage = lazyPage(() => import('../features/notes/pages/NotesPage'), 'NotesPage');
const ProtocolsPage = lazyPage(() => import('../features/protocols/pages/ProtocolsPage'), 'ProtocolsPage');
const BirthdaysPage = lazyPage(() => import('../features/birthdays/pages/BirthdaysPage'), 'BirthdaysPage');
const TasksPage = lazyPage(() => import('../features/tasks/pages/TasksPage'), 'TasksPage');
const SchedulesPage = lazyPage(() => import('../features/schedules/pages/SchedulesPage'), 'SchedulesPage');
const NotificationsAdminPage = lazyPage(() => import('../features/notifications/pages/NotificationsAdminPage'), 'NotificationsAdminPage');
const KanbanLayout = lazyPage(() => import('../features/kanban/pages/KanbanLayout'), 'KanbanLayout');
const LanesBoardPage = lazyPage(() => import('../features/kanban/pages/LanesBoardPage'), 'LanesBoardPage');
const TagsBoardPage = lazyPage(() => import('../features/kanban/pages/TagsBoardPage'), 'TagsBoardPage');
const TeamsPage = lazyPage(() => import('../features/teams/pages/TeamsPage'), 'TeamsPage');
const PrivateChatPage = lazyPage(() => import('../features/private-chat/pages/PrivateChatPage'), 'PrivateChatPage');
const BusinessHoursPage = lazyPage(() => import('../features/business-hours/pages/BusinessHoursPage'), 'BusinessHoursPage');
const AutoRepliesPage = lazyPage(() => import('../features/auto-replies/pages/AutoRepliesPage'), 'AutoRepliesPage');
const ChannelsPage = lazyPage(() => import('../features/channels/pages/ChannelsPage'), 'ChannelsPage');
const ClosingMessagesPage = lazyPage(() => import('../features/closing/pages/ClosingMessagesPage'), 'ClosingMessagesPage');
const RatingsLayout = lazyPage(() => import('../features/ratings/pages/RatingsLayout'), 'RatingsLayout');
const RatingsListPage = lazyPage(() => import('../features/ratings/pages/RatingsListPage'), 'RatingsListPage');
const RatingSettingsPage = lazyPage(() => import('../features/ratings/pages/RatingSettingsPage'), 'RatingSettingsPage');
const ChatFlowScreens = lazyPage(() => import('../features/chatflow/pages/ChatFlowScreens'), 'ChatFlowScreens');
const TenantsPage = lazyPage(() => import('../features/tenants/pages/TenantsPage'), 'TenantsPage');
const SubscriptionPage = lazyPage(() => import('../features/billing/pages/SubscriptionPage'), 'SubscriptionPage');
const BlockedSettingsPage = lazyPage(() => import('../features/billing/pages/BlockedSettingsPage'), 'BlockedSettingsPage');
const TenantPaymentsPage = lazyPage(() => import('../features/billing/pages/TenantPaymentsPage'), 'TenantPaymentsPage');
const PaymentSettingsPage = lazyPage(() => import('../features/billing/pages/PaymentSettingsPage'), 'PaymentSettingsPage');
const PlansPage = lazyPage(() => import('../features/plans/pages/PlansPage'), 'PlansPage');
const TenantApiPage = lazyPage(() => import('../features/tenant-api/pages/TenantApiPage'), 'TenantApiPage');
const UsersPage = lazyPage(() => import('../features/users/pages/UsersPage'), 'UsersPage');
const SettingsLayout = lazyPage(() => import('../features/settings/pages/SettingsLayout'), 'SettingsLayout');
const GeneralSettingsPage = lazyPage(() => import('../features/settings/pages/GeneralSettingsPage'), 'GeneralSettingsPage');
const DemandsPage = lazyPage(() => import('../features/demands/pages/DemandsPage'), 'DemandsPage');
const ContactVariablesPage = lazyPage(() => import('../features/contact-variables/pages/ContactVariablesPage'), 'ContactVariablesPage');
const SmsSettingsPage = lazyPage(() => import('../features/sms/pages/SmsSettingsPage'), 'SmsSettingsPage');
const SmtpSettingsPage = lazyPage(() => import('../features/tenant-smtp/pages/SmtpSettingsPage'), 'SmtpSettingsPage');
const TenantSettingsLayout = lazyPage(() => import('../features/tenant-smtp/pages/SmtpSettingsPage'), 'TenantSettingsLayout');
const ChannelDefaultsPage = lazyPage(() => import('../features/channel-defaults/pages/ChannelDefaultsPage'), 'ChannelDefaultsPage');
const WebhooksSettingsPage = lazyPage(() => import('../features/webhooks/pages/WebhooksSettingsPage'), 'WebhooksSettingsPage');
const AiProviderSettingsPage = lazyPage(() => import('../features/ai-bots/pages/AiProviderSettingsPage'), 'AiProviderSettingsPage');
const ApiServicePage = lazyPage(() => import('../features/api-service/pages/ApiServicePage'), 'ApiServicePage');
const BotIntegrationSettingsPage = lazyPage(
  () => import('../features/ai-bots/pages/BotIntegrationSettingsPage'),
  'BotIntegrationSettingsPage',
);
const TicketPanelPage = lazyPage(() => import('../features/ticket-panel/pages/TicketPanelPage'), 'TicketPanelPage');
const ReportsLayout = lazyPage(() => import('../features/reports/pages/ReportsLayout'), 'ReportsLayout');
const ReportPage = lazyPage(() => import('../features/reports/pages/ReportPage'), 'ReportPage');
const CustomizePage = lazyPage(() => import('../features/branding/pages/CustomizePage'), 'CustomizePage');
const CallsPage = lazyPage(() => import('../features/calls/pages/CallsPage'), 'CallsPage');
const ProfilePage = lazyPage(() => import('../features/profile/pages/ProfilePage'), 'ProfilePage');
const loadPlatformOps = {
  sessions: () => import('../features/platform-ops/pages/ChannelSessionsPage'),
};
const PlatformSessionsPage = lazyPage(loadPlatformOps.sessions, 'PlatformSessionsPage');
const TenantSessionsPage = lazyPage(loadPlatformOps.sessions, 'TenantSessionsPage');
const QueueMonitorPage = lazyPage(() => import('../features/platform-ops/pages/QueueMonitorPage'), 'QueueMonitorPage');
const TenantUsagePage = lazyPage(() => import('../features/platform-ops/pages/TenantUsagePage'), 'TenantUsagePage');
const UpdatePage = lazyPage(() => import('../features/platform-ops/pages/UpdatePage'), 'UpdatePage');
const TerminalPage = lazyPage(() => import('../features/platform-ops/pages/TerminalPage'), 'TerminalPage');
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage', { texts: 'inbox' });
const ADMINS = ['admin', 'superadmin'] as const;
const SUPERADMIN = ['superadmin'] as const;
const SUPERVISORS = ['super', 'admin', 'superadmin'] as const;

function guarded(profiles: readonly Profile[], screen: ReactNode, platform?: boolean) {
  return (
    <RequireProfile profiles={profiles} platform={platform}>
      {screen}
    </RequireProfile>
  );
}

/** Every signed-in route (SPEC §2), under the frame; the public ones are in router.tsx. */
export function SignedInApp() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route path="/" element={<RootRedirect />} />
        <Route path={PATHS.home} element={<HomePage />} />
        <Route path={PATHS.atendimento} element={<AtendimentoLayout />}>
          <Route index element={<Navigate to="chats" replace />} />
          <Route path="chats" element={<EmptyChatPage />} />
          <Route path="contatos" element={<ChatContactsPage />} />
          <Route path=":ticketId" element={<ChatPage />} />
        </Route>
        <Route path={PATHS.contacts} element={<ContactsPage />} />
        <Route path={PATHS.profile} element={<ProfilePage />} />
        <Route path={PATHS.kanban} element={<KanbanLayout />}>
          <Route index element={<Navigate to="kanbans" replace />} />
          <Route path="kanbans" element={<LanesBoardPage />} />
          <Route path="tags" element={<TagsBoardPage />} />
        </Route>
        <Route path={PATHS.reports} element={guarded(SUPERVISORS, <ReportsLayout />)}>
          <Route index element={<Navigate to={REPORT_NAMES[0]} replace />} />
          {REPORT_NAMES.map((name) => (
            <Route key={name} path={name} element={<ReportPage />} />
          ))}
        </Route>
        <Route path={PATHS.queues} element={guarded(SUPERVISORS, <QueuesPage />)} />
        <Route path={PATHS.channels} element={guarded(SUPERVISORS, <ChannelsPage />)} />
        <Route path={PATHS.quickMessages} element={guarded(SUPERVISORS, <QuickMessagesPage />)} />
        <Route path={PATHS.campaigns} element={guarded(SUPERVISORS, <CampaignsPage />)} />
        <Route path={PATHS.campaign} element={guarded(SUPERVISORS, <CampaignPage />)} />
        <Route path={PATHS.groups} element={guarded(ADMINS, <GroupToolsLayout />)}>
          <Route index element={<Navigate to="massagrupos" replace />} />
          <Route path="massagrupos" element={<MassGroupsPage />} />
          <Route path="massagrupos2" element={<MassGroups2Page />} />
          <Route path="massausuarios" element={<MassUsersPage />} />
          <Route path="banlist" element={<BanListPage />} />
          <Route path="wordlist" element={<WordListPage />} />
          <Route path="saudacao" element={<GreetingPage />} />
          <Route path="despedida" element={<FarewellPage />} />
        </Route>
        {/* Every profile (SPEC §2 common menu): an agent sees their own mass sends. */}
        <Route path={PATHS.massSends} element={<MassSendLayout />}>
          <Route index element={<Navigate to="template" replace />} />
          <Route path="texto" element={<MassSendTab />} />
          <Route path="textovariavel" element={<MassSendTab />} />
          <Route path="sms" element={<MassSendTab />} />
          <Route path="template" element={<MassSendTab />} />
          <Route path="template-variavel" element={<MassSendTab />} />
        </Route>
        <Route path={PATHS.lanes} element={guarded(SUPERVISORS, <LanesPage />)} />
        <Route path={PATHS.tags} element={guarded(SUPERVISORS, <TagsPage />)} />
        <Route path={PATHS.notes} element={<NotesPage />} />
        <Route path={PATHS.calls} element={<CallsPage />} />
        <Route path={PATHS.protocols} element={guarded(SUPERVISORS, <ProtocolsPage />)} />
        <Route path={PATHS.tasks} element={<TasksPage />} />
        <Route path={PATHS.birthdays} element={guarded(SUPERVISORS, <BirthdaysPage />)} />
        {/* Every profile: a user sees the schedules they made (the menu entry is the supervisors', SPEC §2). */}
        <Route path={PATHS.schedules} element={<SchedulesPage />} />
        <Route path={PATHS.notifications} element={guarded(SUPERADMIN, <NotificationsAdminPage />, true)} />
        <Route path={PATHS.teams} element={guarded(SUPERVISORS, <TeamsPage />)} />
        <Route path={PATHS.privateChat} element={<PrivateChatPage />} />
        <Route path={PATHS.businessHours} element={guarded(SUPERVISORS, <BusinessHoursPage />)} />
        <Route path={PATHS.autoReplies} element={guarded(SUPERVISORS, <AutoRepliesPage />)} />
        <Route path={PATHS.closing} element={guarded(SUPERVISORS, <ClosingMessagesPage />)} />
        <Route path={PATHS.ratings} element={guarded(SUPERVISORS, <RatingsLayout />)}>
          <Route index element={<Navigate to="listar" replace />} />
          <Route path="listar" element={<RatingsListPage />} />
          <Route path="configurar" element={<RatingSettingsPage />} />
        </Route>
        <Route path={`${PATHS.chatFlow}/*`} element={guarded(SUPERVISORS, <ChatFlowScreens />)} />
        <Route path={PATHS.tenants} element={guarded(SUPERADMIN, <TenantsPage />, true)} />
        <Route path={PATHS.plans} element={guarded(SUPERADMIN, <PlansPage />, true)} />
        <Route path={PATHS.subscription} element={<SubscriptionPage />} />
        <Route path={PATHS.blockedSettings} element={<BlockedSettingsPage />} />
        <Route path={PATHS.tenantPayments} element={guarded(SUPERADMIN, <TenantPaymentsPage />, true)} />
        <Route path={PATHS.tenantApi} element={guarded(SUPERADMIN, <TenantApiPage />, true)} />
        <Route path={PATHS.channelSessionsAll} element={guarded(SUPERADMIN, <PlatformSessionsPage />, true)} />
        <Route path={PATHS.channelSessions} element={guarded(ADMINS, <TenantSessionsPage />)} />
        <Route path={PATHS.queueMonitor} element={guarded(SUPERADMIN, <QueueMonitorPage />, true)} />
        <Route path={PATHS.internalData} element={guarded(SUPERADMIN, <TenantUsagePage />, true)} />
        <Route path={PATHS.update} element={guarded(SUPERADMIN, <UpdatePage />, true)} />
        {/* Anyone signed in reaches it: the screen itself says 'Usuário não autorizado a acessar o terminal' (SPEC §8). */}
        <Route path={PATHS.terminal} element={<TerminalPage />} />
        <Route path={PATHS.users} element={guarded(ADMINS, <UsersPage />)} />
        <Route path={PATHS.ticketPanel} element={guarded(ADMINS, <TicketPanelPage />)} />
        <Route path={PATHS.apiService} element={guarded(ADMINS, <ApiServicePage />)} />
        <Route path={PATHS.customize} element={guarded(ADMINS, <CustomizePage />)} />
        <Route path={PATHS.settings} element={guarded(ADMINS, <SettingsLayout />)}>
          <Route index element={<Navigate to="geral" replace />} />
          <Route path="geral" element={<GeneralSettingsPage />} />
          <Route path="lanes" element={<LanesPage />} />
          <Route path="motivos" element={<DemandsPage />} />
          <Route path="variaveis" element={<ContactVariablesPage />} />
          <Route path="sms" element={<SmsSettingsPage />} />
          <Route path="smtp" element={<SmtpSettingsPage />} />
          <Route path="pagamentos" element={<PaymentSettingsPage />} />
          {CHANNEL_DEFAULT_KINDS.map((kind) => (
            <Route key={kind} path={kind} element={<ChannelDefaultsPage />} />
          ))}
          <Route path="webhooks" element={<WebhooksSettingsPage />} />
          {AI_PROVIDERS.map((provider) => (
            <Route key={provider} path={provider} element={<AiProviderSettingsPage />} />
          ))}
          {BOT_INTEGRATIONS.map((kind) => (
            <Route key={kind} path={kind} element={<BotIntegrationSettingsPage />} />
          ))}
        </Route>
        <Route path={PATHS.tenantSettings} element={guarded(ADMINS, <TenantSettingsLayout />)}>
          <Route index element={<Navigate to="smtp-tenant" replace />} />
          <Route path="smtp-tenant" element={<SmtpSettingsPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
