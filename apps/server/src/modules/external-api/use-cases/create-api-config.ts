import type { ApiConfigBody } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { generateApiToken } from '../../../platform/http/api-tokens.js';
import { findApiConfigView, insertApiConfig, type ApiConfigView } from '../external-api.repository.js';
import { assertChannelOfTenant } from './api-config-channel.js';

/** A new API configuration with a fresh token, answered once in full (only its hash is stored). */
export async function createApiConfig(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; channelId: number; active?: ApiConfigBody['active'] },
): Promise<{ config: ApiConfigView; token: string }> {
  const { token, hash, last4 } = generateApiToken();
  return transact(ctx, async (tx) => {
    await assertChannelOfTenant(tx, actor.tenantId, input.channelId);
    const row = await insertApiConfig(tx, actor.tenantId, {
      name: input.name,
      channelId: input.channelId,
      active: input.active ?? true,
      tokenHash: hash,
      tokenLast4: last4,
    });
    const config = (await findApiConfigView(tx, actor.tenantId, row.id))!;
    return { config, token };
  });
}
