// What the benchmarks on the 100k-ticket tenant of ticket-tenant.mjs share (ticket-list.mjs,
// kanban-board.mjs): their command-line options and the timing of one case.
import { pool, readOptions, request } from './lib.mjs';

/** The options of a benchmark on the ticket tenant (`extra`: the script's own), read as lib.mjs's readOptions does. */
export function readTicketBenchOptions(extra, usage) {
  return readOptions(
    {
      tickets: { type: 'number', default: 100_000, help: 'tickets to create in the tenant' },
      messages: { type: 'number', default: 1_000_000, help: 'messages to create (spread over the tickets)' },
      ...extra,
      requests: { type: 'number', default: 200, help: 'measured requests per case' },
      concurrency: { type: 'number', default: 4, help: 'requests in flight per case' },
      warmup: { type: 'number', default: 20, min: 0, help: 'unmeasured requests per case before measuring' },
      db: {
        type: 'string',
        default: 'embedded',
        choices: ['embedded', 'postgres'],
        help: 'embedded (PGlite) or postgres (DATABASE_URL server, fresh database)',
      },
      'wait-quiet': {
        type: 'number',
        default: 0,
        min: 0,
        help: 'seconds to wait, before measuring, for the machine to be quiet (≤ 15% busy)',
      },
      keep: { type: 'boolean', default: false, help: 'keep the bench database / DATA_DIR (for diagnosis, e.g. EXPLAIN)' },
      'log-statements': {
        type: 'boolean',
        default: false,
        help: 'postgres: log every statement of the bench database to the PostgreSQL server log',
      },
    },
    usage,
  );
}

/** `opts.warmup` unmeasured GETs of the case's path, `opts.concurrency` at a time. */
export function warmUp(base, c, opts) {
  return pool(Array.from({ length: opts.warmup }), opts.concurrency, () => request(base, 'GET', c.path, { token: c.token }));
}

/** `opts.requests` GETs of the case's path, `opts.concurrency` at a time: their times (ms) and the count of each non-200 status. */
export async function timeCase(base, c, opts) {
  const errors = new Map();
  const times = (
    await pool(Array.from({ length: opts.requests }), opts.concurrency, async () => {
      const res = await request(base, 'GET', c.path, { token: c.token });
      if (res.status !== 200) errors.set(res.status, (errors.get(res.status) ?? 0) + 1);
      return res.ms;
    })
  ).filter(Number.isFinite);
  return { times, errors };
}

/** ` errors 500: 3, …` when there were any. */
export const formatErrors = (errors) => (errors.size ? `  errors ${[...errors].map(([k, v]) => `${k}: ${v}`).join(', ')}` : '');
