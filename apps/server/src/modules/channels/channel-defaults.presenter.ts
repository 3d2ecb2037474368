import { CHANNEL_DEFAULT_KINDS, type ChannelDefaults } from '@conversa/shared';
import { maskChannelSecrets } from './channel-secrets.js';
import type { ChannelDefaultsRow } from './channel-defaults.repository.js';

/** One kind's defaults as answers show them: secrets masked. */
export function presentChannelDefaultValues(row: ChannelDefaultsRow | undefined): Record<string, string> {
  return row ? (maskChannelSecrets(row.values) as Record<string, string>) : {};
}

/** Every kind's defaults ({} for a kind without any). */
export function presentChannelDefaults(rows: ChannelDefaultsRow[]): ChannelDefaults {
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return Object.fromEntries(CHANNEL_DEFAULT_KINDS.map((kind) => [kind, presentChannelDefaultValues(byKind.get(kind))])) as ChannelDefaults;
}
