import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/sequencer.js';

/**
 * Files whose subject is not the database: provider adapters against their simulators, LLM and bot
 * integrations, spreadsheet parsing, request validation, outbound address checks. Both suites run
 * the same PostgreSQL engine (PGlite is PostgreSQL compiled to WebAssembly); what differs between them
 * is concurrency (one connection against a pool, several processes), and these files do not exercise
 * it. When `npm test` runs both suites it sets TEST_DATABASE_AGNOSTIC_ELSEWHERE on the PGlite suite,
 * and these files run once, in the PostgreSQL suite; without a PostgreSQL server they run on PGlite.
 */
const DATABASE_AGNOSTIC = [
  'test/openapi-bad-input.test.ts',
  // Every route's tenant filter is the same SQL on both engines; the walk checks the routes' own checks.
  'test/openapi-cross-tenant.test.ts',
  // It starts the product on the embedded database whichever suite runs it.
  'test/data-dir.test.ts',
  'src/modules/contacts/contacts-import-files.test.ts',
  'src/modules/channels/adapters/gateway-http.test.ts',
  'src/platform/jobs/define-job.test.ts',
  'src/modules/contacts/phone-number.test.ts',
  'src/modules/channels/adapters/evolution/evolution.test.ts',
  'src/modules/channels/adapters/waba/waba-ambiguous-send.test.ts',
  'src/modules/channels/adapters/waba/waba.test.ts',
  'src/modules/channels/adapters/meow/meow.test.ts',
  'src/modules/channels/adapters/hub/hub.test.ts',
  'src/modules/channels/adapters/telegram/telegram.test.ts',
  'src/modules/channels/adapters/telegram/telegram-polling.test.ts',
  'src/modules/ai-bots/bot-integrations.test.ts',
  'src/modules/ai-bots/ai-bots.test.ts',
  'src/modules/ai-bots/audio.test.ts',
  'src/modules/ai-bots/dialogflow-bot.test.ts',
  'src/modules/channels/channel-addresses.test.ts',
  'src/modules/sms/sms.test.ts',
  'src/modules/tenant-smtp/tenant-smtp.test.ts',
  'src/modules/channels/adapters/whatsapp/whatsapp.test.ts',
  'src/modules/channels/adapters/baileys/baileys.test.ts',
  // Visitors' guards (tokens, sizes, rates, uploads), the call's audio relay, request logging, the heap bound of a launch.
  'src/modules/channels/adapters/webchat/webchat-guards.test.ts',
  'src/modules/calls/call-audio.test.ts',
  'src/platform/observability/request-logging.test.ts',
  'test/server-launch.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_AGNOSTIC_ELSEWHERE === '1' ? DATABASE_AGNOSTIC : [])],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // Each test file gets its own database cloned from the run's migrated template, and its own
    // application (buildApp): state a module keeps in memory lives per application (platform/app-state.ts),
    // so files share a worker's loaded modules instead of importing the server again for each file
    // (that import was most of the suite's time).
    isolate: false,
    sequence: { sequencer: LongestFirstSequencer },
  },
});
