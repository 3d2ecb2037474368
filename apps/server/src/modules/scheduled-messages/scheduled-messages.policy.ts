import type { Db } from '../../platform/db/client.js';
import type { Actor } from '../auth/actor.js';
import { actorSeesAsAdmin } from '../tickets/use-cases/ticket-access.js';
import type { ScheduleRow } from './scheduled-messages.repository.js';

/**
 * Who sees a scheduled message (and may edit or cancel it while pending): who sees the tenant's
 * tickets as an admin (admins, and supervisors unless `supervisorAdmin` reduces them: the socket
 * room `admins`), and its creator. A plain user schedules only in tickets they may see.
 */
export const seesAllSchedules = (db: Db, actor: Actor) => actorSeesAsAdmin(db, actor);

export const isCreator = (actor: Actor, schedule: Pick<ScheduleRow, 'userId'>) => schedule.userId === actor.userId;
