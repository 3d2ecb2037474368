import { spawnSync } from 'node:child_process';
import { totalmem } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `npm start` bounds V8's old generation (scripts/server-node-args.mjs, bench/README.md "Ticket
 * list: the server's memory under load"). Each case starts a Node.js process with the options
 * start.mjs gives the server, under the case's environment, and reads the heap limit V8 applied.
 */
const helper = pathToFileURL(resolve(import.meta.dirname, '../../../scripts/server-node-args.mjs')).href;
const MIB = 2 ** 20;

function launched(env: Record<string, string>): { limitMib: number; execArgv: string[] } {
  const probe = `console.log(JSON.stringify({ limit: require('node:v8').getHeapStatistics().heap_size_limit, execArgv: process.execArgv.slice(0, process.execArgv.indexOf('-e')) }))`;
  const script = `
    import { spawnSync } from 'node:child_process';
    import { serverNodeArgs } from ${JSON.stringify(helper)};
    const child = spawnSync(process.execPath, [...serverNodeArgs(), '-e', ${JSON.stringify(probe)}], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(child.stderr);
    process.stdout.write(child.stdout);`;
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !['SERVER_MAX_OLD_SPACE_MB', 'NODE_OPTIONS', 'DATABASE_URL'].includes(key)),
  );
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...base, ...env } });
  expect(result.status, result.stderr).toBe(0);
  const { limit, execArgv } = JSON.parse(result.stdout) as { limit: number; execArgv: string[] };
  return { limitMib: limit / MIB, execArgv };
}

// heap_size_limit is the old generation's bound plus the young generation's (a few dozen MiB).
const bounded = (limitMib: number, oldSpaceMib: number) => limitMib >= oldSpaceMib && limitMib <= oldSpaceMib + 96;
const SEMI = '--max-semi-space-size=8';
const ON_POSTGRES = { DATABASE_URL: 'postgres://conversa@db.internal:5432/conversa' };

describe('the server process heap bound (npm start)', () => {
  it('bounds the old generation to 1024 MiB by default (less on a machine with under 2 GiB), with source maps on', () => {
    const { limitMib, execArgv } = launched(ON_POSTGRES);
    const expected = Math.min(1024, Math.floor(totalmem() / 2 / MIB));
    expect(execArgv).toEqual([`--max-old-space-size=${expected}`, '--enable-source-maps']);
    expect(bounded(limitMib, expected), `${limitMib} MiB`).toBe(true);
  });

  it('on the embedded database (no DATABASE_URL) also halves the young generation, which V8 applies', () => {
    const embedded = launched({});
    const onPostgres = launched(ON_POSTGRES);
    const expected = Math.min(1024, Math.floor(totalmem() / 2 / MIB));
    expect(embedded.execArgv).toEqual([`--max-old-space-size=${expected}`, SEMI, '--enable-source-maps']);
    // heap_size_limit counts the young generation's reservation (3 semi-spaces): 8 MiB less each.
    expect(onPostgres.limitMib - embedded.limitMib).toBeGreaterThanOrEqual(16);
    // Unless NODE_OPTIONS says otherwise.
    expect(launched({ NODE_OPTIONS: '--max-semi-space-size=4' }).execArgv).not.toContain(SEMI);
  });

  it('SERVER_MAX_OLD_SPACE_MB sets another bound; 0 leaves V8 its default', () => {
    const set = launched({ ...ON_POSTGRES, SERVER_MAX_OLD_SPACE_MB: '300' });
    expect(bounded(set.limitMib, 300), `${set.limitMib} MiB`).toBe(true);
    const unbounded = launched({ ...ON_POSTGRES, SERVER_MAX_OLD_SPACE_MB: '0' });
    expect(unbounded.execArgv).toEqual(['--enable-source-maps']);
    // V8's own default depends on the machine's memory: on this one, more than the bound.
    if (totalmem() / 2 / MIB > 1024 + 96) expect(bounded(unbounded.limitMib, 1024), `${unbounded.limitMib} MiB`).toBe(false);
  });

  it('a bound in NODE_OPTIONS is kept (no command-line flag overrides it)', () => {
    const { limitMib, execArgv } = launched({ ...ON_POSTGRES, NODE_OPTIONS: '--max-old-space-size=200' });
    expect(execArgv).toEqual(['--enable-source-maps']);
    expect(bounded(limitMib, 200), `${limitMib} MiB`).toBe(true);
  });

  it('refuses a SERVER_MAX_OLD_SPACE_MB that is not a whole number of MiB', () => {
    const script = `import { serverNodeArgs } from ${JSON.stringify(helper)}; serverNodeArgs({ SERVER_MAX_OLD_SPACE_MB: '1g' });`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('SERVER_MAX_OLD_SPACE_MB must be a whole number of MiB');
  });
});
