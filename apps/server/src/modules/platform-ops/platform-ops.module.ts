import type { ModuleRegistration } from '../../platform/module.js';
import { mediaCleanupJob } from './jobs/media-cleanup.job.js';
import { mediaMigrationJob } from './jobs/media-migration.job.js';

export const platformOpsModule: ModuleRegistration = { name: 'platform-ops', jobs: [mediaCleanupJob, mediaMigrationJob] };
