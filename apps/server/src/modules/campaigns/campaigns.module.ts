import type { ModuleRegistration } from '../../platform/module.js';
import { runCampaignJob } from './jobs/run-campaign.job.js';

export const campaignsModule: ModuleRegistration = { name: 'campaigns', jobs: [runCampaignJob] };
