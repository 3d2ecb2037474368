/** Error codes of scheduled messages (issue 12), merged into ERROR_STATUS / ERROR_MESSAGES. */
export const SCHEDULE_ERROR_STATUS = {
  /** SPEC §8 'Invalid date': a schedule in the past. */
  ERR_INVALID_DATE: 400,
  ERR_NO_SCHEDULE_FOUND: 404,
  ERR_SCHEDULE_NOT_PENDING: 409,
  /** Deleting a schedule that still waits: it is canceled first. */
  ERR_SCHEDULE_PENDING: 409,
} as const;

export const SCHEDULE_ERROR_MESSAGES: Record<keyof typeof SCHEDULE_ERROR_STATUS, string> = {
  ERR_INVALID_DATE: 'Invalid date',
  ERR_NO_SCHEDULE_FOUND: 'No scheduled message found with this ID.',
  ERR_SCHEDULE_NOT_PENDING: 'Only a pending scheduled message can be edited or canceled.',
  ERR_SCHEDULE_PENDING: 'Cancel the scheduled message before deleting it.',
};
