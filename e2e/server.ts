import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { serverHeapArgs } from '../scripts/server-node-args.mjs';

const root = resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
  /** Ends the process with SIGKILL, as a crash would (its DATA_DIR stays). */
  kill(): Promise<void>;
  /** Starts the product again on the same DATA_DIR and port (after kill). */
  restart(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Runs the built product as `npm start` does (apps/server/dist/main.js, its heap bound) on a fresh
 * embedded database: a copy of the run's migrated one (global-setup.ts), with no tenant yet, so the
 * product's first start creates tenant 1 and the admin. `emptyDataDir` starts it on an empty DATA_DIR
 * instead (the product creates and migrates its database itself, as on a first `npm start`).
 */
export async function startProduct(env: Record<string, string> = {}, { emptyDataDir = false } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-e2e-'));
  if (!emptyDataDir) cpSync(inject('pgdataTemplate'), join(dataDir, 'pgdata'), { recursive: true });
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  const launch = async () => {
    // With npm start's heap bound (scripts/server-node-args.mjs); source maps stay off here.
    child = spawn(
      process.execPath,
      [...serverHeapArgs({ ...process.env, DATABASE_URL: '', ...env }), join(root, 'apps/server/dist/main.js')],
      {
        cwd: root,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        if ((await fetch(`${url}/ready`)).ok) break;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const running = () => child.exitCode === null && child.signalCode === null;
  await launch();
  return {
    url,
    output: () => output,
    async stop() {
      if (running()) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (!running()) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    restart: launch,
  };
}
