import { sessionChannelAdapter } from '../../sessions/session-channel-adapter.js';
import { createBaileysDriver } from './baileys.driver.js';
import { baileysSettingsSchema } from './baileys.schemas.js';

/**
 * WhatsApp through the Baileys library, in this server: the session (QR code or pairing code,
 * creds in the database) is held by exactly one server process at a time (sessions/session-host),
 * and sends, edits and deletions from any process are routed to it.
 */
export const baileysAdapter = sessionChannelAdapter(createBaileysDriver(), baileysSettingsSchema);
