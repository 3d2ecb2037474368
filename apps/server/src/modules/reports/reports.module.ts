import type { ModuleRegistration } from '../../platform/module.js';
import { ticketsByParametersReport } from './definitions/tickets/tickets-by-parameters.report.js';
import { userStatisticsReport } from './definitions/tickets/user-statistics.report.js';
import { exportReportJob } from './jobs/export-report.job.js';
import { purgeReportExportsJob } from './jobs/purge-report-exports.job.js';
import { registerReport } from './report-registry.js';

// The reports of /relatorios (SPEC §2): one line per definition.
registerReport(userStatisticsReport);
registerReport(ticketsByParametersReport);

export const reportsModule: ModuleRegistration = { name: 'reports', jobs: [exportReportJob, purgeReportExportsJob] };
