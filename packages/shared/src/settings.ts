import { z } from 'zod';

/** Per-tenant key/value settings (SPEC §3). Values of the switch settings are 'enabled' | 'disabled'. */
export const SWITCH_VALUES = ['enabled', 'disabled'] as const;

export const SETTING_DEFINITIONS = {
  /** Public sign-up and user creation on the platform (read on tenant 1). */
  userCreation: { kind: 'switch', default: 'enabled' },
  /** Hide tickets assigned to other users from regular users. */
  NotViewAssignedTickets: { kind: 'switch', default: 'disabled' },
  /** Hide tickets being handled by the chatbot. */
  NotViewTicketsChatBot: { kind: 'switch', default: 'disabled' },
  /** Show tickets without user or queue to everyone. */
  ViewTicketsWithoutQueue: { kind: 'switch', default: 'disabled' },
  /** Route a contact's tickets to the wallet owner. */
  DirectTicketsToWallets: { kind: 'switch', default: 'disabled' },
  /** Agents' replies reach the customer signed with the agent's name: `*Name:*` (bold) on a first line. */
  signMessages: { kind: 'switch', default: 'disabled' },
  /** Resolve open and pending tickets idle for this long (SPEC §4). */
  autoResolveIdle: { kind: 'choice', default: 'disabled', values: ['disabled', '10m', '1h', '1d', '5d', '10d'] },
  /**
   * SPEC §3/§9 'absence-message maximum repeats': how many times one ticket gets the absence message.
   * Set on the business-hours screen (`screen`), not among the general settings.
   */
  absenceMessageMaxRepeats: { kind: 'choice', default: '1', values: ['1', '2', '3', '4', '5', '10'], screen: 'businessHours' },
  // ---- issue 11: ticket visibility for non-admins, the ticket list's size, reasons at close ----
  /** Closed tickets are seen by everyone who sees their queue; disabled: a non-admin sees only the closed tickets they attended. */
  mostrarFechadoParaTodos: { kind: 'switch', default: 'enabled' },
  /** Group tickets are seen by everyone who sees their queue; disabled: a non-admin sees only the group tickets assigned to them. */
  mostrarGruposParaTodos: { kind: 'switch', default: 'enabled' },
  /** Supervisors follow the regular users' ticket logic (their queues, the settings above), not the admins'. */
  supervisorAdmin: { kind: 'switch', default: 'disabled' },
  /** SPEC §3 'ticket-list limit' (Whazing limiteTickets): the page size, and its maximum, of the ticket list of non-admins. */
  ticketListLimit: { kind: 'choice', default: '40', values: ['10', '20', '30', '40', '50', '100'] },
  /** A reason (SPEC Demand) must be chosen when an agent resolves a ticket (automated closes are not held). */
  demandRequiredOnClose: { kind: 'switch', default: 'disabled' },
  /**
   * SPEC §3 'private-message limit', read like the ticket-list limit: how many messages of an internal
   * (private chat) conversation are loaded at once; earlier ones come page by page.
   */
  privateMessageLimit: { kind: 'choice', default: '30', values: ['10', '20', '30', '50', '100'] },
} as const;

/** Idle time of each autoResolveIdle choice, in minutes. */
export const AUTO_RESOLVE_IDLE_MINUTES: Record<string, number> = { '10m': 10, '1h': 60, '1d': 1440, '5d': 7200, '10d': 14400 };

/** The values a setting accepts. */
export function allowedSettingValues(key: SettingKey): readonly string[] {
  const definition = SETTING_DEFINITIONS[key];
  return 'values' in definition ? definition.values : SWITCH_VALUES;
}

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];

/** SPEC §5: these three general settings cannot be enabled together (at most one at a time). */
export const EXCLUSIVE_VISIBILITY_SETTINGS: readonly SettingKey[] = [
  'NotViewAssignedTickets',
  'NotViewTicketsChatBot',
  'ViewTicketsWithoutQueue',
];

export const settingSchema = z.object({ key: z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;

export const updateSettingBodySchema = z.object({ value: z.string().trim().min(1).max(50) });

/**
 * Settings that change which tickets non-admins see (or whether supervisors count as admins): a
 * change re-rooms the tenant's connected sockets at once.
 */
export const VISIBILITY_SETTINGS: readonly SettingKey[] = [
  ...EXCLUSIVE_VISIBILITY_SETTINGS,
  'DirectTicketsToWallets',
  'mostrarFechadoParaTodos',
  'mostrarGruposParaTodos',
  'supervisorAdmin',
];
