import { z } from 'zod';
import { defineJob } from '../jobs/define-job.js';
import { maintainEmbeddedDatabase, type MaintenanceWork } from './embedded-maintenance.js';

const maintenanceJob = (name: 'database.analyze' | 'database.vacuum', cron: string, work: MaintenanceWork) =>
  defineJob({
    name,
    schema: z.looseObject({}),
    cron,
    // A PostgreSQL server's autovacuum does this.
    database: 'pglite',
    retryLimit: 1,
    async handler(ctx) {
      const started = performance.now();
      const tables = await maintainEmbeddedDatabase(ctx.database, work);
      if (tables.length > 0) ctx.logger.info({ tables, ms: Math.round(performance.now() - started) }, `embedded database: ${work} done`);
    },
  });

/** The embedded database's statistics where due, every 15 minutes (sampled: quick even on large tables). */
export const analyzeEmbeddedDatabaseJob = maintenanceJob('database.analyze', '*/15 * * * *', 'analyze');
/** Its dead rows reclaimed where due, once a day at 04:30 UTC (01:30 in Brasília, when customer service is quiet). */
export const vacuumEmbeddedDatabaseJob = maintenanceJob('database.vacuum', '30 4 * * *', 'vacuum');

declare module '../jobs/define-job.js' {
  interface JobPayloads {
    'database.analyze': z.input<typeof analyzeEmbeddedDatabaseJob.schema>;
    'database.vacuum': z.input<typeof vacuumEmbeddedDatabaseJob.schema>;
  }
}
