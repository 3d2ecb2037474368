import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanSee } from '../mass-sends.policy.js';
import { findMassSend, findMassSendView, type MassSendRow, type MassSendView } from '../mass-sends.repository.js';

/**
 * The frame of pause, resume and cancel: the mass send locked (its runner's claim waits, or has
 * committed), seen by the actor, changed by `change`, its new view answered and pushed.
 */
export async function changeMassSendStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  change: (tx: Db, massSend: MassSendRow, events: DomainEvent[]) => Promise<void>,
): Promise<MassSendView> {
  return transact(ctx, async (tx, events) => {
    const massSend = await findMassSend(tx, actor.tenantId, id, { lock: true });
    assertCanSee(actor, massSend);
    await change(tx, massSend, events);
    events.push({ type: 'massSend.changed', tenantId: actor.tenantId, massSendId: id });
    return (await findMassSendView(tx, actor.tenantId, id))!;
  });
}
