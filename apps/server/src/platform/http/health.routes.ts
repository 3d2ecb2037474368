import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { ping } from '../db/client.js';

/** /health: the process is up. /ready: the database answers and every migration is applied. */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/health', { config: { auth: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(database.db);
      if (!(await database.migrationsApplied())) return reply.status(503).send({ status: 'migrations pending' });
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
}
