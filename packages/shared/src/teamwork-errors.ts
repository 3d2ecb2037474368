/** Error codes of tasks and notifications (issue 11), merged into ERROR_STATUS / ERROR_MESSAGES. */
export const TASKS_ERROR_STATUS = {
  ERR_NO_TASK_FOUND: 404,
  ERR_NO_NOTIFICATION_FOUND: 404,
} as const;

export const TASKS_ERROR_MESSAGES: Record<keyof typeof TASKS_ERROR_STATUS, string> = {
  ERR_NO_TASK_FOUND: 'No task found with this ID.',
  ERR_NO_NOTIFICATION_FOUND: 'No notification found with this ID.',
};
