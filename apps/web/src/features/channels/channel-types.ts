import { UNOFFICIAL_CHANNEL_TYPES, type Channel, type ChannelType } from '@conversa/shared';

/** What the server shows in place of a stored secret; sent back unchanged, it keeps the stored value. */
export const SECRET_MASK = '••••••';

export interface SettingField {
  key: string;
  /** secret: a password input (the server masks it in answers). */
  kind: 'text' | 'secret' | 'select';
  required?: boolean;
  defaultValue?: string;
  options?: readonly string[];
  placeholder?: string;
}

/** Per-type settings fields of the channel form (SPEC §3 Channel; issue 4 per type). Labels: channels.settings.<key>. */
export const TYPE_FIELDS: Record<ChannelType, readonly SettingField[]> = {
  webchat: [],
  waba: [
    { key: 'phoneNumberId', kind: 'text', required: true },
    { key: 'businessAccountId', kind: 'text' },
    { key: 'apiVersion', kind: 'text', required: true, defaultValue: 'v21.0' },
    { key: 'token', kind: 'secret', required: true },
    { key: 'appSecret', kind: 'secret', required: true },
    { key: 'verifyToken', kind: 'secret', required: true },
    { key: 'baseUrl', kind: 'text', required: true, defaultValue: 'https://graph.facebook.com' },
  ],
  telegram: [
    { key: 'token', kind: 'secret', required: true },
    { key: 'baseUrl', kind: 'text', required: true, defaultValue: 'https://api.telegram.org' },
    { key: 'mode', kind: 'select', required: true, defaultValue: 'webhook', options: ['webhook', 'polling'] },
  ],
  evolution: [
    { key: 'baseUrl', kind: 'text', required: true, placeholder: 'https://evolution.example.com' },
    { key: 'apiKey', kind: 'secret', required: true },
    { key: 'instanceName', kind: 'text' },
    { key: 'pairingNumber', kind: 'text' },
  ],
  meow: [
    { key: 'baseUrl', kind: 'text', required: true, placeholder: 'https://wuzapi.example.com' },
    { key: 'token', kind: 'secret', required: true },
  ],
  baileys: [
    { key: 'pairingNumber', kind: 'text' },
    { key: 'useProxy', kind: 'select', defaultValue: 'false', options: ['false', 'true'] },
    { key: 'proxyUrl', kind: 'text', placeholder: 'socks5://10.0.0.5:1080' },
    { key: 'proxyUser', kind: 'text' },
    { key: 'proxyPassword', kind: 'secret' },
  ],
  whatsapp: [{ key: 'pairingNumber', kind: 'text' }],
  hub: [
    { key: 'token', kind: 'secret', required: true },
    { key: 'hubChannelId', kind: 'text', required: true },
    { key: 'hubChannelType', kind: 'select', required: true, defaultValue: 'whatsapp', options: ['whatsapp', 'instagram', 'facebook'] },
    { key: 'baseUrl', kind: 'text', required: true, defaultValue: 'https://api.notificame.com.br' },
  ],
};

/** The order of the type select. */
export const TYPE_ORDER: readonly ChannelType[] = ['webchat', 'waba', 'telegram', 'evolution', 'meow', 'baileys', 'whatsapp', 'hub'];

/** Unofficial QR-code kinds, hidden when the tenant hides them (localStorage whatsappAllowed === 'false'). */
export const UNOFFICIAL_TYPES: readonly ChannelType[] = UNOFFICIAL_CHANNEL_TYPES;

/** Kinds marked beta in the UI. */
export const BETA_TYPES: readonly ChannelType[] = ['whatsapp'];

/** Kinds with a phone number (the official API needs it, with the country code). */
export const NUMBER_TYPES: readonly ChannelType[] = ['waba', 'baileys', 'whatsapp', 'meow', 'evolution'];

/**
 * Kinds whose provider calls our webhook at /webhooks/<type>/<publicKey>, to be shown to the user.
 * Evolution, WuzAPI (meow) and the NotificaMe hub are left out: their adapters register the
 * webhook themselves, with a secret path segment the API never shows.
 */
export function usesWebhook(channel: Pick<Channel, 'type' | 'settings'>): boolean {
  if (channel.type === 'telegram') return channel.settings.mode !== 'polling';
  return channel.type === 'waba';
}

/** Kinds whose adapter registers the webhook with the provider by itself when the channel starts. */
export const AUTO_WEBHOOK_TYPES: readonly ChannelType[] = ['telegram'];

export function webhookUrl(channel: Pick<Channel, 'type' | 'publicKey'>): string {
  return `${window.location.origin}/webhooks/${channel.type}/${channel.publicKey}`;
}

/** SPEC §1 tenant hideUnoficial, stored at login as whatsappAllowed. */
export function unofficialAllowed(): boolean {
  try {
    return localStorage.getItem('whatsappAllowed') !== 'false';
  } catch {
    return true;
  }
}

export function defaultSettings(type: ChannelType): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of TYPE_FIELDS[type]) if (field.defaultValue !== undefined) out[field.key] = field.defaultValue;
  if (hasHistoryOptions(type)) for (const option of HISTORY_SWITCHES) out[option] = false;
  return out;
}

/** QR codes arrive as data URLs (images); anything else is shown as text (a pairing code). */
export function isImageDataUrl(value: string): boolean {
  return /^data:image\//i.test(value);
}

/**
 * History sync and group options (SPEC §3 "import of messages and groups with dates, queue and
 * close-after option"; SPEC §5 "History sync: positive numbers only"), one block of the form shared
 * by the QR-code kinds whose adapters honour them; labels: channels.history.<key>. The form and the
 * server check them with the same schema (@conversa/shared historyImportFields, checkHistoryImport):
 * - importOldMessages: on connection, import the messages exchanged before the channel was
 *   connected, limited by importFrom / importTo (inclusive YYYY-MM-DD days, from ≤ to) and by
 *   historySyncLimit (at most N newest messages per chat, a whole number 1..10000); the tickets the
 *   import opens go to importQueueId (one of the tenant's queues, or none) and are created closed
 *   when closeImportedTickets is on. Those fields only apply (and are only shown) with it on.
 * - importGroups: group chats become tickets, live and imported (independent of the above).
 */
export const HISTORY_TYPES: readonly ChannelType[] = ['baileys', 'whatsapp', 'evolution', 'meow'];
export type HistorySwitch = 'importOldMessages' | 'importGroups' | 'closeImportedTickets';
export const HISTORY_SWITCHES: readonly HistorySwitch[] = ['importOldMessages', 'importGroups', 'closeImportedTickets'];
/** Every settings key of the block (server field errors on them are shown under the fields). */
export const HISTORY_KEYS: readonly string[] = [...HISTORY_SWITCHES, 'importFrom', 'importTo', 'historySyncLimit', 'importQueueId'];

export function hasHistoryOptions(type: ChannelType): boolean {
  return HISTORY_TYPES.includes(type);
}
