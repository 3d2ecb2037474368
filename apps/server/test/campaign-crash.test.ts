/**
 * Issue 12, campaigns "exactly once" with real crashes: bench/campaign.mjs runs the server (bundled
 * here from src/, as apps/server/build.mjs does) as a child process, sends a campaign through the
 * WhatsApp Cloud API simulator, SIGKILLs the server at random moments of the sending and starts it
 * again: on PostgreSQL 2,000 contacts and three kills; on PGlite (slower to send and to restart)
 * 300 contacts and one kill, on the same DATA_DIR.
 * Every number gets one message, or none when a kill left its send ambiguous — then it is flagged
 * `unconfirmed` in the report, never resent; no number gets two; the report and the campaign's
 * counters match the simulator's record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForChildProcess, runBenchScript } from './child-bundle.js';
import { TEST_DATABASE_URL } from './databases.js';

let bundle: Awaited<ReturnType<typeof bundleForChildProcess>>;

beforeAll(async () => {
  bundle = await bundleForChildProcess('src/main.ts', 'campaign-crash');
});
afterAll(() => bundle?.remove());

interface Figures {
  contacts: number;
  kills: number;
  received: number;
  receivedOnce: number;
  duplicated: number;
  neverReceived: number;
  neverReceivedFlagged: number;
  unconfirmed: number;
  unconfirmedReceived: number;
  wrongText: number;
  report: { sent: number; byStatus: Record<string, number>; counters: { contactCount: number; sent: number; notSent: number } };
  ok: boolean;
}

function campaignBench(args: string[], env: Record<string, string> = {}): Promise<{ figures: Figures; output: string }> {
  return runBenchScript<Figures>('bench/campaign.mjs', bundle.file, args, env);
}

function expectOnce({ figures, output }: { figures: Figures; output: string }, kills: number) {
  const why = `\n${output}`;
  expect(figures.kills, why).toBe(kills);
  expect(figures.duplicated, why).toBe(0);
  expect(figures.wrongText, why).toBe(0);
  // Each number once, or flagged: nothing silently lost.
  expect(figures.receivedOnce + figures.neverReceived, why).toBe(figures.contacts);
  expect(figures.neverReceivedFlagged, why).toBe(figures.neverReceived);
  expect(figures.unconfirmedReceived, why).toBe(0);
  expect(figures.unconfirmed, why).toBe(figures.neverReceived);
  // The report and the counters match what the simulator received.
  expect(figures.report.sent, why).toBe(figures.receivedOnce);
  expect(figures.report.counters, why).toEqual({ contactCount: figures.contacts, sent: figures.receivedOnce, notSent: 0 });
  expect(figures.ok, why).toBe(true);
}

const args = ['--down', '1', '--timeout', '240'];

describe('a campaign through SIGKILLs and restarts', () => {
  // PGlite sends several times slower and restarts slower (it replays its WAL): a smaller campaign, one kill.
  it.runIf(!TEST_DATABASE_URL)(
    'embedded PGlite, 300 contacts, killed once and started again on its DATA_DIR: no number gets two messages, the report matches',
    async () => {
      expectOnce(await campaignBench([...args, '--contacts', '300', '--kills', '1', '--db', 'embedded']), 1);
    },
    300_000,
  );

  it.runIf(TEST_DATABASE_URL)(
    'PostgreSQL, 2,000 contacts, killed three times and started again: no number gets two messages, the report matches',
    async () => {
      const admin = new URL(TEST_DATABASE_URL!);
      admin.pathname = '/postgres';
      expectOnce(
        await campaignBench([...args, '--contacts', '2000', '--kills', '3', '--db', 'postgres'], { DATABASE_URL: admin.toString() }),
        3,
      );
    },
    300_000,
  );
});
