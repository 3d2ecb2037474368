import { botIntegrationSettingsBodySchema, type BotIntegration, type BotIntegrationSettingsInput } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { SecretUnreadableError } from '../../../platform/crypto/secret-box.js';
import type { Db } from '../../../platform/db/client.js';
import { findBotIntegration, type BotIntegrationRow } from '../ai-bots.repository.js';

/** The SecretBox label of an integration's stored key. */
export const BOT_KEY_LABEL = 'botIntegration.apiKey';

export type BotIntegrationConfig<K extends BotIntegration> = Extract<BotIntegrationSettingsInput, { kind: K }>;

/** A stored row's settings as the tab's schema reads them (the key left out: `apiKey` ''). */
export function storedConfig(row: BotIntegrationRow): BotIntegrationSettingsInput {
  return botIntegrationSettingsBodySchema.parse({ ...row.config, kind: row.kind, apiKey: '' });
}

/** The tenant's integration ready to call (its key in clear), or undefined when not set up or its key is unreadable. */
export async function botIntegrationOf<K extends BotIntegration>(
  ctx: Pick<AppContext, 'db' | 'secretBox'>,
  tenantId: number,
  kind: K,
  db: Db = ctx.db,
): Promise<(BotIntegrationConfig<K> & { apiKey: string }) | undefined> {
  const row = await findBotIntegration(db, tenantId, kind);
  if (!row) return undefined;
  try {
    const apiKey = row.apiKey ? ctx.secretBox.open(row.apiKey, BOT_KEY_LABEL) : '';
    return { ...(storedConfig(row) as BotIntegrationConfig<K>), apiKey };
  } catch (error) {
    if (error instanceof SecretUnreadableError) return undefined;
    throw error;
  }
}
