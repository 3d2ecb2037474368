import type { AppContext } from '../../app-context.js';
import type { OutboundMessage } from '../channels/adapters/channel-adapter.js';
import { claimMessageSend, findMessageById, releaseMessageSend } from './messages.repository.js';

/** The message must not go out: it is no longer pending, or an earlier attempt claimed its send. */
export class SendNotClaimedError extends Error {
  override name = 'SendNotClaimedError';
}

export interface SendClaim {
  /** The OutboundMessage's claimSend (see channel-adapter.ts). */
  claimSend: NonNullable<OutboundMessage['claimSend']>;
  /** Whether this attempt holds the claim (it was called and succeeded). */
  held(): boolean;
  /** Gives the claim up (the provider refused: nothing went out), so that the next attempt sends. */
  release(): Promise<void>;
}

/** A claim on the send of one outgoing message, for the adapter to take right before the provider call. */
export function sendClaim(ctx: Pick<AppContext, 'db'>, tenantId: number, messageId: string): SendClaim {
  let held = false;
  return {
    async claimSend(options) {
      if (held) return;
      if (await claimMessageSend(ctx.db, tenantId, messageId, options?.externalId)) {
        held = true;
        return;
      }
      // A send that no stored message tracks (a direct adapter call) has nothing to claim.
      if (!(await findMessageById(ctx.db, tenantId, messageId))) return;
      throw new SendNotClaimedError(`The send of message ${messageId} was claimed before, or the message no longer waits to be sent.`);
    },
    held: () => held,
    async release() {
      if (!held) return;
      held = false;
      await releaseMessageSend(ctx.db, tenantId, messageId);
    },
  };
}
