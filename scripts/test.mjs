// `npm test`: install what is missing, then run every suite:
//   0. the web app's and the widget's component tests (Vitest + Testing Library in jsdom)
//   1. server unit + integration tests on the embedded database (PGlite)
//   2. the same integration tests on a PostgreSQL server, when TEST_DATABASE_URL is set
//      (and two server processes sharing it through Redis, when TEST_REDIS_URL is set too)
//   3. end-to-end browser tests (playwright-core + Chromium), when Chromium is installed
// Suites that cannot run here are skipped with the reason; the last line sums up every test.
// Side by side (TEST_SERIAL=1: one at a time): 1 beside 2; then 3, never beside a server suite;
// 0 from the end of the first of 1 and 2 on, at a lower CPU priority (see below).
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureBuilt, ensureInstalled, findChromium, root } from './lib.mjs';

ensureInstalled();

const reportsDir = join(root, '.test-tmp', 'reports');
rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

const results = [];
const skipped = [];

/**
 * One Vitest suite in a child process. Its output goes to a log file and is printed whole when the
 * suite ends, so suites running side by side do not interleave their lines. `nice`: the suite runs
 * at that lower CPU priority (a background suite that must not slow the one beside it).
 */
function vitest(name, projectRoot, env, { nice } = {}) {
  const slug = name.replace(/\W+/g, '-');
  const report = join(reportsDir, `${slug}.json`);
  const logFile = join(reportsDir, `${slug}.log`);
  const started = Date.now();
  console.log(`> started: ${name}${nice ? ` (nice ${nice})` : ''}`);
  return new Promise((resolveSuite) => {
    const log = openSync(logFile, 'w');
    const command = ['npx', 'vitest', 'run', '--root', projectRoot, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    if (nice) command.unshift('nice', '-n', String(nice));
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      env: { ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', log, log],
    });
    const finish = (status) => {
      closeSync(log);
      console.log(`\n=== ${name} (${Math.round((Date.now() - started) / 1000)} s) ===`);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      let counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
      try {
        const json = JSON.parse(readFileSync(report, 'utf8'));
        counts = {
          passed: json.numPassedTests,
          failed: json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0),
          skipped: json.numPendingTests + json.numTodoTests,
          failures: failedTestsOf(json),
        };
      } catch {
        counts.failed = 1; // the runner itself failed before reporting
      }
      results.push({ name, status, ...counts });
      resolveSuite();
    };
    child.on('error', () => finish(1));
    child.on('exit', (code) => finish(code ?? 1));
  });
}

/**
 * The failed tests of a suite's JSON report, "file › test" and the first lines of why, for the
 * summary: CI shows only the tail of the output, where a suite's own log has scrolled away.
 */
function failedTestsOf(json) {
  return json.testResults.flatMap((file) => {
    const where = relative(root, file.name);
    const tests = file.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => ({ test: `${where} › ${t.fullName}`, why: whyItFailed(t.failureMessages?.[0]) }));
    return tests.length || file.status !== 'failed' ? tests : [{ test: `${where} › the file failed`, why: whyItFailed(file.message) }];
  });
}

/** A failure message's first lines and the test file's line it came from, without colours. */
function whyItFailed(message) {
  if (!message) return '';
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stack = lines.findIndex((line) => line.startsWith('at '));
  const text = lines.slice(0, Math.min(3, stack === -1 ? 3 : stack));
  const at = lines.find((line) => line.startsWith('at ') && /\.test\.tsx?:\d+/.test(line));
  return [...text, ...(at ? [at] : [])].join(' | ').slice(0, 600);
}

const serial = process.env.TEST_SERIAL === '1';
const withoutServerDb = { ...process.env, TEST_DATABASE_URL: '' };
const chromium = findChromium();
if (chromium) ensureBuilt();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const e2eEnv = { ...withoutServerDb, CHROMIUM_PATH: chromium };
// With both server suites, the files whose subject is not the database run once, in the PostgreSQL
// suite (apps/server/vitest.config.ts, DATABASE_AGNOSTIC).
const pgliteEnv = onPostgres ? { ...withoutServerDb, TEST_DATABASE_AGNOSTIC_ELSEWHERE: '1' } : withoutServerDb;

if (serial) {
  await vitest('web app components', 'apps/web', withoutServerDb);
  await vitest('web-chat widget', 'apps/widget', withoutServerDb);
  await vitest('server on embedded PGlite', 'apps/server', pgliteEnv);
  if (onPostgres) await vitest('server on PostgreSQL', 'apps/server', process.env);
  if (chromium) await vitest('end-to-end in Chromium', 'e2e', e2eEnv);
} else {
  // Suites that share nothing (each test file has its own database and server port) run side by
  // side, keeping both cores busy while one waits on the database, a socket or a child server:
  // - the two server suites together, from the start;
  // - the browser tests once both server suites are done, never beside one: their clicks wait on a
  //   product that a server suite beside them would slow past the tests' timeouts (a flow's publish
  //   in the builder missed its 15 s beside the PostgreSQL suite);
  // - the component tests (CPU only, no product, no timing on a server) from the end of the first
  //   server suite on, beside the rest of the PGlite suite and then the browser tests, at a lower CPU
  //   priority (nice 10): they take the CPU the others leave idle, and yield it when those need it.
  //   Their waits for the screen and their tests get more time (TEST_ASYNC_TIMEOUT_MS, TEST_TIMEOUT_MS)
  //   for the moments they yield: a passing wait still ends as soon as it holds.
  const background = { ...withoutServerDb, TEST_ASYNC_TIMEOUT_MS: '60000', TEST_TIMEOUT_MS: '150000' };
  const pglite = vitest('server on embedded PGlite', 'apps/server', pgliteEnv);
  const postgres = onPostgres ? vitest('server on PostgreSQL', 'apps/server', process.env) : Promise.resolve();
  // From the end of whichever server suite ends first (without PostgreSQL: from the start).
  const components = Promise.race([pglite, postgres]).then(async () => {
    await vitest('web-chat widget', 'apps/widget', background, { nice: 10 });
    await vitest('web app components', 'apps/web', background, { nice: 10 });
  });
  await Promise.all([pglite, postgres]);
  if (chromium) await vitest('end-to-end in Chromium', 'e2e', e2eEnv);
  await components;
}
if (onPostgres) {
  if (!process.env.TEST_REDIS_URL)
    skipped.push('several server processes sharing PostgreSQL + Redis: TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)');
} else {
  skipped.push('server on PostgreSQL: TEST_DATABASE_URL is not set (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)');
}
if (!chromium) skipped.push('end-to-end browser tests: Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)');

const ORDER = ['web app components', 'web-chat widget', 'server on embedded PGlite', 'server on PostgreSQL', 'end-to-end in Chromium'];
console.log('\n=== summary ===');
results.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
for (const r of results) {
  console.log(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
  for (const { test, why } of r.failures) {
    console.log(`       failed: ${test.slice(0, 300)}`);
    if (why) console.log(`         why: ${why}`);
  }
}
for (const s of skipped) console.log(`SKIPPED ${s}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
