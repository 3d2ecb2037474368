import type { ScheduledMessage } from './forms/schedules.js';

/** Socket event (agents' namespace) of a created, edited, canceled, sent, failed or deleted scheduled message (issue 12). */
export const SCHEDULE_SOCKET_EVENT = 'scheduledMessage';

export type ScheduleSocketPayload =
  | { action: 'create' | 'update'; scheduledMessage: ScheduledMessage }
  /** A schedule deleted: only its id is left. */
  | { action: 'delete'; id: number };
