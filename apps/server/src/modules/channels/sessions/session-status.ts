import type { ChannelStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { updateChannel, type ChannelRow } from '../channels.repository.js';

/**
 * Records a QR-code channel's session status (with the QR code as a data URL, or the pairing code,
 * while waiting for the phone) and tells the agents: 'channel.session' → 'whatsappSession', as
 * the evolution adapter does. `number` is the connected phone's, when known.
 */
export async function publishSessionStatus(
  ctx: AppContext,
  channel: ChannelRow,
  status: ChannelStatus,
  qrcode: string | null = null,
  extra: { number?: string | null } = {},
): Promise<void> {
  const number = extra.number === undefined ? {} : { number: extra.number };
  await updateChannel(ctx.db, channel.tenantId, channel.id, { status, qrcode, retries: 0, ...number });
  ctx.events.publish([{ type: 'channel.session', tenantId: channel.tenantId, channelId: channel.id }]);
}
