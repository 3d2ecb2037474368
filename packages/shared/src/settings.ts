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
} as const;

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

export const updateSettingBodySchema = z.object({ value: z.enum(SWITCH_VALUES) });
