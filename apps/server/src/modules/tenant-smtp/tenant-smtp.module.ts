import type { ModuleRegistration } from '../../platform/module.js';
import { sendTenantEmailJob } from './jobs/send-tenant-email.job.js';

export const tenantSmtpModule: ModuleRegistration = { name: 'tenant-smtp', jobs: [sendTenantEmailJob] };
