import type { Channel } from '@conversa/shared';
import type { ChannelRow } from './channels.repository.js';

/** Secrets inside per-type settings (tokens, keys) are never sent back; only whether they are set. */
const SECRET_SETTING = /token|secret|password|key$/i;
/** What a set secret looks like in answers; sent back unchanged in an edit, it keeps the stored value. */
export const SECRET_MASK = '••••••';

export function presentChannel(row: ChannelRow): Channel {
  const settings = Object.fromEntries(
    Object.entries(row.settings ?? {}).map(([key, value]) => [key, SECRET_SETTING.test(key) && value ? SECRET_MASK : value]),
  );
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    number: row.number,
    isDefault: row.isDefault,
    queueId: row.queueId,
    farewellMessage: row.farewellMessage,
    autoDistribution: row.autoDistribution,
    settings,
    publicKey: row.publicKey,
    qrcode: row.qrcode,
    retries: row.retries,
    updatedAt: row.updatedAt.toISOString(),
  };
}
