import type { AppContext } from '../../../app-context.js';

/** GET /push/config: the VAPID public key browsers subscribe with (DATA_DIR/secrets.json or VAPID_PUBLIC_KEY). */
export function getPushConfig(ctx: AppContext): { publicKey: string } {
  return { publicKey: ctx.secrets.vapid.publicKey };
}
