import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanSee } from '../mass-sends.policy.js';
import { findMassSendView, type MassSendView } from '../mass-sends.repository.js';

export async function getMassSend(ctx: AppContext, actor: Actor, id: number): Promise<MassSendView> {
  const view = await findMassSendView(ctx.db, actor.tenantId, id);
  assertCanSee(actor, view);
  return view;
}
