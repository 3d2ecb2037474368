import type { createTeamBodySchema, updateTeamBodySchema } from '@conversa/shared';
import type { z } from 'zod';

/** Request schemas of the team routes: in @conversa/shared (the web app's form checks with the same ones). */
export { createTeamBodySchema, setTeamUsersBodySchema, teamSchema, teamUsageSchema, updateTeamBodySchema } from '@conversa/shared';

export type CreateTeamInput = z.output<typeof createTeamBodySchema>;
export type UpdateTeamInput = z.output<typeof updateTeamBodySchema>;
