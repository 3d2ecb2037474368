import type { SessionDriver } from '../src/modules/channels/sessions/session-host.js';

/**
 * A QR-code session driver for tests of session ownership across processes: in place of the
 * WhatsApp Web connection, each send is a POST to a local "phone" (test/session-crash.test.ts
 * records what it received). It claims the send right before the request with an id it chooses,
 * as the Baileys driver does.
 */
export function phoneDriver(phoneUrl: string): SessionDriver {
  return {
    type: 'baileys',
    async open() {
      return {
        async send(message) {
          const externalId = `PHONE-${message.messageId}`;
          await message.claimSend?.({ externalId });
          const response = await fetch(`${phoneUrl}/send`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ messageId: message.messageId, to: message.contact.number, body: message.body }),
          });
          if (!response.ok) throw new Error(`the phone answered ${response.status}`);
          return { externalId, status: 'sent' };
        },
        async close() {},
      };
    },
  };
}
