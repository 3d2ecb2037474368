import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertStatus } from '../mass-send-rules.js';
import { transitionMassSend, type MassSendView } from '../mass-sends.repository.js';
import { changeMassSendStatus } from './change-mass-send-status.js';

/** Pauses a running mass send: its runner claims no one more (what was claimed, at most its window, goes out once). */
export async function pauseMassSend(ctx: AppContext, actor: Actor, id: number): Promise<MassSendView> {
  return changeMassSendStatus(ctx, actor, id, async (tx, massSend) => {
    assertStatus(massSend, ['processing'], 'paused');
    await transitionMassSend(tx, actor.tenantId, id, ['processing'], { status: 'paused' });
  });
}
