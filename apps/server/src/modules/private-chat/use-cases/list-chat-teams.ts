import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { membersOfTeam, teamsOfUser } from '../../teams/use-cases/team-membership.js';
import { teamSummaries, type PrivateMessageView } from '../private-chat.repository.js';

export interface ChatTeam {
  id: number;
  name: string;
  memberCount: number;
  last: PrivateMessageView | null;
  unread: number;
}

/** The teams tab: the active teams the actor belongs to, with their last message and the actor's unread count. */
export async function listChatTeams(ctx: AppContext, actor: Actor): Promise<ChatTeam[]> {
  const teams = await teamsOfUser(ctx.db, actor.tenantId, actor.userId);
  const summaries = await teamSummaries(
    ctx.db,
    actor.tenantId,
    actor.userId,
    teams.map((t) => t.id),
  );
  return Promise.all(
    teams.map(async (team) => ({
      id: team.id,
      name: team.name,
      memberCount: (await membersOfTeam(ctx.db, actor.tenantId, team.id)).length,
      last: summaries.get(team.id)?.last ?? null,
      unread: summaries.get(team.id)?.unread ?? 0,
    })),
  );
}
