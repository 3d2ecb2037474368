import { sessionChannelAdapter } from '../../sessions/session-channel-adapter.js';
import { whatsappWebDriver } from './whatsapp.driver.js';
import { whatsappSettingsSchema } from './whatsapp.schemas.js';

/**
 * `whatsapp` (beta): WhatsApp Web driven by whatsapp-web.js in Debian's Chromium. The session host
 * holds the channel's session in exactly one server process (a lease in PostgreSQL) and routes
 * sends, edits and deletions to it; the driver (whatsapp.driver.ts) turns the library's events
 * into statuses and inbound messages. The library is loaded only when such a channel starts.
 */
export const whatsappWebAdapter = sessionChannelAdapter(whatsappWebDriver, whatsappSettingsSchema);
