import type { ModuleRegistration } from '../../platform/module.js';
import { taskReminderJob } from './jobs/task-reminder.job.js';

export const tasksModule: ModuleRegistration = { name: 'tasks', jobs: [taskReminderJob] };
