// `npm test`: install what is missing, then run every suite:
//   0. the web app's and the widget's component tests (Vitest + Testing Library in jsdom)
//   1. server unit + integration tests on the embedded database (PGlite)
//   2. the same integration tests on a PostgreSQL server, when TEST_DATABASE_URL is set
//      (and two server processes sharing it through Redis, when TEST_REDIS_URL is set too)
//   3. end-to-end browser tests (playwright-core + Chromium), when Chromium is installed
// Suites that cannot run here are skipped with the reason; the last line sums up every test.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, findChromium, root, run } from './lib.mjs';

ensureInstalled();

const reportsDir = join(root, '.test-tmp', 'reports');
rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

const results = [];
const skipped = [];

function vitest(name, projectRoot, env) {
  console.log(`\n=== ${name} ===`);
  const report = join(reportsDir, `${name.replace(/\W+/g, '-')}.json`);
  const status = run('npx', ['vitest', 'run', '--root', projectRoot, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { env });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts = { passed: json.numPassedTests, failed: json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0), skipped: json.numPendingTests + json.numTodoTests };
  } catch {
    counts.failed = 1; // the runner itself failed before reporting
  }
  results.push({ name, status, ...counts });
}

const withoutServerDb = { ...process.env, TEST_DATABASE_URL: '' };
vitest('web app components', 'apps/web', withoutServerDb);
vitest('web-chat widget', 'apps/widget', withoutServerDb);
vitest('server on embedded PGlite', 'apps/server', withoutServerDb);

if (process.env.TEST_DATABASE_URL) {
  vitest('server on PostgreSQL', 'apps/server', process.env);
  if (!process.env.TEST_REDIS_URL) skipped.push('several server processes sharing PostgreSQL + Redis: TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)');
} else {
  skipped.push('server on PostgreSQL: TEST_DATABASE_URL is not set (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)');
}

const chromium = findChromium();
if (chromium) {
  ensureBuilt();
  vitest('end-to-end in Chromium', 'e2e', { ...withoutServerDb, CHROMIUM_PATH: chromium });
} else {
  skipped.push('end-to-end browser tests: Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)');
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
for (const s of skipped) console.log(`SKIPPED ${s}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
