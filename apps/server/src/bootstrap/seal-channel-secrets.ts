import type { AppContext } from '../app-context.js';
import { hasClearSecrets, sealChannelSecrets } from '../modules/channels/channel-secrets.js';
import { listChannelSettingsOfAllTenants, replaceChannelSettingsIfUnchanged } from '../modules/channels/channels.repository.js';

/**
 * On every start: seals the channel secrets still stored in clear (written by a version without
 * encryption at rest, or by hand). Idempotent; a row edited meanwhile is left to its editor, whose
 * save seals it.
 */
export async function sealStoredChannelSecrets(ctx: AppContext): Promise<number> {
  let sealed = 0;
  for (const row of await listChannelSettingsOfAllTenants(ctx.db)) {
    const settings = row.settings ?? {};
    if (!hasClearSecrets(ctx.secretBox, settings)) continue;
    if (await replaceChannelSettingsIfUnchanged(ctx.db, row.tenantId, row.id, settings, sealChannelSecrets(ctx.secretBox, settings)))
      sealed++;
  }
  if (sealed) ctx.logger.info({ channels: sealed }, 'channel secrets stored in clear are now encrypted');
  return sealed;
}
