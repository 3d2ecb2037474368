import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../app-context.js';
import { definePurgeJob } from './define-job.js';

describe('definePurgeJob', () => {
  it('is a cron job that purges, then logs how many at its level only when it purged any', async () => {
    const counts = [3, 0];
    const purge = vi.fn(async () => counts.shift() ?? 0);
    const job = definePurgeJob({ name: 'test.purge', cron: '5 * * * *', purge, what: 'old things', level: 'debug' });
    expect(job).toMatchObject({ name: 'test.purge', cron: '5 * * * *', retryLimit: 1 });
    expect(job.schema.parse({})).toEqual({});

    const logger = { debug: vi.fn(), info: vi.fn() };
    const ctx = { logger } as unknown as AppContext;
    await job.handler(ctx, {}, { number: 1, last: false });
    expect(purge).toHaveBeenCalledWith(ctx);
    expect(logger.debug).toHaveBeenCalledWith({ purged: 3 }, 'purged old things');
    await job.handler(ctx, {}, { number: 1, last: false });
    expect(purge).toHaveBeenCalledTimes(2);
    expect(logger.debug).toHaveBeenCalledOnce();
    expect(logger.info).not.toHaveBeenCalled();
  });

  it('logs at info unless told otherwise', async () => {
    const logger = { debug: vi.fn(), info: vi.fn() };
    const job = definePurgeJob({ name: 'test.purge-info', cron: '5 * * * *', purge: async () => 1, what: 'old exports' });
    await job.handler({ logger } as unknown as AppContext, {}, { number: 1, last: true });
    expect(logger.info).toHaveBeenCalledWith({ purged: 1 }, 'purged old exports');
  });
});
