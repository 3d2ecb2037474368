import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';
import type { TaskRow } from './tasks.repository.js';

/**
 * Who sees a task: supervisors and admins every task of the tenant; a plain user the tasks they
 * own or created. Either way a task linked to a ticket is seen only by who may see the ticket
 * (the tickets module's visibility, see use-cases/task-access.ts and list-tasks.ts: a supervisor
 * reduced by supervisorAdmin does not see every ticket). Whoever sees a task may edit,
 * finish, comment on and delete it.
 */
export const seesAllTasks = (actor: Actor) => isSupervisorOrAdmin(actor);

export const isOwnOrCreated = (actor: Actor, task: Pick<TaskRow, 'ownerId' | 'createdById'>) =>
  task.ownerId === actor.userId || task.createdById === actor.userId;
