import type { Db } from '../../../platform/db/client.js';
import { findChannelById } from '../channels.repository.js';

/** SPEC §3 Channel "web push": whether the channel's new customer messages are pushed to agents (web-push module). */
export async function channelPushesMessages(db: Db, tenantId: number, channelId: number): Promise<boolean> {
  const channel = await findChannelById(db, tenantId, channelId);
  return channel?.webPush ?? false;
}
