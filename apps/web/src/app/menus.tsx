import type { Profile } from '@conversa/shared';
import { MAIN_TENANT_ID } from '@conversa/shared/enums';
import {
  IconAddressBook,
  IconBell,
  IconActivityHeartbeat,
  IconCloudUpload,
  IconDatabase,
  IconListDetails,
  IconPlugConnectedX,
  IconTerminal2,
  IconBolt,
  IconCake,
  IconPhoneCall,
  IconChecklist,
  IconChartBar,
  IconClockHour4,
  IconCalendarTime,
  IconBuildingSkyscraper,
  IconDoorExit,
  IconHome,
  IconLayoutBoard,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconMessageBolt,
  IconMessages,
  IconNote,
  IconTimelineEvent,
  IconPlugConnected,
  IconPalette,
  IconReceipt2,
  IconCreditCard,
  IconCash,
  IconApi,
  IconRobot,
  IconSettings,
  IconSpeakerphone,
  IconSend,
  IconStar,
  IconStack2,
  IconTags,
  IconUsers,
  IconUsersGroup,
  IconMessageCircle,
  type Icon,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { UnreadChatBadge } from '../features/private-chat/components/UnreadChatBadge';
import { isPlatformAdmin, PATHS } from './paths';

export interface MenuItem {
  /** i18n key of the label. */
  labelKey: string;
  path: string;
  icon: Icon;
  /** Shown at the entry's right (a live count). */
  badge?: ComponentType;
}

export interface MenuGroup {
  /** i18n key of the section title; shown only when a menu has more than one group. */
  labelKey: string;
  items: MenuItem[];
}

const HOME: MenuItem = { labelKey: 'menu.home', path: PATHS.home, icon: IconHome };
const TENANTS: MenuItem = { labelKey: 'menu.tenants', path: PATHS.tenants, icon: IconBuildingSkyscraper };
const PLANS: MenuItem = { labelKey: 'menu.plans', path: PATHS.plans, icon: IconReceipt2 };
const SUBSCRIPTION: MenuItem = { labelKey: 'menu.subscription', path: PATHS.subscription, icon: IconCreditCard };
const BLOCKED_SETTINGS: MenuItem = { labelKey: 'menu.blockedSettings', path: PATHS.blockedSettings, icon: IconSettings };
const TENANT_PAYMENTS: MenuItem = { labelKey: 'menu.tenantPayments', path: PATHS.tenantPayments, icon: IconCash };
const TENANT_API: MenuItem = { labelKey: 'menu.tenantApi', path: PATHS.tenantApi, icon: IconApi };
const USERS: MenuItem = { labelKey: 'menu.users', path: PATHS.users, icon: IconUsers };
const TICKET_PANEL: MenuItem = { labelKey: 'ticketPanel.menu', path: PATHS.ticketPanel, icon: IconLayoutDashboard };
const API_SERVICE: MenuItem = { labelKey: 'menu.apiService', path: PATHS.apiService, icon: IconApi };
const SETTINGS: MenuItem = { labelKey: 'menu.settings', path: PATHS.settingsGeneral, icon: IconSettings };
const TICKETS: MenuItem = { labelKey: 'menu.tickets', path: PATHS.atendimento, icon: IconMessages };
const CONTACTS: MenuItem = { labelKey: 'menu.contacts', path: PATHS.contacts, icon: IconAddressBook };
const REPORTS: MenuItem = { labelKey: 'menu.reports', path: PATHS.reports, icon: IconChartBar };
const CHANNELS: MenuItem = { labelKey: 'menu.channels', path: PATHS.channels, icon: IconPlugConnected };
const QUEUES: MenuItem = { labelKey: 'menu.queues', path: PATHS.queues, icon: IconStack2 };
const QUICK_MESSAGES: MenuItem = { labelKey: 'menu.quickMessages', path: PATHS.quickMessages, icon: IconBolt };
const CAMPAIGNS: MenuItem = { labelKey: 'menu.campaigns', path: PATHS.campaigns, icon: IconSpeakerphone };
const GROUP_TOOLS: MenuItem = { labelKey: 'menu.groupTools', path: PATHS.groups, icon: IconUsersGroup };
const MASS_SENDS: MenuItem = { labelKey: 'menu.massSends', path: PATHS.massSends, icon: IconSend };
const LANES: MenuItem = { labelKey: 'menu.lanes', path: PATHS.lanes, icon: IconLayoutKanban };
const TAGS: MenuItem = { labelKey: 'menu.tags', path: PATHS.tags, icon: IconTags };
const NOTES: MenuItem = { labelKey: 'records.menu.notes', path: PATHS.notes, icon: IconNote };
const PROTOCOLS: MenuItem = { labelKey: 'records.menu.protocols', path: PATHS.protocols, icon: IconTimelineEvent };
const KANBAN: MenuItem = { labelKey: 'menu.kanban', path: PATHS.kanbanLanes, icon: IconLayoutBoard };
const AUTO_REPLIES: MenuItem = { labelKey: 'menu.autoReplies', path: PATHS.autoReplies, icon: IconMessageBolt };
const CHAT_FLOW: MenuItem = { labelKey: 'menu.chatFlow', path: PATHS.chatFlow, icon: IconRobot };
const BUSINESS_HOURS: MenuItem = { labelKey: 'menu.businessHours', path: PATHS.businessHours, icon: IconClockHour4 };
const CLOSING: MenuItem = { labelKey: 'menu.closing', path: PATHS.closing, icon: IconDoorExit };
const TASKS: MenuItem = { labelKey: 'menu.tasks', path: PATHS.tasks, icon: IconChecklist };
const SCHEDULES: MenuItem = { labelKey: 'schedules.menu', path: PATHS.schedules, icon: IconCalendarTime };
const NOTIFICATIONS: MenuItem = { labelKey: 'menu.notifications', path: PATHS.notifications, icon: IconBell };
const RATINGS: MenuItem = { labelKey: 'menu.ratings', path: PATHS.ratingsList, icon: IconStar };
const BIRTHDAYS: MenuItem = { labelKey: 'birthdays.menu', path: PATHS.birthdays, icon: IconCake };
const TEAMS: MenuItem = { labelKey: 'menu.teams', path: PATHS.teams, icon: IconUsersGroup };
const CUSTOMIZE: MenuItem = { labelKey: 'menu.customize', path: PATHS.customize, icon: IconPalette };
const SESSIONS: MenuItem = { labelKey: 'menu.channelSessions', path: PATHS.channelSessions, icon: IconPlugConnectedX };
const SESSIONS_ALL: MenuItem = { labelKey: 'menu.channelSessionsAll', path: PATHS.channelSessionsAll, icon: IconActivityHeartbeat };
const QUEUE_MONITOR: MenuItem = { labelKey: 'menu.queueMonitor', path: PATHS.queueMonitor, icon: IconListDetails };
const INTERNAL_DATA: MenuItem = { labelKey: 'menu.internalData', path: PATHS.internalData, icon: IconDatabase };
const UPDATE: MenuItem = { labelKey: 'menu.update', path: PATHS.update, icon: IconCloudUpload };
const TERMINAL: MenuItem = { labelKey: 'menu.terminal', path: PATHS.terminal, icon: IconTerminal2 };
const CALLS: MenuItem = { labelKey: 'menu.calls', path: PATHS.calls, icon: IconPhoneCall };
/** SPEC §2/§7: the softphone is every user's (the call list is the admin's, on the same screen). */
const SOFTPHONE: MenuItem = { labelKey: 'menu.softphone', path: PATHS.calls, icon: IconPhoneCall };
const PRIVATE_CHAT: MenuItem = { labelKey: 'menu.privateChat', path: PATHS.privateChat, icon: IconMessageCircle, badge: UnreadChatBadge };

/** SPEC §2 menus by role, limited to the screens that exist: common, supervisor adds, admin adds. */
const COMMON: MenuItem[] = [HOME, TICKETS, CONTACTS, MASS_SENDS, PRIVATE_CHAT, KANBAN, TASKS];
const SUPERVISOR: MenuItem[] = [
  ...COMMON,
  CHANNELS,
  REPORTS,
  QUEUES,
  TEAMS,
  QUICK_MESSAGES,
  BIRTHDAYS,
  SCHEDULES,
  TAGS,
  NOTES,
  PROTOCOLS,
  LANES,
  AUTO_REPLIES,
  CHAT_FLOW,
  BUSINESS_HOURS,
  CLOSING,
  RATINGS,
  CAMPAIGNS,
];
const ADMIN: MenuItem[] = [...SUPERVISOR, GROUP_TOOLS, TICKET_PANEL, USERS, CALLS, API_SERVICE, SESSIONS, SETTINGS, SUBSCRIPTION];
/** The superadmin works in its own tenant as an admin does; /home would send it to tenants (SPEC §2), so it has no dashboard entry. */
const SUPERADMIN_WORK: MenuItem[] = ADMIN.filter((item) => item !== HOME);
/** SPEC §2 superadmin entries whose screens exist (platform screens: superadmin of tenant 1 only, SPEC §6). */
const PLATFORM: MenuItem[] = [
  SUBSCRIPTION,
  TENANTS,
  PLANS,
  TENANT_PAYMENTS,
  TENANT_API,
  NOTIFICATIONS,
  SESSIONS_ALL,
  QUEUE_MONITOR,
  INTERNAL_DATA,
  UPDATE,
  TERMINAL,
];

const WORK_GROUP = 'menu.groups.work';
const PLATFORM_GROUP = 'menu.groups.platform';

/**
 * The menu of a signed-in user (SPEC §2 menus by role). The platform superadmin is also a member of
 * tenant 1: it gets that tenant's work menu (the inbox, contacts, channels, queues, users, settings)
 * and, in a section of its own, the platform's screens.
 */
export function menuFor(
  profile: Profile | null | undefined,
  tenantId?: number | null,
  billingBlocked = false,
  blockWavoip = false,
): MenuGroup[] {
  const groups = withCalls(roleMenu(profile, tenantId, billingBlocked), profile, billingBlocked, blockWavoip);
  // Tenant 1 (the platform) has no subscription of its own: the platform superadmin's entry is the overview.
  if (tenantId !== MAIN_TENANT_ID) return groups;
  return groups.map((group) =>
    group.labelKey === WORK_GROUP ? { ...group, items: group.items.filter((item) => item !== SUBSCRIPTION) } : group,
  );
}

/**
 * The calls entry: admins have the call list (SPEC §2 "Admin adds: … voice-call list"); users and
 * supervisors who may call get the softphone (SPEC §7); a user with the softphone blocked
 * (blockWavoip, SPEC §6) gets neither.
 */
function withCalls(groups: MenuGroup[], profile: Profile | null | undefined, billingBlocked: boolean, blockWavoip: boolean): MenuGroup[] {
  if (blockWavoip) return groups.map((group) => ({ ...group, items: group.items.filter((item) => item !== CALLS) }));
  if (billingBlocked || (profile !== 'user' && profile !== 'super')) return groups;
  return groups.map((group) => (group.labelKey === WORK_GROUP ? { ...group, items: [...group.items, SOFTPHONE] } : group));
}

function roleMenu(profile: Profile | null | undefined, tenantId: number | null | undefined, billingBlocked: boolean): MenuGroup[] {
  // SPEC §6: a company blocked for payment sees settings only. As in Whazing, its menu is one entry,
  // /configuracoesbloqueio, which leads to the subscription and the settings it keeps.
  if (billingBlocked && profile && !isPlatformAdmin(profile, tenantId)) {
    return [{ labelKey: WORK_GROUP, items: [BLOCKED_SETTINGS] }];
  }
  switch (profile) {
    case 'user':
      return [{ labelKey: WORK_GROUP, items: COMMON }];
    case 'super':
      return [{ labelKey: WORK_GROUP, items: SUPERVISOR }];
    case 'admin':
      // Tenant 1's look is the platform's, its superadmin's to change; another company's admins customise theirs.
      return [{ labelKey: WORK_GROUP, items: tenantId === MAIN_TENANT_ID ? ADMIN : [...ADMIN, CUSTOMIZE] }];
    case 'superadmin':
      return isPlatformAdmin(profile, tenantId)
        ? [
            { labelKey: WORK_GROUP, items: SUPERADMIN_WORK },
            { labelKey: PLATFORM_GROUP, items: [...PLATFORM, CUSTOMIZE] },
          ]
        : [{ labelKey: WORK_GROUP, items: [...SUPERADMIN_WORK, CUSTOMIZE] }];
    default:
      return [];
  }
}
