import { sessionChannelAdapter } from '../../sessions/session-channel-adapter.js';
import type { SessionDriver } from '../../sessions/session-host.js';
import { baileysSettingsSchema } from './baileys.schemas.js';

/**
 * The Baileys driver, loaded when the first `baileys` session of this process opens: the library
 * (with its protobufs, crypto and proxy agents) weighs ~20 MB of heap and most servers never run it.
 */
export const lazyBaileysDriver: SessionDriver = {
  type: 'baileys',
  async open(ctx, channel) {
    const { createBaileysDriver } = await import('./baileys.driver.js');
    return createBaileysDriver().open(ctx, channel);
  },
};

/**
 * WhatsApp through the Baileys library, in this server: the session (QR code or pairing code,
 * creds in the database) is held by exactly one server process at a time (sessions/session-host),
 * and sends, edits and deletions from any process are routed to it.
 */
export const baileysAdapter = sessionChannelAdapter(lazyBaileysDriver, baileysSettingsSchema, { groups: true });
