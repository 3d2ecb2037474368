import type { ModuleRegistration } from '../../platform/module.js';
import { ticketsByParametersReport } from './definitions/tickets/tickets-by-parameters.report.js';
import { userStatisticsReport } from './definitions/tickets/user-statistics.report.js';
import { exportReportJob } from './jobs/export-report.job.js';
import { purgeReportExportsJob } from './jobs/purge-report-exports.job.js';
import { registerReport } from './report-registry.js';
import { contactReportDefinitions } from './definitions/contacts/index.js';

// The reports of /relatorios (SPEC §2): one line per definition.
registerReport(userStatisticsReport);
registerReport(ticketsByParametersReport);
for (const definition of contactReportDefinitions) registerReport(definition);

export const reportsModule: ModuleRegistration = { name: 'reports', jobs: [exportReportJob, purgeReportExportsJob] };
