import { afterEach, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { TEST_DATABASE_URL } from '../../../test/databases.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The value of one sample line of a Prometheus text answer (`name{labels} value`). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts requests by route, and needs the METRICS_TOKEN bearer token when one is set', async () => {
    server = await startTestServer({ METRICS_TOKEN: 'scrape-secret-of-the-test' });
    const api = new Api(server.url);
    expect((await api.get('/health')).status).toBe(200);

    const anonymous = await api.get('/metrics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('ERR_INVALID_TOKEN');
    const wrong = await api.get('/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);

    const scrape = () => api.get<string>('/metrics', { headers: { authorization: 'Bearer scrape-secret-of-the-test' } });
    const scraped = await scrape();
    expect(scraped.status).toBe(200);
    const text = scraped.body;
    expect(sample(text, 'http_requests_total{method="GET",route="/health",status="200"}')).toBe(1);
    // The connection pools are PostgreSQL's (PGlite has one connection and no pool).
    const backgroundMax = sample(text, 'db_pool_connections{pool="background",state="max"}');
    if (TEST_DATABASE_URL) {
      const [requests, background] = server.ctx.database.pools?.() ?? [];
      expect(backgroundMax).toBe(background?.max);
      expect(sample(text, 'db_pool_connections{pool="requests",state="max"}')).toBe(requests?.max);
      expect(sample(text, 'db_pool_connections{pool="requests",state="open"}')).toBeGreaterThan(0);
      // Requests waiting for a connection: none once the start's own work is done (on a loaded
      // machine the first scrape may come while the start's jobs and sweep still hold the pool).
      await expect
        .poll(async () => sample((await scrape()).body, 'db_pool_connections{pool="requests",state="waiting"}'), { timeout: 15_000 })
        .toBe(0);
    } else {
      expect(backgroundMax).toBeUndefined();
    }
  });
});
