import type { Profile } from '@conversa/shared';
import {
  IconAddressBook,
  IconBuildingSkyscraper,
  IconHome,
  IconMessages,
  IconPlugConnected,
  IconReceipt2,
  IconSettings,
  IconStack2,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { PATHS } from './paths';

export interface MenuItem {
  /** i18n key of the label. */
  labelKey: string;
  path: string;
  icon: Icon;
}

const HOME: MenuItem = { labelKey: 'menu.home', path: PATHS.home, icon: IconHome };
const TENANTS: MenuItem = { labelKey: 'menu.tenants', path: PATHS.tenants, icon: IconBuildingSkyscraper };
const PLANS: MenuItem = { labelKey: 'menu.plans', path: PATHS.plans, icon: IconReceipt2 };
const USERS: MenuItem = { labelKey: 'menu.users', path: PATHS.users, icon: IconUsers };
const SETTINGS: MenuItem = { labelKey: 'menu.settings', path: PATHS.settingsGeneral, icon: IconSettings };
const TICKETS: MenuItem = { labelKey: 'menu.tickets', path: PATHS.atendimento, icon: IconMessages };
const CONTACTS: MenuItem = { labelKey: 'menu.contacts', path: PATHS.contacts, icon: IconAddressBook };
const CHANNELS: MenuItem = { labelKey: 'menu.channels', path: PATHS.channels, icon: IconPlugConnected };
const QUEUES: MenuItem = { labelKey: 'menu.queues', path: PATHS.queues, icon: IconStack2 };

/** SPEC §2 menus by role, limited to the screens that exist: common, supervisor adds, admin adds. */
const COMMON: MenuItem[] = [HOME, TICKETS, CONTACTS];
const SUPERVISOR: MenuItem[] = [...COMMON, CHANNELS, QUEUES];
const ADMIN: MenuItem[] = [...SUPERVISOR, USERS, SETTINGS];

/**
 * Menus by role (SPEC §2), limited to the screens that exist. The common,
 * supervisor and admin menus gain their entries as their screens are built.
 */
export const MENUS_BY_PROFILE: Record<Profile, MenuItem[]> = {
  user: COMMON,
  super: SUPERVISOR,
  admin: ADMIN,
  superadmin: [TENANTS, PLANS, USERS, SETTINGS],
};

export function menuFor(profile: Profile | null | undefined): MenuItem[] {
  return profile ? MENUS_BY_PROFILE[profile] : [];
}
