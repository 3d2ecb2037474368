import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertStatus } from '../mass-send-rules.js';
import { transitionMassSend, type MassSendView } from '../mass-sends.repository.js';
import { changeMassSendStatus } from './change-mass-send-status.js';

/** Cancels a running or paused mass send for good: the recipients still waiting get nothing. */
export async function cancelMassSend(ctx: AppContext, actor: Actor, id: number): Promise<MassSendView> {
  return changeMassSendStatus(ctx, actor, id, async (tx, massSend) => {
    assertStatus(massSend, ['processing', 'paused'], 'canceled');
    await transitionMassSend(tx, actor.tenantId, id, ['processing', 'paused'], { status: 'canceled', finishedAt: new Date() });
  });
}
