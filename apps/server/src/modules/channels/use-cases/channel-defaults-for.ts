import { CHANNEL_DEFAULT_KINDS, CHANNEL_TYPE_OF_DEFAULTS, type ChannelType } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { findChannelDefaults } from '../channel-defaults.repository.js';
import { openChannelSecrets } from '../channel-secrets.js';

/** The company's defaults for new channels of this type (secrets in clear), {} when it has none. */
export async function channelDefaultsFor(
  ctx: Pick<AppContext, 'secretBox'>,
  db: Db,
  tenantId: number,
  type: ChannelType,
): Promise<Record<string, unknown>> {
  const kind = CHANNEL_DEFAULT_KINDS.find((candidate) => CHANNEL_TYPE_OF_DEFAULTS[candidate] === type);
  if (!kind) return {};
  const row = await findChannelDefaults(db, tenantId, kind);
  return row ? openChannelSecrets(ctx.secretBox, row.values) : {};
}

/** A new channel's settings with the blanks the defaults fill left out (a blank field is an omitted one). */
export function withoutDefaultedBlanks(settings: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([key, value]) => !(key in defaults && (value === '' || value === null))));
}
