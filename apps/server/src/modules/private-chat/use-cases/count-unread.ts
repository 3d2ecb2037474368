import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { teamsOfUser } from '../../teams/use-cases/team-membership.js';
import { directSummaries, teamSummaries } from '../private-chat.repository.js';

/** The menu's badge: every unread message of the actor's conversations (one-to-one and active teams). */
export async function countUnread(ctx: AppContext, actor: Actor): Promise<number> {
  const direct = await directSummaries(ctx.db, actor.tenantId, actor.userId);
  const teams = await teamsOfUser(ctx.db, actor.tenantId, actor.userId);
  const team = await teamSummaries(
    ctx.db,
    actor.tenantId,
    actor.userId,
    teams.map((t) => t.id),
  );
  let total = 0;
  for (const { unread } of [...direct.values(), ...team.values()]) total += unread;
  return total;
}
