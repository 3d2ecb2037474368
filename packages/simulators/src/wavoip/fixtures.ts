/**
 * Wavoip's device signalling, as its public SDK documents and uses it.
 * Source: npm package `wavoip-api` 2.0.0 (README "Como Começar": `WAV.connect(token)`,
 * `whatsapp_instance.callStart({ whatsappid })`; lib/index.js: Socket.IO to
 * `https://devices.wavoip.com` with `path: "/" + device_token + "/websocket"` and
 * `transports: ["websocket"]`; `calls:start` emitted with the number, `calls:accept`,
 * `calls:reject`, `calls:end` with `{}`, each acknowledged, success when the answer is an object
 * with `type === "success"`; `signaling` events carrying `tag`). The `offer` content fields
 * (`phone`, `from_tag`, `profile_picture`) are those the product family's softphone reads
 * (Whazing / Chatwoot webphone store, `data.content.phone`, `data.content.from_tag`).
 */
export const WAVOIP_ACK_SUCCESS = { type: 'success', result: 'ok' } as const;
export const WAVOIP_ACK_ERROR = { type: 'error', result: 'Device is not connected' } as const;

export const wavoipSignal = {
  offer: (phone: string, fromTag = 'Cliente') => ({ tag: 'offer', content: { phone, from_tag: fromTag, profile_picture: null } }),
  outcomingCalling: (phone: string) => ({ tag: 'outcoming_calling', content: { phone } }),
  accept: () => ({ tag: 'accept', content: {} }),
  terminate: () => ({ tag: 'terminate', content: {} }),
  reject: () => ({ tag: 'reject', content: {} }),
  acceptElsewhere: () => ({ tag: 'accept_elsewhere', content: {} }),
} as const;
