import type { AppContext } from '../../../app-context.js';
import { countTeamMessageRows } from '../private-chat.repository.js';

/** How many messages a team's conversation holds (what deleting the team deletes). */
export function countTeamMessages(ctx: AppContext, tenantId: number, teamId: number): Promise<number> {
  return countTeamMessageRows(ctx.db, tenantId, teamId);
}
