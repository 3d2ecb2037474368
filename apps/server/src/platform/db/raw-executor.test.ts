import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { preparedNameFor, RepeatedStatements, withQueueLiterals } from './raw-executor.js';

// pg-boss's own statement texts (its plans module), so that an upgrade that changes them fails here.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  fetchNextJob: (schema: string) => (options: { includeMetadata: boolean; priority: boolean }) => string;
  completeJobs: (schema: string) => string;
};

describe('withQueueLiterals (pg-boss statements planned once per queue)', () => {
  it("writes the queue's name beside $1 in pg-boss's fetch, and its batch size for LIMIT $2", () => {
    const fetch = plans.fetchNextJob('pgboss')({ includeMetadata: false, priority: true });
    const text = withQueueLiterals(fetch, ['message.send', 5]);
    expect(text.match(/WHERE name = \$1 AND name = 'message\.send'/g)).toHaveLength(2);
    expect(text).toContain('LIMIT 5');
    expect(text).not.toContain('LIMIT $2');
    // $2 stays where the fetch tests the batch size: the statement keeps both parameters, typed.
    expect(text).toContain('$2 > 1');
  });

  it("writes the queue's name in pg-boss's completion, whose $2 (the ids) stays a parameter", () => {
    const text = withQueueLiterals(plans.completeJobs('pgboss'), ['webhook.deliver', ['00000000-0000-0000-0000-000000000000'], null]);
    expect(text).toContain("WHERE name = $1 AND name = 'webhook.deliver'");
    expect(text).toContain('UNNEST($2::uuid[])');
  });

  it('leaves a text alone when $1 is not a plain queue name, or the text does not filter by it', () => {
    const fetch = plans.fetchNextJob('pgboss')({ includeMetadata: false, priority: true });
    expect(withQueueLiterals(fetch, ["x' or '1'='1", 5])).toBe(fetch);
    expect(withQueueLiterals(fetch, [42, 5])).toBe(fetch);
    expect(withQueueLiterals('select * from t where id = $1', ['message.send'])).toBe('select * from t where id = $1');
    // A limit that is not a small positive integer stays a parameter.
    expect(withQueueLiterals(fetch, ['message.send', 0])).toContain('LIMIT $2');
    expect(withQueueLiterals(fetch, ['message.send', '5'])).toContain('LIMIT $2');
  });

  it('keeps LIMIT $2 a parameter where it is the only use of $2 (it would have no type)', () => {
    const text = withQueueLiterals('SELECT id FROM pgboss.job WHERE name = $1 LIMIT $2', ['message.send', 10]);
    expect(text).toBe("SELECT id FROM pgboss.job WHERE name = $1 AND name = 'message.send' LIMIT $2");
    // $20 is another parameter, not a second use of $2.
    expect(withQueueLiterals('SELECT id FROM pgboss.job WHERE name = $1 AND x = $20 LIMIT $2', ['q', 10])).toContain('LIMIT $2');
  });
});

describe('preparedNameFor', () => {
  it('names a text by its content; one without parameters only when the caller knows it is a single statement', () => {
    const name = preparedNameFor('select $1::int as "n"', [1], 'probe');
    expect(name).toMatch(/^probe_[0-9a-f]{12}$/);
    expect(preparedNameFor('select $1::int as "n"', [2], 'probe')).toBe(name);
    // pg-boss sends parameterless scripts of several statements, which PostgreSQL cannot prepare.
    expect(preparedNameFor('begin; select 1; commit', [])).toBeUndefined();
    expect(preparedNameFor('select count(*) from tenants', [], 'q', { single: true })).toMatch(/^q_[0-9a-f]{12}$/);
  });
});

describe('RepeatedStatements', () => {
  it('names a text from its third run on, never one without parameters, and at most its maximum of texts', () => {
    const statements = new RepeatedStatements(3);
    const text = 'select $1::int as "repeated"';
    expect(statements.nameOf(text, [1])).toBeUndefined();
    expect(statements.nameOf(text, [2])).toBeUndefined();
    const name = statements.nameOf(text, [3]);
    expect(name).toMatch(/^d_[0-9a-f]{12}$/);
    expect(statements.nameOf(text, [4])).toBe(name);
    for (let run = 0; run < 5; run++) expect(statements.nameOf('select 1 as "script?"', [])).toBeUndefined();
    // Two more texts take the other names; the fourth stays unnamed however often it runs.
    for (const n of [1, 2]) for (let run = 0; run < 3; run++) statements.nameOf(`select $1::int + ${n}`, [run]);
    expect(statements.nameOf('select $1::int + 2', [0])).toMatch(/^d_/);
    for (let run = 0; run < 5; run++) expect(statements.nameOf('select $1::int + 3', [run])).toBeUndefined();
    // Another pool counts for itself.
    const other = new RepeatedStatements(3);
    expect(other.nameOf(text, [1])).toBeUndefined();
  });
});
