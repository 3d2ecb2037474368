import type { RatingSettings } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageRatings } from '../ratings.policy.js';
import { writeRatingSettings } from '../ratings.repository.js';

export async function updateRatingSettings(ctx: AppContext, actor: Actor, input: RatingSettings): Promise<RatingSettings> {
  assertCanManageRatings(actor);
  return writeRatingSettings(ctx.db, actor.tenantId, input);
}
