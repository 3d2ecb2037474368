import { z } from 'zod';
import { refIdSchema } from '../contracts.js';

/**
 * Teams (SPEC §3 Team: name, active, users), managed at /equipes by supervisors and admins: the
 * internal chat's teams tab and the users screen's filter. Routes: GET/POST /teams,
 * PUT/DELETE /teams/{id}, GET /teams/{id}/usage, PUT /teams/{id}/users ({ userIds }).
 */

export const TEAM_NAME_MAX = 60;
/** Most members one team may have (a bound for the request). */
export const MAX_TEAM_USERS = 500;

export const teamNameSchema = z.string().trim().min(1).max(TEAM_NAME_MAX);

export const teamMemberSchema = z.object({ id: z.number().int(), name: z.string() });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  users: z.array(teamMemberSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /teams/{id}/usage: what deleting the team detaches. */
export const teamUsageSchema = z.object({ users: z.number().int(), messages: z.number().int() });
export type TeamUsage = z.infer<typeof teamUsageSchema>;

export const createTeamBodySchema = z.object({
  name: teamNameSchema,
  isActive: z.boolean().default(true),
  userIds: z.array(refIdSchema).max(MAX_TEAM_USERS).default([]),
});

export const updateTeamBodySchema = z.object({
  name: teamNameSchema.optional(),
  isActive: z.boolean().optional(),
});

/** Replaces the members of a team. */
export const setTeamUsersBodySchema = z.object({ userIds: z.array(refIdSchema).max(MAX_TEAM_USERS) });

export type CreateTeamBody = z.input<typeof createTeamBodySchema>;
export type UpdateTeamBody = z.input<typeof updateTeamBodySchema>;
