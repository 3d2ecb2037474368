import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';

/**
 * Prometheus metrics: process defaults, HTTP request counts and durations by route and, on
 * PostgreSQL, the connections of the request and background pools.
 */
export function registerMetrics(app: FastifyInstance, options: { token?: string; database: Pick<Database, 'pools'> }): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const pools = options.database.pools?.bind(options.database);
  if (pools) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections by pool (requests, background: the job handlers) and state (max, open, idle, waiting: callers queued for one)',
      labelNames: ['pool', 'state'],
      registers: [registry],
      collect() {
        for (const use of pools()) {
          for (const state of ['max', 'open', 'idle', 'waiting'] as const) this.set({ pool: use.pool, state }, use[state]);
        }
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    requests.inc(labels);
  });

  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (options.token && request.headers.authorization !== `Bearer ${options.token}`) {
      return reply.status(401).send({ error: 'ERR_INVALID_TOKEN', message: 'Metrics need the METRICS_TOKEN bearer token.' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
