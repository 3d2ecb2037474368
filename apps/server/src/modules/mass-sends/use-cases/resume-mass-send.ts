import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertStatus } from '../mass-send-rules.js';
import { transitionMassSend, type MassSendView } from '../mass-sends.repository.js';
import { changeMassSendStatus } from './change-mass-send-status.js';
import { enqueueMassSendRun } from './run-mass-send.js';

/** Resumes a paused mass send: a new run sends to the recipients still waiting, never again to the others. */
export async function resumeMassSend(ctx: AppContext, actor: Actor, id: number): Promise<MassSendView> {
  return changeMassSendStatus(ctx, actor, id, async (tx, massSend) => {
    assertStatus(massSend, ['paused'], 'resumed');
    const resumed = (await transitionMassSend(tx, actor.tenantId, id, ['paused'], { status: 'processing', run: massSend.run + 1 }))!;
    await enqueueMassSendRun(ctx, tx, resumed);
  });
}
