/**
 * Issue 12, campaigns "exactly once" with real crashes: bench/campaign.mjs runs the server (bundled
 * here from src/, as apps/server/build.mjs does) as a child process, sends a campaign through the
 * WhatsApp Cloud API simulator, SIGKILLs the server at random moments of the sending and starts it
 * again: on PostgreSQL 2,000 contacts and three kills; on PGlite (slower to send and to restart)
 * 300 contacts and one kill, on the same DATA_DIR.
 * Every number gets exactly one message: a send a kill left ambiguous is flagged `unconfirmed`, then
 * settled by the status callback that names it (the simulator retries a webhook it could not
 * deliver, as Meta does) or, when no callback came within the reconciliation window (the server's
 * SEND_RECONCILE_SECONDS, short here), sent again; the report and the campaign's counters match the
 * simulator's record.
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
  unconfirmed: number;
  unsettled: number;
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
  // Exactly one message per number, with one of the campaign's texts.
  expect(figures.duplicated, why).toBe(0);
  expect(figures.neverReceived, why).toBe(0);
  expect(figures.receivedOnce, why).toBe(figures.contacts);
  expect(figures.received, why).toBe(figures.contacts);
  expect(figures.wrongText, why).toBe(0);
  // Nothing left pending or unconfirmed: every ambiguous send was settled or sent again.
  expect(figures.unconfirmed, why).toBe(0);
  expect(figures.unsettled, why).toBe(0);
  // The report and the counters match what the simulator received.
  expect(figures.report.sent, why).toBe(figures.received);
  expect(figures.report.counters, why).toEqual({ contactCount: figures.contacts, sent: figures.received, notSent: 0 });
  expect(figures.ok, why).toBe(true);
}

/**
 * `reconcile`: how long an unconfirmed send waits for its status callback, counted from the restarted
 * server's listening. A PGlite restart on a loaded machine can answer the simulator's retried
 * callbacks only some 20 seconds after it listens (it replays its WAL and catches up on its jobs): its
 * window is longer, as a real deployment's (SEND_RECONCILE_SECONDS) is longer than both.
 * `--lease 5` (JOB_LEASE_SECONDS): the runner and the sends a kill left running are taken again 5 s
 * after it instead of the default 15 s — the same takeover, a third of the wait (about 30 s less).
 */
const args = (reconcile: number) => ['--down', '1', '--timeout', '420', '--reconcile', String(reconcile), '--lease', '5'];

describe('a campaign through SIGKILLs and restarts', () => {
  // PGlite sends several times slower and restarts slower (it replays its WAL): a smaller campaign, one kill.
  it.runIf(!TEST_DATABASE_URL)(
    'embedded PGlite, 300 contacts, killed once and started again on its DATA_DIR: every number gets exactly one message, the report matches',
    async () => {
      expectOnce(await campaignBench([...args(45), '--contacts', '300', '--kills', '1', '--db', 'embedded']), 1);
    },
    600_000,
  );

  it.runIf(TEST_DATABASE_URL)(
    'PostgreSQL, 2,000 contacts, killed three times and started again: every number gets exactly one message, the report matches',
    async () => {
      const admin = new URL(TEST_DATABASE_URL!);
      admin.pathname = '/postgres';
      expectOnce(
        await campaignBench([...args(20), '--contacts', '2000', '--kills', '3', '--db', 'postgres'], { DATABASE_URL: admin.toString() }),
        3,
      );
    },
    600_000,
  );
});
