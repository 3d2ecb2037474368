import type { ModuleRegistration } from '../../platform/module.js';
import { importContactsJob } from './jobs/import-contacts.job.js';

export const contactsModule: ModuleRegistration = { name: 'contacts', jobs: [importContactsJob] };
